// pcaplay-deck.js: plays every <iframe data-pcaplay-play> of a reveal.js
// deck while its slide is shown and pauses it when the slide leaves.
//
// The playground's handshake: it answers {type: "pcaplay", cmd} messages
// with {type: "pcaplay-status", status}, posts {type: "pcaplay-ready",
// status} to its parent once it is ready, and queues the commands that
// arrive before that. A message posted before the iframe has loaded its
// page would reach the blank document that precedes it and be lost, so a
// command waits for the iframe's load event (or for pcaplay-ready, should
// the load have happened before this script ran); play and pause are
// idempotent, so sending one twice is harmless.
(function () {
  "use strict";
  const frames = new Map(); // iframe → {loaded, want}

  function post(iframe, cmd) {
    iframe.contentWindow.postMessage({ type: "pcaplay", cmd }, "*");
  }

  function command(iframe, cmd) {
    const st = frames.get(iframe);
    st.want = cmd;
    if (st.loaded) post(iframe, cmd);
  }

  function onSlide(event) {
    for (const [iframe] of frames) {
      const shown = event.currentSlide && event.currentSlide.contains(iframe);
      command(iframe, shown ? "play" : "pause");
    }
  }

  document.querySelectorAll("iframe[data-pcaplay-play]").forEach((iframe) => {
    const st = { loaded: false, want: null };
    frames.set(iframe, st);
    iframe.addEventListener("load", () => {
      st.loaded = true;
      if (st.want) post(iframe, st.want);
    });
  });

  window.addEventListener("message", (event) => {
    if (!event.data || event.data.type !== "pcaplay-ready") return;
    for (const [iframe, st] of frames) {
      if (iframe.contentWindow === event.source) {
        st.loaded = true;
        if (st.want) post(iframe, st.want);
      }
    }
  });

  Reveal.on("ready", onSlide);
  Reveal.on("slidechanged", onSlide);
})();
