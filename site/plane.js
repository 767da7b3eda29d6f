// plane.js: canvas drawing of a plane (the 2-D decision space, or the plane
// of two principal components): the cached contour layer (iso-lines,
// infeasible region, constraint boundaries, all computed in Go), the
// population on top, and the shapes the operator view uses. Nothing here
// computes an iso-line: it only draws polylines from Go.
import { PROTOCOL } from "./protocol.js";
import { tick } from "./format.js";

const MASK = PROTOCOL.mask, LINE = PROTOCOL.lineKind;

// Okabe–Ito, colour-blind safe
export const C = Object.freeze({
  blue: "#0072B2", vermillion: "#D55E00", green: "#009E73", pink: "#CC79A7",
  orange: "#E69F00", sky: "#56B4E9", yellow: "#F0E442", black: "#000000",
});
// sequential ramp for the f levels (low = dark blue, high = light)
const RAMP = [[8, 48, 107], [33, 102, 172], [67, 147, 195], [146, 197, 222], [209, 229, 240], [235, 235, 235]];
function ramp(t) {
  t = Math.min(1, Math.max(0, t)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(t)), f = t - i;
  const a = RAMP[i], b = RAMP[i + 1];
  return "rgb(" + a.map((x, k) => Math.round(x + f * (b[k] - x))).join(",") + ")";
}
const PAD = { l: 50, r: 14, t: 10, b: 34 }; // l: the least left margin

/** fontScale is the page's text scale (font= in the address, the CSS variable --font). */
export function fontScale() {
  const v = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--font"));
  return v > 0 ? v : 1;
}
/** fontOf is the font of the tick labels at size fs (CSS px). */
const fontOf = (fs) => fs + "px system-ui, sans-serif";

