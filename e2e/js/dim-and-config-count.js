document.querySelector('[data-experiment-root] [data-role="dim"]').value + "/" + document.querySelectorAll('[data-role="config"]').length
