// Makes calls(window.playground) at DOMContentLoaded: the modules have
// run, the WebAssembly is still loading.
(calls) => document.addEventListener("DOMContentLoaded", () => {
  calls(window.playground);
})