export class Plane {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.layer = null; // offscreen contour layer
    this.contour = null;
    this.extent = [0, 1, 0, 1];
    this.labels = ["x1", "x2"];
    this.pointsDrawn = 0;
    this.padL = PAD.l; // left margin: room for the y tick labels
    this.padB = PAD.b; // bottom margin: the x tick labels and the axis label under them
    this.resize();
  }

  // resize measures the canvas (a layout read): the run view calls it when the
  // layout changes, never per generation.
  resize() {
    const r = this.canvas.getBoundingClientRect();
    const css = Math.max(200, Math.round(r.width || 520));
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const px = Math.round(css * dpr);
    if (this.canvas.width !== px) {
      this.canvas.width = px;
      this.canvas.height = px;
      this.layer = null;
    }
    this.dpr = dpr;
    this.size = css;
    this.fitPad(); // the text scale may have changed too
  }

  // world → css pixel (padL leaves room for the y tick labels)
  px(u) { const [x0, x1] = this.extent; return this.padL + (u - x0) / (x1 - x0) * (this.size - this.padL - PAD.r); }
  py(v) { const [, , y0, y1] = this.extent; return PAD.t + (1 - (v - y0) / (y1 - y0)) * (this.size - PAD.t - this.padB); }

  // setContour caches a contour (from Go) as an offscreen layer.
  setContour(c, labels) {
    this.contour = c;
    if (labels) this.labels = labels;
    if (c) this.extent = Array.from(c.extent);
    this.fitPad();
    this.layer = null;
  }

  setExtent(extent, labels) {
    this.extent = extent;
    if (labels) this.labels = labels;
    this.fitPad();
    this.layer = null;
  }

  // fitPad widens the left margin for long y tick labels (a zoomed
  // window needs more digits), beside the rotated axis label, and the
  // bottom one for the x tick labels above the axis label, both at the
  // page's text scale (font=): the labels never touch the tick numbers.
  fitPad() {
    const g = this.ctx, [x0, x1, y0, y1] = this.extent;
    // the tick labels at the page's text scale, smaller (down to 11 px) in a
    // canvas whose five x labels would not fit side by side at that size
    let fs = Math.round(11 * fontScale()), w = 0;
    g.save();
    for (;;) {
      g.font = fs + "px system-ui, sans-serif";
      w = 0;
      let wx = 0;
      for (let k = 0; k <= 4; k++) {
        w = Math.max(w, g.measureText(tick(y0 + k / 4 * (y1 - y0), y1 - y0)).width);
        wx = Math.max(wx, g.measureText(tick(x0 + k / 4 * (x1 - x0), x1 - x0)).width);
      }
      const plot = this.size - Math.max(PAD.l, Math.ceil(w) + 8 + Math.ceil(fs * 1.4)) - PAD.r;
      if (fs <= 11 || 5 * (wx + fs * 0.6) <= plot + wx) break;
      fs--;
    }
    g.restore();
    this.fs = fs;
    this.padL = Math.max(PAD.l, Math.ceil(w) + 8 + Math.ceil(fs * 1.4));
    this.padB = Math.max(PAD.b, Math.ceil(fs * 2.6) + 6);
  }

  // buildLayer draws the contour, frame and ticks into the offscreen
  // layer (canvases are reused, not made per call).
  buildLayer() {
    const font = fontOf(this.fs || 11);
    const off = this.off || (this.off = document.createElement("canvas"));
    if (off.width !== this.canvas.width || off.height !== this.canvas.height) {
      off.width = this.canvas.width;
      off.height = this.canvas.height;
    }
    const g = off.getContext("2d");
    g.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    g.fillStyle = "#fff";
    g.fillRect(0, 0, this.size, this.size);
    const c = this.contour;
    const L = this.padL, W = this.size - L - PAD.r, H = this.size - PAD.t - this.padB;
    if (c) {
      // infeasible (and outside-the-box) region from the node mask
      const img = this.maskCanvas || (this.maskCanvas = document.createElement("canvas"));
      img.width = c.nx; img.height = c.ny;
      const ig = img.getContext("2d");
      const data = ig.createImageData(c.nx, c.ny);
      for (let j = 0; j < c.ny; j++) {
        for (let i = 0; i < c.nx; i++) {
          const m = c.mask[j * c.nx + i];
          const o = ((c.ny - 1 - j) * c.nx + i) * 4;
          if (m & MASK.outside) { data.data[o] = 90; data.data[o + 1] = 90; data.data[o + 2] = 90; data.data[o + 3] = 150; }
          else if (m & MASK.infeasible) { data.data[o] = 150; data.data[o + 1] = 150; data.data[o + 2] = 150; data.data[o + 3] = 95; }
        }
      }
      ig.putImageData(data, 0, 0);
      g.imageSmoothingEnabled = true;
      // nodes sit on the extent's corners: stretch by half a cell
      const hx = W / (c.nx - 1) / 2, hy = H / (c.ny - 1) / 2;
      g.save();
      g.beginPath(); g.rect(L, PAD.t, W, H); g.clip();
      g.drawImage(img, L - hx, PAD.t - hy, W + 2 * hx, H + 2 * hy);
      // iso-lines of f, then the boundaries g_i = 0 and h_j = 0
      const nl = c.levels.length;
      for (let pass = 0; pass < 2; pass++) {
        for (let p = 0; p + 1 < c.lineStart.length; p++) {
          const kind = c.lineKind[p];
          if ((pass === 0) !== (kind === LINE.level)) continue;
          g.beginPath();
          const a = c.lineStart[p], b = c.lineStart[p + 1];
          for (let q = a; q < b; q++) {
            const x = this.px(c.lines[2 * q]), y = this.py(c.lines[2 * q + 1]);
            if (q === a) g.moveTo(x, y); else g.lineTo(x, y);
          }
          if (kind === LINE.level) {
            g.strokeStyle = ramp(nl > 1 ? c.lineIndex[p] / (nl - 1) : 0.5);
            g.lineWidth = 1;
            g.setLineDash([]);
          } else {
            g.strokeStyle = C.black;
            g.lineWidth = 2;
            g.setLineDash(kind === LINE.h ? [6, 4] : []);
          }
          g.stroke();
        }
      }
      g.setLineDash([]);
      g.restore();
    }
    // frame, ticks, labels
    g.strokeStyle = "#444"; g.lineWidth = 1;
    g.strokeRect(L, PAD.t, W, H);
    g.fillStyle = "#333"; g.font = font;
    const [x0, x1, y0, y1] = this.extent;
    g.textAlign = "center"; g.textBaseline = "top";
    for (let k = 0; k <= 4; k++) {
      const u = x0 + k / 4 * (x1 - x0);
      const t = tick(u, x1 - x0);
      // the last label ends inside the canvas
      g.fillText(t, Math.min(this.px(u), this.size - 2 - g.measureText(t).width / 2), PAD.t + H + 3);
    }
    const fs = this.fs || 11;
    g.fillText(this.labels[0], L + W / 2, PAD.t + H + 5 + Math.ceil(fs * 1.3));
    g.textAlign = "right";
    for (let k = 0; k <= 4; k++) {
      const v = y0 + k / 4 * (y1 - y0);
      // the lowest label sits above the corner, clear of the x axis' first one
      g.textBaseline = k === 0 ? "bottom" : "middle";
      g.fillText(tick(v, y1 - y0), L - 3, this.py(v));
    }
    g.save();
    g.translate(2 + Math.ceil(fs * 0.6), PAD.t + H / 2); g.rotate(-Math.PI / 2);
    g.textAlign = "center"; g.fillText(this.labels[1], 0, 0);
    g.restore();
    this.layer = off;
  }

  // begin draws the cached layer and returns the context for points
  begin() {
    if (!this.layer) this.buildLayer();
    const g = this.ctx;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.drawImage(this.layer, 0, 0);
    g.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    g.save();
    g.beginPath();
    g.rect(this.padL, PAD.t, this.size - this.padL - PAD.r, this.size - PAD.t - this.padB);
    g.clip();
    return g;
  }
  end() { this.ctx.restore(); }

  // drawPopulation: xy flat (u,v) pairs, v = violation per point, best (u,v)
  drawPopulation(xy, viol, best, faded) {
    const g = this.begin();
    const n = viol ? viol.length : 0;
    g.globalAlpha = faded ? 0.35 : 1;
    for (let i = 0; i < n; i++) {
      const x = this.px(xy[2 * i]), y = this.py(xy[2 * i + 1]);
      if (viol[i] > 0) cross(g, x, y, 4, C.vermillion);
      else dot(g, x, y, 3.5, C.blue);
    }
    g.globalAlpha = 1;
    if (best && best.length >= 2) star(g, this.px(best[0]), this.py(best[1]), 9);
    this.end();
    this.pointsDrawn = n;
  }

  // message writes text in a box over what is drawn (fresh: over the
  // contour layer only)
  message(text, fresh) {
    let g;
    if (fresh) g = this.begin();
    else {
      g = this.ctx;
      g.save();
      g.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    }
    // at the scale of the tick labels (fitPad: smaller in a small canvas)
    const fs = Math.round(13 * (this.fs || 11) / 11), lh = Math.round(fs * 1.25);
    g.font = fs + "px system-ui, sans-serif";
    const w = this.size - this.padL - PAD.r - 36;
    const lines = wrap(g, text, 0, 0, w, lh, true); // measure: the box fits the text
    g.fillStyle = "rgba(255,255,255,0.85)";
    g.fillRect(this.padL + 10, PAD.t + 10, this.size - this.padL - PAD.r - 20, lines * lh + 12);
    g.fillStyle = "#222";
    g.textAlign = "left"; g.textBaseline = "top";
    wrap(g, text, this.padL + 18, PAD.t + 16, w, lh);
    this.end();
  }
}

