// pcaplay-deck.js: points every <iframe data-pcaplay-src="#…"> of a
// reveal.js deck at the playground, and plays every <iframe
// data-pcaplay-play> while its slide is shown and pauses it when the
// slide leaves.
//
// The playground's address is written once, in the deck's <meta
// name="pcaplay-playground">; the deck's own address may override it with
// ?playground=URL (another port, another host). Each frame's
// data-pcaplay-src is a page address on it (#embed=1&lesson=fig1&step=3).
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

  // every frame's address: the playground's (the deck's ?playground=, else
  // its meta) and the frame's page address
  const meta = document.querySelector('meta[name="pcaplay-playground"]');
  const playground = new URLSearchParams(location.search).get("playground") || (meta && meta.content) || "";
  document.querySelectorAll("iframe[data-pcaplay-src]").forEach((iframe) => {
    iframe.src = new URL(iframe.dataset.pcaplaySrc, playground).href;
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
