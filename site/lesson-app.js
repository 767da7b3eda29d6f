// lesson-app.js: the page in lesson mode (lesson=fig1 in the address; boot.js
// chooses it). It builds one LessonView, asks the worker's Go module for the
// lesson (the lesson command: internal/lesson behind internal/play) and
// keeps the address in step:
//
//   address / Back, Next, ←, → / step links / k slider / Resample / p
//     └─▶ request(change) (in order; the latest wins) ─▶ worker "lesson" ─▶ LessonView.show
//
// Go reads every lesson value (lesson, step, seed, pcak, pcaprob) and names
// the ones it replaced; the page keys (embed, font) are checked by state.js.
// The embed API works here too: step → next step, reset → step 1, set →
// lesson values, play and pause do nothing; status() tells the step. The
// hand-edited address, the boot and the embed API go through the page
// shell (page-shell.js createModeShell), as every mode's do;
// createLessonPage holds the page's state in one object.
import { PROTOCOL } from "./protocol.js";
import { State, parse, KEYS } from "./state.js";
import { pageClient } from "./worker-client.js";
import { LessonView } from "./lesson-view.js";
import { Messages, noticeText } from "./messages.js";
import { saveOneFile } from "./onefile.js";
import { save, canvasPNG } from "./exports.js";
import { gifSink } from "./recorder.js";
import { createBatchQueue, createModeShell } from "./page-shell.js";

/** LESSON_KEYS are the lesson's URL keys, in the order the address lists them (Go's: internal/lesson.Keys). */
export const LESSON_KEYS = PROTOCOL.lesson.keys;
const PAGE = KEYS.filter((k) => k.kind !== "run" && k.kind !== "lesson");

function lessonValues(all) {
  const v = {};
  for (const k of LESSON_KEYS) if (k in all) v[k] = all[k];
  return v;
}

/** serialize writes the address: the lesson keys, then page keys off their default. */
function serialize(lv, pv) {
  const parts = [];
  const put = (k, v) => parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(String(v)));
  for (const k of LESSON_KEYS) if (k in lv) put(k, lv[k]);
  for (const k of PAGE) if (k.key in pv && String(pv[k.key]) !== k.default) put(k.key, pv[k.key]);
  return parts.join("&");
}

/** stepBy moves by d steps from the step the values say (Go clamps). */
const stepBy = (d) => (v) => ({ step: String(Math.max(1, Number(v.step || 1) + d)) });

/**
 * createLessonPage builds the lesson in root and boots it.
 * @param {{root: Element, win?: Window, messages?: Messages, client?: WorkerClient}} o
 */
