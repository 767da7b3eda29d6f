// Resolves with the text of the results page's element sel once it
// matches the regular expression re (the eval's timeout bounds the wait).
(sel, re) => new Promise((r) => {
  const want = new RegExp(re);
  const w = () => { const e = document.querySelector(sel); e && !e.hidden && want.test(e.textContent) ? r(e.textContent) : setTimeout(w, 20); };
  w();
})
