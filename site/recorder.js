// recorder.js: a run recorded as an animated GIF or a WebM video, for slide
// software that cannot hold an iframe. The run starts again from its seed
// and is recorded frame by frame, one frame per `every` generations, not
// per wall-clock tick: each frame is drawn by the page's own views (the
// RunView's canvases, after all their drawing work is done; the
// convergence chart from Go's chart option at 4:3, off screen) and
// composed side by side on one canvas. So the same state gives the
// same frames; the GIF's bytes are made by the module (Go's image/gif,
// export.GIF: palette fitted to the plots, no dithering), the WebM by the
// browser's MediaRecorder on that canvas.
//
// RunRecorder(root, {controller, view, shell}) puts a "Record" row under
// the run's exports: until which FES, every how many generations, the
// width in pixels, the panels, and the buttons GIF, WebM and Stop. A
// recording runs as one of the shell's queued commands, so play, step and
// reset wait for it; Stop ends it early with the frames so far.
import { ERR } from "./protocol.js";
import { save } from "./exports.js";
import { loadCharts } from "./charts.js";

/** LIMITS of a recording: frames (the module refuses more), width in pixels. */
export const LIMITS = { frames: 1000, minWidth: 160, maxWidth: 1920 };

// waitDrawn resolves when the view has drawn everything queued (its Jobs)
// and the browser has painted once more (the charts draw in setOption).
async function waitDrawn(view, win) {
  for (let i = 0; view.busy() && i < 1000; i++) await new Promise((r) => win.setTimeout(r, 0));
  await new Promise((r) => win.requestAnimationFrame(() => r()));
}

/**
 * panelBoxes returns, for each panel element, its canvases and their
 * boxes relative to the union of them (CSS pixels); a panel without a
 * visible canvas is left out.
 */
function panelBoxes(sections) {
  const out = [];
  for (const sec of sections) {
    const parts = [];
    for (const c of sec.querySelectorAll("canvas")) {
      const r = c.getBoundingClientRect();
      if (r.width >= 1 && r.height >= 1) parts.push({ canvas: c, r });
    }
    if (!parts.length) continue;
    const x0 = Math.min(...parts.map((p) => p.r.left)), y0 = Math.min(...parts.map((p) => p.r.top));
    const x1 = Math.max(...parts.map((p) => p.r.right)), y1 = Math.max(...parts.map((p) => p.r.bottom));
    out.push({ parts: parts.map((p) => ({ canvas: p.canvas, x: p.r.left - x0, y: p.r.top - y0, w: p.r.width, h: p.r.height })), w: x1 - x0, h: y1 - y0 });
  }
  return out;
}

/** CHART is the CSS size the convergence chart is drawn at for a recording (4:3). */
const CHART = { w: 640, h: 480 };

/**
 * chartPanel draws the run's convergence chart for a recording: Go's whole
 * chart option (the export "chart", as its PNG export draws it) in an
 * ECharts instance of its own, off screen at 4:3, not the page's wide
 * panel. update() draws the option of the run's frame now.
 */
function chartPanel(controller, doc) {
  const win = doc.defaultView || window;
  if (typeof win.echarts === "undefined") throw new Error("the chart library has not loaded");
  const div = doc.createElement("div");
  div.style.cssText = `position:fixed;left:-20000px;top:0;width:${CHART.w}px;height:${CHART.h}px`;
  doc.body.append(div);
  const chart = win.echarts.init(div, null, { renderer: "canvas" });
  return {
    box: { parts: [{ get canvas() { return div.querySelector("canvas"); }, x: 0, y: 0, w: CHART.w, h: CHART.h }], w: CHART.w, h: CHART.h },
    async update() {
      const e = await controller.handle.exportOf("chart");
      chart.setOption(Object.assign(JSON.parse(e.text), { animation: false, backgroundColor: "#fff" }), { notMerge: true });
    },
    dispose() { chart.dispose(); div.remove(); },
  };
}

/**
 * layoutOf places the panels side by side at one height so that they
 * fill width pixels; the height is even (video encoders want it).
 */
export function layoutOf(boxes, width) {
  const aspect = boxes.reduce((s, b) => s + b.w / b.h, 0);
  const height = Math.max(2, 2 * Math.round(width / aspect / 2));
  let x = 0;
  const placed = boxes.map((b) => {
    const s = height / b.h, w = b.w * s;
    const p = { box: b, x, s };
    x += w;
    return p;
  });
  return { width, height, placed };
}

// compose draws the panels on out's 2-D context g (white background).
function compose(g, layout) {
  g.fillStyle = "#fff";
  g.fillRect(0, 0, layout.width, layout.height);
  for (const { box, x, s } of layout.placed) {
    for (const p of box.parts) g.drawImage(p.canvas, x + p.x * s, p.y * s, p.w * s, p.h * s);
  }
}

/**
 * recordRun records the run of controller (drawn by view) from its start.
 * o: {format: "gif"|"webm", untilFES, every, width, panels (panel
 * names), fps (frames a second of the result), client (the module's
 * client, for GIF), doc, stopped () => bool, onFrame (n, fes) => void}.
 * Resolves with {blob, frames, width, height, fes, full}: full is Go's
 * reason when a GIF reached its limits (the frames before it are saved).
 */
