// state.js: the whole page state is ONE plain object of strings, kept in
// the URL hash as "k1=v1&k2=v2" (TensorFlow Playground style).
//
// Run keys (problem, dim, algo, seed, fes and every algorithm parameter by
// its Param.Key) are checked by the Go module (Sanitize), which knows the
// problems, algorithms and parameter ranges. The page keys below are
// checked here, because the layout needs them before WebAssembly is loaded.
"use strict";

const PCState = (() => {
  const PANELS = ["landscape", "operator", "pcview", "convergence", "controls"];
  // speed 1..10 → generations per second (10: as fast as the worker goes)
  const SPEEDS = [0, 1, 2, 5, 10, 20, 40, 80, 160, 320, Infinity];
  const RUN_KEYS = ["problem", "dim", "algo", "seed", "fes"];
  const PAGE_DEFAULTS = { embed: "0", panels: PANELS.join(","), autoplay: "0", loop: "0", speed: "6", zoom: "off" };
  const PAGE_KEYS = Object.keys(PAGE_DEFAULTS);

  // parse returns the hash as a plain object (later keys win).
  function parse(hash) {
    const out = {};
    const h = (hash || "").replace(/^#/, "");
    if (!h) return out;
    for (const part of h.split("&")) {
      if (!part) continue;
      const i = part.indexOf("=");
      const k = safeDecode(i < 0 ? part : part.slice(0, i)).trim();
      const v = i < 0 ? "" : safeDecode(part.slice(i + 1));
      if (k && !/^(__proto__|constructor|prototype)$/.test(k)) out[k] = v;
    }
    return out;
  }

  function safeDecode(s) {
    try { return decodeURIComponent(s.replace(/\+/g, " ")); } catch (e) { return s; }
  }

  function parseBool(v) {
    const s = String(v).trim().toLowerCase();
    if (["1", "true", "yes", "on"].includes(s)) return true;
    if (["0", "false", "no", "off", ""].includes(s)) return false;
    return null;
  }

  // page checks the page keys of state in place: bad values are replaced by
  // the default and reported. Returns {ui, notices}.
  function page(state) {
    const notices = [];
    const bad = (key, value, message) => notices.push({ key, value, message });
    const ui = {};
    for (const key of ["embed", "autoplay", "loop"]) {
      if (!(key in state)) { state[key] = PAGE_DEFAULTS[key]; ui[key] = false; continue; }
      const b = parseBool(state[key]);
      if (b === null) {
        bad(key, state[key], "want 1 or 0; using 0");
        ui[key] = false;
      } else ui[key] = b;
      state[key] = ui[key] ? "1" : "0";
    }
    ui.speed = 6;
    if ("speed" in state) {
      const n = Number(state.speed);
      if (!Number.isFinite(n) || String(state.speed).trim() === "") {
        bad("speed", state.speed, "want a whole number 1–10; using 6");
      } else {
        const c = Math.min(10, Math.max(1, Math.round(n)));
        if (c !== n) bad("speed", state.speed, "speed must be a whole number in [1, 10]; using " + c);
        ui.speed = c;
      }
    }
    state.speed = String(ui.speed);
    ui.panels = PANELS.slice();
    if ("panels" in state) {
      const want = String(state.panels).split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
      const known = want.filter((p) => PANELS.includes(p));
      const unknown = want.filter((p) => !PANELS.includes(p));
      if (unknown.length) bad("panels", state.panels, "unknown panel " + unknown.join(", ") + " ignored (known: " + PANELS.join(", ") + ")");
      if (known.length) ui.panels = [...new Set(known)];
      else if (!unknown.length && want.length === 0) bad("panels", state.panels, "empty list; showing all panels");
      else bad("panels", state.panels, "no known panel; showing all panels");
    }
    state.panels = ui.panels.join(",");
    // zoom=pop fits the 2-D landscape to the population; off: the box
    ui.zoom = false;
    if ("zoom" in state) {
      const z = String(state.zoom).trim().toLowerCase();
      if (z === "pop") ui.zoom = true;
      else if (z !== "off") bad("zoom", state.zoom, "want pop (zoom to the population) or off; using off");
    }
    state.zoom = ui.zoom ? "pop" : "off";
    return { ui, notices };
  }

  // serialize writes the state as a hash string: run keys first, then the
  // parameters in the given order, then the page keys that differ from
  // their defaults.
  function serialize(state, paramKeys) {
    const parts = [];
    const done = new Set();
    const put = (k) => {
      if (done.has(k) || !(k in state) || state[k] === undefined || state[k] === null) return;
      done.add(k);
      parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(String(state[k])).replace(/%2C/g, ","));
    };
    RUN_KEYS.forEach(put);
    (paramKeys || []).forEach(put);
    for (const k of PAGE_KEYS) {
      if (k in state && String(state[k]) !== PAGE_DEFAULTS[k]) put(k);
    }
    return parts.join("&");
  }

  function write(state, paramKeys) {
    const h = "#" + serialize(state, paramKeys);
    if (location.hash !== h) history.replaceState(null, "", h);
    return h;
  }

  // shareURL returns the page address for state, with extra keys merged in.
  function shareURL(state, paramKeys, extra) {
    const s = Object.assign({}, state, extra || {});
    const base = location.href.replace(/#.*$/, "");
    return base + "#" + serialize(s, paramKeys);
  }

  return { PANELS, SPEEDS, RUN_KEYS, PAGE_KEYS, PAGE_DEFAULTS, parse, page, serialize, write, shareURL, parseBool };
})();
