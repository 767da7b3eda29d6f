[...document.querySelectorAll('table.results-table[data-config=pmode] tr')].map((tr) => [...tr.children].map((c) => c.textContent))