export async function recordRun(controller, view, o) {
  const doc = o.doc || document, win = doc.defaultView || window;
  const every = Math.max(1, Math.floor(o.every || 1));
  const fps = Math.max(1, Math.min(50, o.fps || 10));
  await controller.reset();
  await waitDrawn(view, win);
  if (o.panels.includes("convergence")) await loadCharts(win); // the page loads it after its first landscape
  const chart = o.panels.includes("convergence") ? chartPanel(controller, doc) : null;
  const sections = o.panels.filter((p) => p !== "convergence").map((p) => view.root.querySelector(`[data-panel="${p}"]`)).filter((s) => s && !s.hidden);
  const boxes = panelBoxes(sections);
  if (chart) boxes.push(chart.box);
  if (!boxes.length) throw new Error("nothing to record: none of the panels " + o.panels.join(", ") + " is shown");
  const width = 2 * Math.round(Math.max(LIMITS.minWidth, Math.min(LIMITS.maxWidth, o.width || 640)) / 2);
  const layout = layoutOf(boxes, width);
  const out = doc.createElement("canvas");
  out.width = layout.width;
  out.height = layout.height;
  const g = out.getContext("2d", { willReadFrequently: o.format === "gif" });
  let sink = null, frames = 0, fes = 0, full = "";
  try {
    sink = o.format === "gif" ? await gifSink(o.client, layout.width, layout.height, Math.max(1, Math.round(100 / fps))) : webmSink(out, fps, win);
    for (;;) {
      if (chart) await chart.update();
      compose(g, layout);
      full = (await sink.add(g)) || "";
      if (full) break; // the GIF holds what its limits allow: save that
      frames++;
      fes = controller.frame.status.fes;
      if (o.onFrame) o.onFrame(frames, fes);
      if (controller.done || fes >= o.untilFES || frames >= LIMITS.frames || (o.stopped && o.stopped())) break;
      await controller.step(every);
      await waitDrawn(view, win);
    }
  } catch (e) {
    if (sink) await sink.cancel();
    throw e;
  } finally {
    if (chart) chart.dispose();
  }
  const blob = await sink.end();
  return { blob, frames, width: layout.width, height: layout.height, fes, full };
}

/**
 * gifSink is an animated GIF made by the module (export.GIF: gifStart,
 * gifFrame, gifEnd) from frames of width×height pixels, each shown delay
 * hundredths of a second: add(g) sends the pixels of the 2-D context g,
 * end() resolves with the GIF as a Blob, cancel() drops it. The
 * recording's and the lesson's GIFs (lesson-app.js) are made by it.
 */
export async function gifSink(client, width, height, delay) {
  const id = await client.gifStart({ width, height, delay });
  return {
    // add resolves with "" when the frame was added, or with Go's reason
    // when the GIF is full (ERR.FULL: the frame was not added, the GIF
    // can still be ended)
    add: async (g) => {
      const px = g.getImageData(0, 0, width, height).data;
      try {
        await client.gifFrame({ gif: id, rgba: new Uint8Array(px.buffer, px.byteOffset, px.byteLength) });
        return "";
      } catch (e) {
        if (e && e.code === ERR.FULL) return e.message;
        throw e;
      }
    },
    end: async () => new Blob([(await client.gifEnd({ gif: id })).bytes], { type: "image/gif" }),
    cancel: () => client.gifEnd({ gif: id, cancel: true }).catch(() => {}),
  };
}

// webmSink records the canvas with MediaRecorder, one requested frame per
// frame, each held 1/fps s (the video's timestamps are the recorder's clock).
function webmSink(canvas, fps, win) {
  const MR = win.MediaRecorder;
  if (!MR || !canvas.captureStream) throw new Error("this browser cannot record video (no MediaRecorder): record a GIF instead");
  const type = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"].find((t) => MR.isTypeSupported(t));
  if (!type) throw new Error("this browser cannot record WebM video: record a GIF instead");
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0];
  const rec = new MR(stream, { mimeType: type, videoBitsPerSecond: 4e6 });
  const chunks = [];
  rec.ondataavailable = (e) => { if (e.data && e.data.size) chunks.push(e.data); };
  rec.start();
  const hold = () => new Promise((r) => win.setTimeout(r, 1000 / fps));
  const stopped = () => new Promise((r) => { rec.onstop = () => r(); rec.stop(); });
  return {
    add: async () => { track.requestFrame(); await hold(); },
    end: async () => { await stopped(); track.stop(); return new Blob(chunks, { type: "video/webm" }); },
    cancel: async () => { await stopped(); track.stop(); },
  };
}

function field(doc, label, input) {
  const l = doc.createElement("label");
  l.append(label + " ", input);
  return l;
}

