// Scrolls the element sel selects to the middle of the viewport and returns
// its box in viewport CSS pixels (where Input.dispatchTouchEvent aims).
(sel) => {
  const e = document.querySelector(sel);
  e.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
  const r = e.getBoundingClientRect();
  return {x: r.left, y: r.top, w: r.width, h: r.height, vw: innerWidth, vh: innerHeight};
}
