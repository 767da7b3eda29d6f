// Makes calls(window.playground) the moment embed-early.js defines it,
// while the head is parsed and before any module runs.
(calls) => {
  let pg;
  Object.defineProperty(window, "playground", {configurable: true, enumerable: true,
    get() { return pg; },
    set(v) {
      pg = v;
      calls(pg);
    }});
}
