// The +/−/≈ mark of each problem of the tests at dim in the results view
// inside scope.
(scope, dim) => Object.fromEntries([...document.querySelector(scope + ' section[data-dim="' + dim + '"]').querySelectorAll('[data-role=tests] tr[data-problem]')].map((tr) => [tr.dataset.problem, tr.querySelector('td').dataset.mark]))
