// The font size in CSS px of the first element that sel selects.
(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)
