// The elements of the results an update must keep: the supplement tables,
// their rows and cells, the tests' and the ranking's rows, the convergence
// chart. With mark: marks them, counts from now on the elements added to
// the supplement tables (window.__added), and returns how many there are;
// without: returns [how many there are, how many of them are marked, how
// many elements were added].
(mark) => {
  const all = [...document.querySelectorAll('[data-results-view] table.results-table, table.results-table tr, table.results-table td, [data-role=tests] tr[data-problem], [data-role=rank-total] tbody tr, [data-chart=convergence]')];
  if (!mark) return [all.length, all.filter((e) => e.__inPlace).length, window.__added];
  all.forEach((e) => { e.__inPlace = true; });
  window.__added = 0;
  window.__obs = new MutationObserver((ms) => { for (const m of ms) for (const a of m.addedNodes) if (a.nodeType === 1 && a.closest && a.closest('table.results-table')) window.__added++; });
  window.__obs.observe(document.querySelector('[data-results-view]'), { childList: true, subtree: true });
  return all.length;
}