function numberInput(doc, role, value, min, max, title) {
  const i = doc.createElement("input");
  i.type = "number";
  i.min = String(min);
  i.max = String(max);
  i.value = String(value);
  i.dataset.role = role;
  i.title = title;
  i.className = "record-number";
  i.style.width = "6.5em";
  return i;
}

/**
 * RunRecorder is the "Record" row of a run view: it records the run with
 * recordRun as one of shell's queued commands.
 */
export class RunRecorder {
  /**
   * @param {Element} place where the row goes (after it)
   * @param {{controller: any, view: any, shell: any, name: (ext: string) => string}} opts
   */
  constructor(place, { controller, view, shell, name }) {
    const doc = place.ownerDocument;
    this.controller = controller;
    this.view = view;
    this.shell = shell;
    this.name = name;
    this.stop = false;
    const row = doc.createElement("div");
    row.className = "row exports-row record-row";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", "record the run as a GIF or a video");
    this.until = numberInput(doc, "record-until", 2000, 1, 1e8, "the recording ends at this FES (or at the run's end)");
    this.every = numberInput(doc, "record-every", 1, 1, 1000, "one frame every this many generations");
    this.width = numberInput(doc, "record-width", 640, LIMITS.minWidth, LIMITS.maxWidth, "the width of the recording in pixels");
    this.what = doc.createElement("select");
    this.what.dataset.role = "record-panels";
    this.what.title = "the panels recorded, side by side";
    this.what.setAttribute("aria-label", "the panels recorded");
    for (const [v, t] of [["plane,convergence", "landscape + convergence"], ["plane", "landscape"], ["plane,operator", "landscape + operator"], ["convergence", "convergence"]]) {
      const opt = doc.createElement("option");
      opt.value = v;
      opt.textContent = t;
      this.what.append(opt);
    }
    const b = (text, role, title, fn) => {
      const x = doc.createElement("button");
      x.type = "button";
      x.textContent = text;
      x.dataset.role = role;
      x.title = title;
      x.className = "export";
      x.onclick = fn;
      return x;
    };
    this.gif = b("GIF", "record-gif", "Record the run from its start as an animated GIF (one frame per generation step)", () => this.record("gif"));
    this.webm = b("WebM", "record-webm", "Record the run from its start as a WebM video (one frame per generation step)", () => this.record("webm"));
    this.stopBtn = b("Stop", "record-stop", "Stop the recording here and save what it has", () => { this.stop = true; });
    this.stopBtn.disabled = true;
    const label = doc.createElement("span");
    label.textContent = "Record from the start:";
    row.append(label, field(doc, "until FES", this.until), field(doc, "every", this.every), field(doc, "gen., width", this.width),
      this.what, this.gif, this.webm, this.stopBtn);
    place.after(row);
    this.row = row;
  }

  /** panels are the panel names of the choice: "plane" is the landscape at D = 2, the PC view else. */
  panels() {
    const plane = this.view.dim > 2 ? "pcview" : "landscape";
    return this.what.value.split(",").map((p) => (p === "plane" ? plane : p));
  }

  record(format) {
    const say = (t) => this.shell.messages.say(t);
    const until = Number(this.until.value), every = Number(this.every.value), width = Number(this.width.value);
    for (const [input, v, what, min, max] of [[this.until, until, "until FES", 1, 1e8], [this.every, every, "every", 1, 1000],
      [this.width, width, "width", LIMITS.minWidth, LIMITS.maxWidth]]) {
      // what the field holds, as typed: a number field's value is "" for
      // text that is no number (validity.badInput), which Number reads as 0
      const bad = input.validity && input.validity.badInput;
      if (bad || input.value.trim() === "" || !Number.isInteger(v) || v < min || v > max) {
        const shown = bad || input.value.trim() === "" ? "not a number" : JSON.stringify(input.value);
        say(`Recording: ${what} = ${shown}: want a whole number in [${min}, ${max}].`);
        return Promise.resolve(null);
      }
    }
    this.stop = false;
    // the play loop stops first (a queued pause), then the recording runs
    this.shell.commands.pause().catch(() => {});
    return this.shell.enqueue(async () => {
      this.setBusy(true);
      try {
        const r = await recordRun(this.controller, this.view, {
          format, untilFES: until, every, width, panels: this.panels(), client: this.shell.client,
          doc: this.row.ownerDocument, stopped: () => this.stop,
          onFrame: (n, fes) => { if (n % 10 === 1) say(`Recording ${format.toUpperCase()}: frame ${n}, FES ${fes}…`); },
        });
        save(r.blob, this.name(format));
        say(`Recorded ${r.frames} frames of ${r.width}×${r.height} pixels up to FES ${r.fes} as ${format.toUpperCase()}` +
          (r.full ? `, and stopped there: the GIF is full (${r.full}); a smaller width or a larger "every" records more of the run.` : "."));
        return r;
      } catch (e) {
        this.shell.messages.error("Recording: " + e.message);
        return null;
      } finally {
        this.setBusy(false);
      }
    });
  }

  setBusy(on) {
    this.gif.disabled = on;
    this.webm.disabled = on;
    this.stopBtn.disabled = !on;
  }
}
