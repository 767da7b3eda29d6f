document.querySelector('[data-experiment-root] [data-role="counts"]').textContent + " · " + document.querySelector('[data-experiment-root] [data-role="times"]').textContent
