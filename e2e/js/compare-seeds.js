// compare mode's seeds (seeds=N): Go's frame over the seeds as chartInfo()
// has it, and what the page shows of it: the win table's cells, the test's
// lines, the note on the runs shown, the run heads, the address.
(() => {
  const info = window.playground.chartInfo().compare;
  // typed arrays (Go's []float64) as plain arrays, for JSON
  const plain = (v) => (ArrayBuffer.isView(v) ? Array.from(v) : Array.isArray(v) ? v.map(plain) : v);
  const seeds = info.seeds && Object.fromEntries(Object.entries(info.seeds).map(([k, v]) => [k, plain(v)]));
  const box = document.querySelector('[data-role="seeds"]');
  const text = (el) => (el ? el.textContent : "");
  const wins = box ? [...box.querySelectorAll('[data-role="wins"] tbody tr')].map((tr) => [...tr.cells].slice(1).map(text)) : [];
  return {
    seeds,
    hidden: !box || box.hidden,
    wins,
    test: text(box && box.querySelector('[data-role="test-name"]')),
    pairs: box ? [...box.querySelectorAll('[data-role="test-pairs"] li')].map(text) : [],
    shown: text(box && box.querySelector('[data-role="seeds-shown"]')),
    heads: [...document.querySelectorAll('[data-role="run-name"]')].map(text),
    hash: location.hash,
  };
})()
