// Logs, from now on, the touch, pointer, click and input events the page
// gets (window.__touchLog): their type, pointerType, whether the browser
// made them (isTrusted) and the data-role of the nearest element that has one.
(() => {
  window.__touchLog = [];
  for (const type of ["touchstart", "touchmove", "touchend", "pointerdown", "click", "input", "change"]) {
    document.addEventListener(type, (e) => {
      const r = e.target.closest && e.target.closest("[data-role]");
      window.__touchLog.push({type, pointerType: e.pointerType || "", trusted: e.isTrusted, role: r ? r.dataset.role : ""});
    }, true);
  }
  return true;
})()
