// The CSS size [width, height] of the canvas sel selects.
(sel) => { const c = document.querySelector(sel); return [c.clientWidth, c.clientHeight]; }