// shapes
export function dot(g, x, y, r, c) { g.fillStyle = c; g.beginPath(); g.arc(x, y, r, 0, 2 * Math.PI); g.fill(); }
export function ring(g, x, y, r, c, w) { g.strokeStyle = c; g.lineWidth = w || 1.5; g.beginPath(); g.arc(x, y, r, 0, 2 * Math.PI); g.stroke(); }
export function cross(g, x, y, r, c) {
  g.strokeStyle = c; g.lineWidth = 2.2; g.beginPath();
  g.moveTo(x - r, y - r); g.lineTo(x + r, y + r); g.moveTo(x - r, y + r); g.lineTo(x + r, y - r); g.stroke();
}
export function square(g, x, y, r, c) { g.strokeStyle = c; g.lineWidth = 2.5; g.strokeRect(x - r, y - r, 2 * r, 2 * r); }
export function diamond(g, x, y, r, c) {
  g.fillStyle = c; g.beginPath(); g.moveTo(x, y - r); g.lineTo(x + r, y); g.lineTo(x, y + r); g.lineTo(x - r, y); g.closePath(); g.fill();
  g.strokeStyle = "#fff"; g.lineWidth = 1.5; g.stroke();
}
export function star(g, x, y, r) {
  g.beginPath();
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + k * Math.PI / 5, rr = k % 2 ? r * 0.45 : r;
    const px = x + rr * Math.cos(a), py = y + rr * Math.sin(a);
    if (k) g.lineTo(px, py); else g.moveTo(px, py);
  }
  g.closePath(); g.fillStyle = C.yellow; g.fill(); g.strokeStyle = C.black; g.lineWidth = 1.5; g.stroke();
}
export function arrow(g, x0, y0, x1, y1, c, w, dash) {
  const dx = x1 - x0, dy = y1 - y0, L = Math.hypot(dx, dy);
  if (!(L > 0.5)) return;
  g.strokeStyle = c; g.fillStyle = c; g.lineWidth = w; g.setLineDash(dash || []);
  g.beginPath(); g.moveTo(x0, y0); g.lineTo(x1, y1); g.stroke(); g.setLineDash([]);
  const h = Math.min(10, 0.4 * L) + w, ux = dx / L, uy = dy / L;
  g.beginPath(); g.moveTo(x1, y1);
  g.lineTo(x1 - h * ux + 0.5 * h * uy, y1 - h * uy - 0.5 * h * ux);
  g.lineTo(x1 - h * ux - 0.5 * h * uy, y1 - h * uy + 0.5 * h * ux);
  g.closePath(); g.fill();
}
/** wrap writes text in lines of at most w pixels and returns their number (measure: only count). */
export function wrap(g, text, x, y, w, lh, measure) {
  let line = "", n = 0;
  for (const word of String(text).split(" ")) {
    const t = line ? line + " " + word : word;
    if (g.measureText(t).width > w && line) {
      if (!measure) g.fillText(line, x, y);
      y += lh; n++; line = word;
    } else line = t;
  }
  if (line) { if (!measure) g.fillText(line, x, y); n++; }
  return n;
}