export function createLessonPage({ root, win = window, messages = new Messages(win.document.body), client = pageClient() }) {
  const doc = win.document;
  const location = win.location;
  const s = {
    page: State.fromHash(location.hash), // the page keys (embed, font)
    values: lessonValues(parse(location.hash)), // the lesson keys, as Go last read them
    frame: null,
    haveLandscape: false,
    listNotices: true, // the next request's notices are the address's (the first, or a hand-edited one)
    resizeTimer: 0,
    booted: null, // the first request
    exporting: false, // pictures is drawing the steps (act defers changes)
    deferred: null, // the changes act deferred meanwhile
  };

  const hrefOf = (lv) => "#" + serialize(lv, s.page.values);

  const view = new LessonView(root, {
    embed: s.page.ui.embed,
    onStep: (n) => act({ step: String(n) }),
    onK: (k) => act({ pcak: String(k) }),
    onResample: () => act({ seed: String(newSeed()) }),
    onPCAProb: (p) => act({ pcaprob: p }),
    onDownload: () => saveOneFile(win.location.hash, (text) => messages.say(text)),
    onPictures: (kind) => pictures(kind).catch((e) => messages.error("Pictures: " + e.message)),
    stepHref: (n) => hrefOf(Object.assign({}, s.values, { step: String(n) })),
    runHref: (hash) => location.pathname + location.search + "#" + hash +
      (s.page.ui.font !== 1 ? "&font=" + s.page.ui.font : ""),
  });

  // newSeed draws a seed for Resample: a new sample, and the address keeps it.
  function newSeed() {
    const a = new Uint32Array(1);
    win.crypto.getRandomValues(a);
    return a[0];
  }

  // ---------- requests: in order, the latest wins ----------
  // Every change (a control, a key, the address, the embed API) is a request:
  // an object of lesson values, or a function of the values so far (Next:
  // step + 1). Requests that arrive while one is in flight are applied
  // together, in order, in the next one; so dragging the k slider asks Go
  // for the latest k only.
  const requests = createBatchQueue(ask);

  /** request applies a change to the lesson's values; it resolves when shown. */
  const request = (change) => requests.request(change);

  // ask asks Go for the lesson with a batch of changes and shows it.
  async function ask(batch) {
    const want = Object.assign({}, s.values);
    for (const c of batch) Object.assign(want, typeof c === "function" ? c(want) : c);
    const reply = await client.lesson({ state: want, options: { landscape: !s.haveLandscape } });
    if (reply.landscape) { view.setLandscape(reply.landscape); s.haveLandscape = true; }
    s.values = reply.values;
    const frame = reply.frame;
    s.frame = frame;
    view.show(frame);
    const st = frame.steps[frame.step - 1];
    doc.title = "Fig. 1" + (st.label ? " " + st.label : "") + ": " + st.title + " — pcaplay lesson";
    writeURL();
    if (s.listNotices) messages.notices(s.page.notices.concat(reply.notices));
    else if (reply.notices.length) messages.say(reply.notices.map(noticeText).join("; "));
    s.listNotices = false;
  }

  // ---------- the figure as pictures ----------
  // titled draws the figure under a line of its step's label and title, on
  // a canvas of the figure's pixels (its backing store) and that line.
  function titled() {
    const fig = view.el["lesson-canvas"], st = s.frame.steps[s.frame.step - 1];
    const dpr = fig.width / Math.max(1, fig.getBoundingClientRect().width) || 1;
    const line = Math.round(28 * dpr);
    const out = doc.createElement("canvas");
    out.width = fig.width;
    out.height = fig.height + line;
    const g = out.getContext("2d", { willReadFrequently: true });
    g.fillStyle = "#fff";
    g.fillRect(0, 0, out.width, out.height);
    g.fillStyle = "#222";
    g.font = `600 ${Math.round(16 * dpr)}px system-ui, sans-serif`;
    g.textBaseline = "middle";
    g.fillText(((st.label ? st.label + " " : "") + st.title).slice(0, 120), Math.round(8 * dpr), line / 2);
    g.drawImage(fig, 0, line);
    return out;
  }

  /**
   * pictures saves the figure: this step as PNG ("png"), or every step in
   * turn (the lesson goes through them and comes back) as one GIF (the
   * module's gifStart/gifFrame/gifEnd, 2 s a step) or as PNGs in a zip (the
   * module's zip). The file is named by the lesson's state.
   */
  async function pictures(kind) {
    if (!s.frame) return;
    const name = (suffix) => `pcaplay-${s.frame.lesson}-seed${s.frame.seed}-k${s.frame.k}-${suffix}`;
    const painted = () => new Promise((r) => win.requestAnimationFrame(() => r()));
    if (kind === "png") {
      await painted();
      save(await canvasPNG(titled()), name(`step${s.frame.step}.png`));
      return;
    }
    const back = s.frame.step, n = s.frame.numSteps, files = {};
    let gif = null;
    messages.say(`Drawing the ${n} steps…`);
    // The page's own changes while the steps are drawn (Back, Next, a step
    // link, k, a new sample) wait for the end, and the lesson ends where
    // they asked, not back at the step it started from (act).
    s.exporting = true;
    try {
      for (let k = 1; k <= n; k++) {
        await request({ step: String(k) });
        await painted();
        const c = titled();
        if (kind === "zip") {
          files[`step${k}.png`] = new Uint8Array(await (await canvasPNG(c)).arrayBuffer());
          continue;
        }
        if (!gif) gif = await gifSink(client, c.width, c.height, 200);
        await gif.add(c.getContext("2d"));
      }
    } catch (e) {
      if (gif) await gif.cancel();
      throw e;
    } finally {
      const after = Object.assign({ step: String(back) }, s.deferred);
      s.exporting = false;
      s.deferred = null;
      await request(after);
    }
    if (kind === "gif") save(await gif.end(), name("steps.gif"));
    else save(new Blob([(await client.zip({ files })).bytes], { type: "application/zip" }), name("steps.zip"));
    messages.say(`Saved the ${n} steps as ${kind === "gif" ? "one GIF" : "PNGs in a zip"}.`);
  }

  /**
   * act is request for the page's own controls: a failure is shown. While
   * pictures draws the steps, the change waits for its end (the latest
   * value of each key).
   */
  function act(change) {
    if (s.exporting) {
      s.deferred = Object.assign(s.deferred || {}, change);
      return Promise.resolve();
    }
    return request(change).catch((e) => messages.error(e.message));
  }

  // writeURL puts the lesson in the address (the shell's: no history entry)
  const writeURL = () => shell.writeAddress("#" + serialize(s.values, s.page.values));

  // applyPage shows the page keys: embed and font.
  function applyPage() {
    doc.documentElement.classList.add("lesson-mode");
    doc.body.classList.toggle("embed", s.page.ui.embed);
    doc.documentElement.style.setProperty("--font", String(s.page.ui.font));
    root.hidden = false;
  }

  // setPage shows changed page keys (the address, the embed API's set).
  function setPage(page) {
    s.page = page;
    applyPage();
    view.setEmbed(page.ui.embed);
    win.requestAnimationFrame(() => view.resize());
  }

  // ---------- events ----------
  doc.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !s.frame) return;
    if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
    if (ev.key === "ArrowRight") { ev.preventDefault(); view.go(s.frame.step + 1); }
    else if (ev.key === "ArrowLeft") { ev.preventDefault(); view.go(s.frame.step - 1); }
  });
  root.addEventListener("click", (ev) => {
    // a step link: the same request as Back and Next (and the address follows)
    const a = ev.target.closest && ev.target.closest("a[data-step]");
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    view.go(Number(a.dataset.step));
  });
  win.addEventListener("resize", () => {
    win.clearTimeout(s.resizeTimer);
    s.resizeTimer = win.setTimeout(() => view.resize(), 50);
  });

  // a hand-edited address of the lesson (the shell filters the mode)
  function hashchange(hash) {
    const all = parse(hash);
    const next = State.fromHash(hash);
    if (serialize({}, next.values) !== serialize({}, s.page.values)) setPage(next);
    else s.page = next;
    const lv = lessonValues(all);
    if (serialize(lv, {}) !== serialize(s.values, {})) {
      // a hand-edited address replaces the lesson's values (missing keys: defaults)
      s.values = {};
      s.listNotices = true;
      act(lv);
    }
  }

  // ---------- boot: the first request ----------
  function boot() {
    applyPage();
    s.booted = request({});
    s.booted.then(() => shell.booted(status()), (e) => {
      messages.error(e.message);
      shell.bootFailed(e);
    });
    return s.booted;
  }

  // ---------- the embed API ----------
  // Connected after the first request: calls and messages queued before this
  // module ran (embed-early.js) follow it, in order.
  const status = () => (s.frame ? {
    lesson: s.frame.lesson, step: s.frame.step, numSteps: s.frame.numSteps, seed: s.frame.seed, k: s.frame.k,
    pcaprob: s.frame.pcaprob, angleBest: s.frame.bestFit.angle, angleAll: s.frame.allFit.angle, running: false,
  } : { lesson: s.values.lesson || "", step: 0, running: false });
  const embed = {
    play: () => s.booted,
    pause: () => s.booted,
    step: () => request(stepBy(1)),
    reset: () => request({ step: "1" }),
    set: (params) => {
      const p = Object.assign({}, params || {});
      const pageChanges = {};
      for (const k of Object.keys(p)) if (!LESSON_KEYS.includes(k)) pageChanges[k] = p[k];
      if (Object.keys(pageChanges).length) setPage(s.page.next(pageChanges).state);
      return request(lessonValues(p));
    },
    sync: () => requests.sync(),
    status,
    chartInfo: () => ({ landscapeDrawn: root.dataset.drawn !== undefined, points: s.frame ? s.frame.x.length / 2 : 0, convergence: 0, window: [-1, 2, -1, 2] }),
  };

  const shell = createModeShell({ mode: "lesson", win, messages, client, hooks: { hashchange, boot, embed } });
  shell.start().catch(() => {}); // shown, and the embed API's ready rejects
  return shell;
}

// ---------- the page ----------
createLessonPage({ root: document.querySelector("[data-lesson-root]") });
