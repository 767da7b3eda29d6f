// The cells, row by row, of the total ranks at dim in the results view
// inside scope.
(scope, dim) => [...document.querySelector(scope + ' section[data-dim="' + dim + '"]').querySelectorAll('[data-role=rank-total] tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent))
