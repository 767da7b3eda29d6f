// The page's names (item "names"): the label of CMODE's k and its title,
// the operator's text (its eigenvalues as variances), the tooltips of the
// landscape's caption (g, h), the counter v and the operator's caption
// (k, m, n), and the operator legend's axis entry.
(() => {
  const q = (r) => document.querySelector('[data-role="' + r + '"]');
  const k = document.querySelector('label[for$="-param-k"]');
  return {
    kLabel: k ? k.textContent : "", kTitle: k ? k.title : "",
    opText: q("op-text").textContent,
    landscape: q("landscape-caption").title, v: q("bestv").title, operator: q("operator-caption").title,
    legend: [...document.querySelectorAll(".legend span")].map((s) => s.textContent).join(" | "),
  };
})()
