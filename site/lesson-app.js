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
// lesson values, play and pause do nothing; status() tells the step.
import { PROTOCOL } from "./protocol.js";
import { State, parse, KEYS } from "./state.js";
import { WorkerClient } from "./worker-client.js";
import { LessonView } from "./lesson-view.js";
import { Messages, noticeText } from "./messages.js";
import { connect } from "./embed-api.js";
import { createBatchQueue } from "./page-shell.js";

/** LESSON_KEYS are the lesson's URL keys, in the order the address lists them (Go's: internal/lesson.Keys). */
export const LESSON_KEYS = PROTOCOL.lesson.keys;
const PAGE = KEYS.filter((k) => k.kind !== "run" && k.kind !== "lesson");

const root = document.querySelector("[data-lesson-root]");
const messages = new Messages(document.body);
const client = new WorkerClient();

let page = State.fromHash(location.hash); // the page keys (embed, font)
let values = lessonValues(parse(location.hash)); // the lesson keys, as Go last read them
let frame = null;
let haveLandscape = false;

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

const hrefOf = (lv) => "#" + serialize(lv, page.values);

const view = new LessonView(root, {
  embed: page.ui.embed,
  onStep: (n) => act({ step: String(n) }),
  onK: (k) => act({ pcak: String(k) }),
  onResample: () => act({ seed: String(newSeed()) }),
  onPCAProb: (p) => act({ pcaprob: p }),
  stepHref: (n) => hrefOf(Object.assign({}, values, { step: String(n) })),
  runHref: (hash) => location.pathname + location.search + "#" + hash +
    (page.ui.font !== 1 ? "&font=" + page.ui.font : ""),
});

// newSeed draws a seed for Resample: a new sample, and the address keeps it.
function newSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// ---------- requests: in order, the latest wins ----------
// Every change (a control, a key, the address, the embed API) is a request:
// an object of lesson values, or a function of the values so far (Next:
// step + 1). Requests that arrive while one is in flight are applied
// together, in order, in the next one; so dragging the k slider asks Go
// for the latest k only.
let listNotices = true; // the first request's notices are the address's
const requests = createBatchQueue(ask);

/** request applies a change to the lesson's values; it resolves when shown. */
const request = (change) => requests.request(change);

// ask asks Go for the lesson with a batch of changes and shows it.
async function ask(batch) {
  const want = Object.assign({}, values);
  for (const c of batch) Object.assign(want, typeof c === "function" ? c(want) : c);
  const reply = await client.lesson({ state: want, options: { landscape: !haveLandscape } });
  if (reply.landscape) { view.setLandscape(reply.landscape); haveLandscape = true; }
  values = reply.values;
  frame = reply.frame;
  view.show(frame);
  const st = frame.steps[frame.step - 1];
  document.title = "Fig. 1" + (st.label ? " " + st.label : "") + ": " + st.title + " — pcaplay lesson";
  writeURL();
  if (listNotices) messages.notices(page.notices.concat(reply.notices));
  else if (reply.notices.length) messages.say(reply.notices.map(noticeText).join("; "));
  listNotices = false;
}

/** act is request for the page's own controls: a failure is shown. */
function act(change) { return request(change).catch((e) => messages.error(e.message)); }

/** stepBy moves by d steps from the step the values say (Go clamps). */
const stepBy = (d) => (v) => ({ step: String(Math.max(1, Number(v.step || 1) + d)) });

function writeURL() {
  const h = "#" + serialize(values, page.values);
  if (location.hash !== h) history.replaceState(null, "", h);
}

// applyPage shows the page keys: embed and font.
function applyPage() {
  document.documentElement.classList.add("lesson-mode");
  document.body.classList.toggle("embed", page.ui.embed);
  document.documentElement.style.setProperty("--font", String(page.ui.font));
  root.hidden = false;
}

// ---------- events ----------
document.addEventListener("keydown", (ev) => {
  const t = ev.target;
  if (ev.ctrlKey || ev.metaKey || ev.altKey || !frame) return;
  if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
  if (ev.key === "ArrowRight") { ev.preventDefault(); view.go(frame.step + 1); }
  else if (ev.key === "ArrowLeft") { ev.preventDefault(); view.go(frame.step - 1); }
});
root.addEventListener("click", (ev) => {
  // a step link: the same request as Back and Next (and the address follows)
  const a = ev.target.closest && ev.target.closest("a[data-step]");
  if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  view.go(Number(a.dataset.step));
});
let resizeTimer = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => view.resize(), 50);
});
window.addEventListener("hashchange", () => {
  const all = parse(location.hash);
  if (!("lesson" in all)) return; // boot.js reloads into the playground
  const next = State.fromHash(location.hash);
  const pageChanged = serialize({}, next.values) !== serialize({}, page.values);
  page = next;
  if (pageChanged) { applyPage(); view.setEmbed(page.ui.embed); requestAnimationFrame(() => view.resize()); }
  const lv = lessonValues(all);
  if (serialize(lv, {}) !== serialize(values, {})) {
    // a hand-edited address replaces the lesson's values (missing keys: defaults)
    values = {};
    listNotices = true;
    act(lv);
  }
});

// ---------- boot ----------
applyPage();
const booted = request({});

// ---------- the embed API ----------
// Connected after the first request: calls and messages queued before this
// module ran (embed-early.js) follow it, in order.
const status = () => (frame ? {
  lesson: frame.lesson, step: frame.step, numSteps: frame.numSteps, seed: frame.seed, k: frame.k,
  pcaprob: frame.pcaprob, angleBest: frame.bestFit.angle, angleAll: frame.allFit.angle, running: false,
} : { lesson: values.lesson || "", step: 0, running: false });
const embed = connect({
  play: () => booted,
  pause: () => booted,
  step: () => request(stepBy(1)),
  reset: () => request({ step: "1" }),
  set: (params) => {
    const p = Object.assign({}, params || {});
    const pageChanges = {};
    for (const k of Object.keys(p)) if (!LESSON_KEYS.includes(k)) pageChanges[k] = p[k];
    if (Object.keys(pageChanges).length) {
      page = page.next(pageChanges).state;
      applyPage();
      view.setEmbed(page.ui.embed);
      requestAnimationFrame(() => view.resize());
    }
    return request(lessonValues(p));
  },
  sync: () => requests.sync(),
  status,
  chartInfo: () => ({ landscapeDrawn: root.dataset.drawn !== undefined, points: frame ? frame.x.length / 2 : 0, convergence: 0, window: [-1, 2, -1, 2] }),
});
booted.then(() => embed.ready(status()), (e) => {
  messages.error(e.message);
  embed.failed(e);
});
