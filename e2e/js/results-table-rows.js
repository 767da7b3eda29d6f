// The cells, row by row, of config's supplement table at dim in the
// results view inside scope.
(scope, dim, config) => [...document.querySelector(scope + ' section[data-dim="' + dim + '"]').querySelectorAll('table.results-table[data-config="' + config + '"] tr')].map((tr) => [...tr.children].map((c) => c.textContent))
