({checked: document.querySelector('[data-role="zoom"]').checked, hash: location.hash,
  caption: document.querySelector('[data-role="zoom"]').parentElement.textContent})
