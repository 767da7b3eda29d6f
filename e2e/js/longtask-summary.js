(() => {
  const l = window.__e2e.longtasks;
  return {max: l.length ? Math.max(...l) : 0, count: l.length, total: l.reduce((a, x) => a + x, 0), at: window.__e2e.longtaskAt, list: l, err: window.__e2e.longtaskError || ""};
})()
