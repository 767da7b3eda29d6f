(() => {
  const tb = document.querySelector('[data-role="scoreboard"]'), cells = (tr) => [...tr.cells].map((c) => c.textContent);
  return { head: cells(tb.tHead.rows[0]), rows: [...tb.tBodies[0].rows].map(cells), note: document.querySelector('[data-role="scoreboard-note"]').textContent };
})()
