new Promise((r) => {
  const k = document.querySelector('[data-lesson-root] [data-role="lesson-k"]');
  const seq = [];
  for (let v = 2; v <= 20; v++) seq.push(v);
  for (let v = 19; v >= 2; v--) seq.push(v);
  let i = 0;
  (function next() {
    if (i === seq.length) { setTimeout(() => r(true), 300); return; }
    k.value = String(seq[i++]); k.dispatchEvent(new Event("input", {bubbles: true}));
    requestAnimationFrame(next);
  })();
})
