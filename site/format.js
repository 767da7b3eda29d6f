// format.js: number and text formatting shared by the views.

/** fmt writes a number for a caption: 4 significant digits, exponent when tiny or huge. */
export function fmt(x) {
  if (x === null || x === undefined || Number.isNaN(x)) return "–";
  if (!Number.isFinite(x)) return x > 0 ? "∞" : "−∞";
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e5)) return x.toExponential(2);
  return String(Number(x.toPrecision(4)));
}

/** tick formats an axis tick with as many digits as the span needs. */
export function tick(x, span) {
  if (Math.abs(x) < span * 1e-9) return "0";
  const a = Math.max(Math.abs(x), span);
  if (a >= 1e5 || a < 1e-3) return x.toExponential(1);
  const d = Math.max(0, Math.min(6, 2 - Math.floor(Math.log10(span))));
  return x.toFixed(d);
}

/**
 * cut returns s when it has at most max characters, else its first max−8
 * followed by "… (N characters)" (as internal/play.Cut does for notices).
 */
export function cut(s, max) {
  s = String(s);
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  return chars.slice(0, Math.max(1, max - 8)).join("") + "… (" + chars.length + " characters)";
}

/** setText writes an element's text only when it changed (a write invalidates layout). */
export function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}
