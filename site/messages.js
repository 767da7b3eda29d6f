// messages.js: the page's three message areas, bound to a root by
// data-role: "notice" (URL values that were replaced, as a list), "error"
// (a failure; the page keeps working) and "message" (a short-lived note).
// Every value echoed is cut (PROTOCOL.limits.echoMax): a 1 MB value in a
// link never becomes 1 MB of text on the page.
import { PROTOCOL } from "./protocol.js";
import { cut, fmt } from "./format.js";

const MAX_NOTICES = 20;

function closeButton(el) {
  const x = document.createElement("button");
  x.type = "button"; x.className = "close"; x.textContent = "×"; x.title = "dismiss";
  x.onclick = () => { el.hidden = true; };
  return x;
}

/**
 * noticeText is one notice as a line: key=value: message. Values are cut
 * where notices are made (Go's Cut, state.js); the bounds here only guard
 * (room for the "… (N characters)" such a cut value ends with).
 */
export function noticeText(n) {
  const max = PROTOCOL.limits.echoMax + 24;
  const v = n.value === undefined || n.value === "" ? "" : "=" + cut(n.value, max);
  return cut(n.key, max) + v + ": " + cut(n.message, 6 * max);
}

/**
 * statusText is a run's status as a sentence for the announced status line:
 * "generation 479, FES 4012 of 40000, best f 7.85e-4, v 0".
 */
export function statusText(st) {
  const f = st.feasible ? fmt(st.bestF) : "none feasible";
  return "generation " + st.generation + ", FES " + st.fes + " of " + st.maxFES + ", best f " + f + ", v " + fmt(st.bestV) +
    (st.done ? ", budget used up" : "");
}

export class Messages {
  constructor(root) {
    const q = (role) => root.querySelector(`[data-role="${role}"]`);
    this.el = { notice: q("notice"), error: q("error"), message: q("message"), live: q("status-live") };
    this.timer = 0;
  }

  /**
   * status puts text in the status line screen readers announce (a polite
   * live region): after a step, a pause, a reset, a new run, the end, never
   * while a run plays (that would be a stream of numbers).
   */
  status(text) {
    if (this.el.live && this.el.live.textContent !== text) this.el.live.textContent = text;
  }

  /** notices shows the replaced URL values (none: hides the area). */
  notices(list) {
    const el = this.el.notice;
    el.textContent = "";
    if (!list.length) { el.hidden = true; return; }
    const h = document.createElement("b");
    h.textContent = "Some values in the address were not usable and were replaced: ";
    el.append(h);
    const ul = document.createElement("ul");
    for (const n of list.slice(0, MAX_NOTICES)) {
      const li = document.createElement("li");
      li.textContent = noticeText(n);
      ul.append(li);
    }
    if (list.length > MAX_NOTICES) {
      const li = document.createElement("li");
      li.textContent = "… and " + (list.length - MAX_NOTICES) + " more";
      ul.append(li);
    }
    el.append(ul, closeButton(el));
    el.hidden = false;
  }

  /** say shows a note for a few seconds. */
  say(text) {
    const el = this.el.message;
    el.textContent = cut(text, 400);
    el.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { el.hidden = true; }, 3500);
  }

  /** error shows a failure; the page still works. */
  error(text) {
    const el = this.el.error;
    el.textContent = "";
    const s = document.createElement("span");
    s.textContent = "Error: " + cut(text, 400) + " — the page still works: change a setting or press reset.";
    el.append(s, closeButton(el));
    el.hidden = false;
  }

  clearError() { this.el.error.hidden = true; }
}
