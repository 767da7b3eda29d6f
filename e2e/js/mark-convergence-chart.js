(document.querySelector('[data-results-root] [data-chart=convergence]').__liveMark = true, true)
