// main.js: controls, the play loop, the embed API (window.playground and
// postMessage). Heavy work happens in worker.js; this thread only draws.
"use strict";

(() => {
  const $ = (s) => document.querySelector(s);
  const fmt = PCDraw.fmt;

  // ---------- worker ----------
  let worker = null;
  let seq = 0;
  const waiting = new Map();
  function startWorker() {
    if (worker) worker.terminate();
    for (const w of waiting.values()) w.reject(new Error("worker restarted"));
    waiting.clear();
    worker = new Worker("worker.js");
    worker.onmessage = (ev) => {
      const m = ev.data, w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.error) {
        const e = new Error(m.error);
        e.exited = m.exited;
        w.reject(e);
      } else w.resolve(m.result);
    };
    worker.onerror = (ev) => {
      showError("worker: " + (ev.message || "failed to start"));
      for (const w of waiting.values()) w.reject(new Error(ev.message || "worker error"));
      waiting.clear();
    };
  }
  function call(cmd, msg) {
    return new Promise((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      worker.postMessage(Object.assign({ id, cmd }, msg || {}));
    });
  }
  // every operation on the run is queued, so steps, resets and settings
  // are applied in order
  let queue = Promise.resolve();
  function enqueue(fn) {
    const p = queue.then(fn);
    queue = p.catch(() => {});
    return p;
  }

  // ---------- state ----------
  let state = PCState.parse(location.hash); // one plain object
  let ui = PCState.page(state);
  const urlNotices = ui.notices;
  ui = ui.ui;
  let catalog = null;
  let run = null; // {config, params, lower, upper, numIneq, numEq}
  let paramKeys = [];
  let frame = null; // last applied frame
  let op = null; // last PCA-projection
  let running = false;
  let inflight = false;
  let lastChartAt = 0, lastPCAt = 0;
  let playT0 = 0, playGens = 0;
  let landscapeDrawn = false;
  let convergencePoints = 0;
  let opPhase = -1, opTimer = null, shownPhase = null;

  const convParts = Array.from(document.querySelectorAll("#convergence-chart .part"));
  const landscape = new PCDraw.Plane($("#landscape-canvas"));
  const pcplane = new PCDraw.Plane($("#pcview-canvas"));
  const opplane = new PCDraw.Plane($("#operator-canvas"));

  // setText writes an element's text only when it changed (a write
  // invalidates style and layout; most frames change few of them).
  function setText(el, text) {
    if (typeof el === "string") el = $(el);
    if (el.textContent !== text) el.textContent = text;
  }

  // ---------- messages ----------
  function showNotices(list) {
    const el = $("#notice");
    if (!list.length) { el.hidden = true; el.textContent = ""; return; }
    el.textContent = "";
    const h = document.createElement("b");
    h.textContent = "Some values in the address were not usable and were replaced: ";
    el.append(h);
    const ul = document.createElement("ul");
    for (const n of list) {
      const li = document.createElement("li");
      li.textContent = n.key + (n.value !== "" ? "=" + n.value : "") + ": " + n.message;
      ul.append(li);
    }
    el.append(ul);
    const x = document.createElement("button");
    x.type = "button"; x.className = "close"; x.textContent = "×"; x.title = "dismiss";
    x.onclick = () => { el.hidden = true; };
    el.append(x);
    el.hidden = false;
  }
  let msgTimer = 0;
  function say(text) {
    const el = $("#message");
    el.textContent = text;
    el.hidden = false;
    clearTimeout(msgTimer);
    msgTimer = setTimeout(() => { el.hidden = true; }, 3500);
  }
  function showError(text) {
    const el = $("#error");
    el.textContent = "";
    const s = document.createElement("span");
    s.textContent = "Error: " + text + " — the page still works: change a setting or press reset.";
    el.append(s);
    const x = document.createElement("button");
    x.type = "button"; x.className = "close"; x.textContent = "×"; x.title = "dismiss";
    x.onclick = () => { el.hidden = true; };
    el.append(x);
    el.hidden = false;
  }
  function clearError() { $("#error").hidden = true; }

  // ---------- layout ----------
  function applyLayout() {
    document.body.classList.toggle("embed", ui.embed);
    const dim = run ? Number(run.config.dim) : Number(state.dim) || 2;
    const want = new Set(ui.panels);
    // the "landscape" slot shows the PC view for D > 2 and vice versa
    if (dim > 2 && want.has("landscape")) want.add("pcview");
    if (dim === 2 && want.has("pcview")) want.add("landscape");
    for (const sec of document.querySelectorAll("section[data-panel]")) {
      const p = sec.dataset.panel;
      let show = want.has(p);
      if (p === "landscape" && dim !== 2) show = false;
      if (p === "pcview" && dim === 2) show = false;
      sec.hidden = !show;
    }
    $("#speed").value = ui.speed;
    const r = PCState.SPEEDS[ui.speed];
    $("#speed-label").textContent = r === Infinity ? "max" : r + " gen/s";
    $("#zoom").checked = ui.zoom;
    // ECharts instances are made here (and at load), never during a run
    requestAnimationFrame(() => { PCCharts.flush(); PCCharts.resize(); redrawAll(); });
  }

  // ---------- controls ----------
  function fillSelect(sel, items) {
    sel.textContent = "";
    for (const it of items) {
      if (it.group) {
        const g = document.createElement("optgroup");
        g.label = it.group;
        for (const o of it.items) g.append(option(o));
        sel.append(g);
      } else sel.append(option(it));
    }
  }
  function option(o) {
    const e = document.createElement("option");
    e.value = o.value; e.textContent = o.label; if (o.title) e.title = o.title;
    return e;
  }
  function problemInfo(name) { return catalog.problems.find((p) => p.name === name); }

  function buildStaticControls() {
    const teach = catalog.problems.filter((p) => p.teaching).map((p) => ({ value: p.name, label: p.name, title: p.description }));
    const cec = catalog.problems.filter((p) => !p.teaching).map((p) => ({ value: p.name, label: p.name, title: p.description }));
    fillSelect($("#problem"), [{ group: "2-D teaching problems", items: teach }, { group: "CEC 2017 constrained", items: cec }]);
    fillSelect($("#algo"), catalog.algorithms.map((a) => ({ value: a.name, label: a.title || a.name, title: a.help })));
  }

  function syncControls() {
    const c = run.config;
    $("#problem").value = c.problem;
    const info = problemInfo(c.problem);
    fillSelect($("#dim"), info.dims.map((d) => ({ value: String(d), label: String(d) })));
    $("#dim").value = c.dim;
    $("#problem-help").textContent = info.description + " · " + info.numIneq + " g≤0, " + info.numEq + " h=0";
    $("#algo").value = c.algo;
    const a = catalog.algorithms.find((x) => x.name === c.algo);
    $("#algo-help").textContent = a ? a.help : "";
    $("#seed").value = c.seed;
    $("#budget").value = c.fes;
    buildParams();
  }

  function buildParams() {
    const box = $("#params");
    box.textContent = "";
    const sw = run.params.find((p) => p.key === "pca" && p.kind === "bool");
    $("#pca-switch-wrap").hidden = !sw;
    if (sw) {
      $("#pca-switch").checked = sw.value === "true";
      $("#pca-switch-wrap").title = sw.help;
    }
    for (const p of run.params) {
      if (p === sw) continue;
      const row = document.createElement("div");
      row.className = "param";
      const id = "param-" + p.key;
      const lab = document.createElement("label");
      lab.htmlFor = id;
      lab.textContent = p.key;
      let input;
      if (p.kind === "bool") {
        input = document.createElement("input");
        input.type = "checkbox";
        input.checked = p.value === "true";
      } else if (p.kind === "choice") {
        input = document.createElement("select");
        for (const ch of p.choices || []) input.append(option({ value: ch, label: ch }));
        input.value = p.value;
      } else {
        input = document.createElement("input");
        input.type = "number";
        input.min = p.min; input.max = p.max;
        input.step = p.kind === "int" ? "1" : "any";
        input.value = p.value;
      }
      input.id = id;
      input.dataset.key = p.key;
      input.addEventListener("change", () => {
        const v = input.type === "checkbox" ? String(input.checked) : input.value;
        changeSetting({ [p.key]: v }, p.key + " = " + v);
      });
      const help = document.createElement("span");
      help.className = "help";
      help.textContent = p.help + " (default " + p.default + (p.kind === "int" || p.kind === "float" ? ", " + fmt(p.min) + "…" + fmt(p.max) : "") + ")";
      row.append(lab, input, help);
      box.append(row);
    }
  }

  // changeSetting merges values into the state and starts a new run.
  function changeSetting(values, what, structural) {
    const s = Object.assign({}, state);
    if (structural) for (const k of paramKeys) delete s[k];
    Object.assign(s, values);
    return configure(s, false).then(() => say("Changed " + what + ": the run was reset."));
  }

  // ---------- run ----------
  function configure(s, fromURL) {
    return enqueue(() => configureNow(s, fromURL));
  }
  async function configureNow(s, fromURL) {
    {
      pauseNow();
      let r;
      try {
        r = await call("configure", { state: s, grid: 160, pcGrid: 64, zoom: ui.zoom });
      } catch (e) {
        handleError(e);
        throw e;
      }
      clearError();
      run = r.run;
      paramKeys = run.params.map((p) => p.key);
      // the state: page keys + the sanitized run configuration
      const next = {};
      for (const k of PCState.PAGE_KEYS) if (k in s) next[k] = s[k];
      Object.assign(next, run.config);
      state = next;
      PCState.write(state, paramKeys);
      const notes = (fromURL ? urlNotices : []).concat(run.notices || []);
      if (fromURL) showNotices(notes);
      else if (run.notices && run.notices.length) say(run.notices.map((n) => n.key + "=" + n.value + ": " + n.message).join("; "));
      syncControls();
      applyLayout();
      op = null; opPhase = -1; stopOpPlay();
      const dim = Number(run.config.dim);
      if (dim === 2) setLandscape(r.landscape, true);
      else $("#landscape-caption").textContent = "";
      applyFrame(r.frame, true);
    }
  }

  // setLandscape shows a 2-D contour from Go (on the landscape and the
  // operator planes). now: at once; otherwise the layers are rebuilt in
  // tasks of their own after the frame is drawn.
  function setLandscape(c, now) {
    const apply = (plane) => { plane.setContour(c, ["x1", "x2"]); plane.buildLayer(); };
    if (now) { landscape.setContour(c, ["x1", "x2"]); opplane.setContour(c, ["x1", "x2"]); }
    else {
      later("layer", () => { apply(landscape); drawViews(); });
      later("oplayer", () => { apply(opplane); drawOperatorView(); });
    }
    const lo = run.lower, hi = run.upper;
    const zoom = Math.max(hi[0] - lo[0], hi[1] - lo[1]) / Math.max(c.extent[1] - c.extent[0], c.extent[3] - c.extent[2]);
    setText("#landscape-caption", "— " + c.levels.length + " contour levels" + (c.logScale ? " (log-spaced)" : "") + ", " +
      run.numIneq + " g, " + run.numEq + " h");
    setText("#zoom-factor", zoom > 1.0001 ? "(×" + fmt(zoom) + ")" : "");
  }

  // applyZoom asks the worker for the landscape of the current zoom setting.
  function applyZoom() {
    return enqueue(async () => {
      if (!run || Number(run.config.dim) !== 2) return;
      try {
        const r = await call("view", { zoom: ui.zoom, grid: 160 });
        setLandscape(r.landscape, true);
        drawViews();
      } catch (e) {
        handleError(e);
      }
    });
  }

  function handleError(e) {
    pauseNow();
    if (e && (e.exited || /worker restarted|has stopped/.test(e.message))) {
      showError(e.message);
      startWorker();
    } else showError(e ? e.message : "unknown error");
  }

  // applyFrame shows one frame from the worker: the counters and the
  // points at once; contour layers and charts in later tasks.
  function applyFrame(f, force) {
    frame = f;
    const st = f.status;
    setText("#fes", String(st.fes));
    setText("#maxfes", String(st.maxFES));
    setText("#gen", String(st.generation));
    setText("#bestf", st.feasible ? fmt(st.bestF) : "none feasible");
    setText("#bestv", fmt(st.bestV));
    if (f.op) { op = f.op; if (!opTimer) opPhase = -1; }
    if (f.landscape) setLandscape(f.landscape, force);
    if (f.charts) {
      // the convergence chart's panels, each drawn in a task of its own
      lastChartAt = performance.now();
      convParts.forEach((el, i) => {
        if (el.hidden !== (i >= f.charts.length)) {
          // a panel appears or goes (another algorithm): its instance is
          // made after this layout change, never during a run
          el.hidden = i >= f.charts.length;
          requestAnimationFrame(() => { PCCharts.flush(); PCCharts.resize(); });
        }
        if (i >= f.charts.length) return;
        later("chart" + i, () => {
          const n = PCCharts.set(el, JSON.parse(f.charts[i]));
          if (i === 0) convergencePoints = n;
        });
      });
    }
    if (f.pc) {
      if (f.pc.contour) {
        lastPCAt = performance.now();
        const c = f.pc.contour;
        if (!pcplane.contour || force) pcplane.setContour(c, ["PC1", "PC2"]);
        else {
          // while playing, build the new slice's layer in a task of its own
          later("pclayer", () => {
            pcplane.setContour(c, ["PC1", "PC2"]);
            pcplane.buildLayer();
            drawViews();
          });
        }
      }
      if (f.pc.contour || !running) later("variance", () => PCCharts.set($("#variance-chart"), JSON.parse(f.pc.variance)));
      setText("#pcview-caption", "— generation " + f.pc.generation + ", PC1+PC2 explain " + explained(f.pc.values) + "%");
    }
    drawViews();
    updateButtons();
  }

  // later runs heavy updates (chart options, contour layers) one per task
  // after the frame is drawn, so no single main-thread task does them all;
  // a newer update of the same kind replaces a waiting one. While any is
  // waiting, the play loop asks the worker for no new generations: the
  // machine may have two cores only, and a drawing task that shares its core
  // with the worker takes two to three times longer.
  const jobs = new Map();
  let jobTimer = 0;
  function later(kind, fn) {
    jobs.delete(kind);
    jobs.set(kind, fn);
    if (!jobTimer) jobTimer = setTimeout(runJob, 0);
  }
  function runJob() {
    jobTimer = 0;
    const it = jobs.entries().next();
    if (it.done) return;
    const [kind, fn] = it.value;
    jobs.delete(kind);
    try { fn(); } catch (e) { showError(kind + ": " + e.message); }
    if (jobs.size) jobTimer = setTimeout(runJob, 0);
  }

  function explained(values) {
    let t = 0;
    for (const v of values) t += Math.max(0, v);
    return t > 0 ? (100 * (Math.max(0, values[0]) + Math.max(0, values[1] || 0)) / t).toFixed(1) : "–";
  }

  function drawViews() {
    if (!frame || !run) return;
    const dim = Number(run.config.dim);
    if (dim === 2) {
      landscape.drawPopulation(frame.x, frame.v, frame.best);
      landscapeDrawn = true;
    } else if (frame.pc) {
      pcplane.drawPopulation(frame.pc.coords, frame.pc.v, frame.pc.best);
      landscapeDrawn = true;
    }
    drawOperatorView();
  }
  // redrawAll measures the canvases again and redraws everything (after a
  // layout change or a window resize, not per generation).
  function redrawAll() {
    for (const p of [landscape, pcplane, opplane]) { p.resize(); p.layer = null; }
    drawViews();
  }

  const PHASES = ["select", "principal axes", "project", "reconstruct", "evaluate", "replace"];
  const PHASE_TEXT = [
    "Select: the k best inputs by the feasibility rule (orange squares) define the basis.",
    "Principal axes: the mean m (◆) and the eigenvectors of the covariance of the k selected points, drawn as arrows of length √λ. Kept axes are solid, dropped ones dashed.",
    "Project: y = Vᵀ(x − m), the coordinates of every input on the m kept axes (dotted drops).",
    "Reconstruct: x′ = m + V y, back in the search space (arrows from x to x′).",
    "Evaluate: f and v of each reconstruction (● feasible, × infeasible).",
    "Replace: reconstructions that won a place in the population are ringed in blue.",
  ];
  function drawOperatorView() {
    const sec = document.querySelector('section[data-panel="operator"]');
    if (!run) return;
    const dim = Number(run.config.dim);
    if (shownPhase !== opPhase) {
      shownPhase = opPhase;
      const items = document.querySelectorAll("#op-phases li");
      items.forEach((li, i) => li.classList.toggle("on", opPhase < 0 || i <= opPhase));
      items.forEach((li, i) => li.classList.toggle("current", i === opPhase));
    }
    const pcaParam = run.params.find((p) => p.key === "pca");
    if (!op) {
      setText("#operator-caption", "");
      const text = pcaParam && pcaParam.value === "false"
        ? "PCA-projection is switched off for this run: turn it on in Settings."
        : (paramKeys.some((k) => k.startsWith("pca"))
          ? "PCA-projection has not run yet: it runs with a probability per generation. Step or play until it does."
          : "This algorithm has no PCA-projection: choose PMODE or HECO-PDE.");
      setText("#op-text", text);
      if (sec && !sec.hidden) {
        if (dim === 2) {
          opplane.drawPopulation(frame ? frame.x : [], frame ? frame.v : [], frame ? frame.best : null, true);
          opplane.message(text);
        } else {
          opplane.setContour(null, ["PC1 of the selected points", "PC2"]);
          opplane.opKey = null;
          opplane.message(text, true);
        }
      }
      return;
    }
    const n = op.n;
    setText("#operator-caption", "— generation " + op.generation + ": " + op.count + " inputs, k=" + op.k + ", m=" + op.m + ", n=" + n);
    let txt = opPhase < 0 ? "All phases at once. Press “Step into the operator” to play them one by one." : (opPhase + 1) + "/6 " + PHASE_TEXT[opPhase];
    txt += "  λ = " + Array.from(op.values.slice(0, Math.min(n, 5))).map(fmt).join(", ") + (n > 5 ? ", …" : "");
    if (Number(run.config.dim) === 2 && op.m >= 2) txt += "  (m ≥ n: the projection is the identity)";
    setText("#op-text", txt);
    if (!sec || sec.hidden) return;
    let toPlane, pop = null, j2 = 1;
    if (dim === 2) {
      toPlane = (x) => [x[0], x[1]];
      pop = { xy: frame.x };
    } else {
      // the plane through the operator's mean spanned by v1 (kept) and the
      // first dropped axis v_{m+1}: projecting zeroes that coordinate, so
      // the points visibly drop onto the v1 axis (in the v1,v2 plane with
      // m ≥ 2 nothing would move)
      j2 = op.m < n ? op.m : 1;
      const v1 = op.vectors.subarray(0, n), v2 = op.vectors.subarray(j2 * n, (j2 + 1) * n);
      toPlane = (x) => {
        let a = 0, b = 0;
        for (let d = 0; d < n; d++) { const z = x[d] - op.mean[d]; a += v1[d] * z; b += v2[d] * z; }
        return [a, b];
      };
      if (!opplane.opKey || opplane.opKey !== op) {
        let r = 0;
        for (let i = 0; i < op.count; i++) {
          for (const arr of [op.inputs, op.points]) {
            const p = toPlane(arr.subarray(i * n, (i + 1) * n));
            r = Math.max(r, Math.abs(p[0]), Math.abs(p[1]));
          }
        }
        r = Math.max(r, Math.sqrt(Math.max(0, op.values[0]))) * 1.2 || 1;
        opplane.setContour(null);
        opplane.setExtent([-r, r, -r, r], ["v1 (kept)", "v" + (j2 + 1) + (j2 >= op.m ? " (first dropped axis)" : "")]);
        opplane.opKey = op;
      }
    }
    PCDraw.drawOperator(opplane, op, opPhase, toPlane, pop, [0, j2]);
  }

  function setPhase(p) {
    opPhase = p;
    drawOperatorView();
  }
  function stopOpPlay() {
    if (opTimer) clearInterval(opTimer);
    opTimer = null;
    $("#op-play").textContent = "Step into the operator";
  }
  function playOperator() {
    if (opTimer) { stopOpPlay(); return; }
    if (!op) { say("No PCA-projection yet: step or play until one runs."); return; }
    pause();
    setPhase(0);
    $("#op-play").textContent = "Stop";
    opTimer = setInterval(() => {
      if (opPhase >= PHASES.length - 1) { stopOpPlay(); return; }
      setPhase(opPhase + 1);
    }, 1400);
  }

  function updateButtons() {
    const ok = !!run;
    for (const id of ["#play", "#step", "#reset"]) $(id).disabled = !ok;
    setText("#play", running ? "❚❚ Pause" : "▶ Play");
    $("#play").setAttribute("aria-pressed", running ? "true" : "false");
    const done = frame && frame.status.done;
    $("#step").disabled = !ok || done;
  }

  // ---------- play loop ----------
  const CHART_MS = 500; // chart and PC-slice updates while playing
  function play() {
    if (!run || running) return;
    if (frame && frame.status.done) {
      if (ui.loop) { restartLoop(); return; }
      say("The FES budget is used up: press reset to run again, or raise the budget.");
      return;
    }
    running = true;
    stopOpPlay();
    playT0 = performance.now();
    playGens = 0;
    updateButtons();
    requestAnimationFrame(tick);
  }
  function pauseNow() {
    running = false;
    updateButtons();
  }
  function pause() {
    if (!running) return;
    pauseNow();
    // a last, complete chart and PC view
    enqueue(() => stepRaw(0, true));
  }
  function tick(now) {
    if (!running) return;
    requestAnimationFrame(tick);
    if (inflight || jobs.size) return;
    const rate = PCState.SPEEDS[ui.speed];
    let n;
    if (rate === Infinity) n = 100000;
    else {
      const due = Math.floor((now - playT0) * rate / 1000) - playGens;
      if (due < 1) return;
      if (due > rate / 4 + 1) { playT0 = now - (playGens + 1) * 1000 / rate; }
      n = Math.max(1, Math.min(due, Math.ceil(rate / 4)));
    }
    inflight = true;
    // charts and the PC slice at about 2 Hz: the worker runs many
    // generations per frame, the page draws the latest
    const chart = now - lastChartAt > CHART_MS;
    const pc = Number(run.config.dim) > 2 ? (now - lastPCAt > CHART_MS ? 64 : 1) : 0;
    enqueue(async () => {
      if (!running) return;
      try {
        const r = await call("step", { n, maxMs: 20, chart, playing: true, pc });
        playGens += r.frame.applied;
        applyFrame(r.frame);
        if (r.frame.status.done) {
          pauseNow();
          enqueue(() => stepRaw(0, true));
          if (ui.loop) setTimeout(() => { if (!running) restartLoop(); }, 800);
        }
      } catch (e) {
        handleError(e);
      }
    }).finally(() => { inflight = false; });
  }
  function restartLoop() {
    reset().then(() => play());
  }
  async function stepRaw(n, full) {
    const dim = Number(run.config.dim);
    const r = await call("step", { n, chart: full, pc: dim > 2 ? 64 : 0, op: false });
    applyFrame(r.frame, true);
    return r.frame;
  }

  function step() {
    pauseNow();
    stopOpPlay();
    return enqueue(async () => {
      if (!run) throw new Error("not ready");
      try {
        return await stepRaw(1, true);
      } catch (e) {
        handleError(e);
        throw e;
      }
    });
  }

  function reset() {
    pauseNow();
    stopOpPlay();
    return enqueue(async () => {
      if (!run) throw new Error("not ready");
      try {
        const dim = Number(run.config.dim);
        const r = await call("reset", { pc: dim > 2 ? 64 : 0 });
        op = null; opPhase = -1;
        clearError();
        applyFrame(r.frame, true);
      } catch (e) {
        if (e.exited || /stopped|restarted/.test(e.message)) {
          // the module died: a new worker and the same configuration
          startWorker();
          await call("catalog");
          return configureNow(state, false);
        }
        handleError(e);
        throw e;
      }
    });
  }

  // set applies URL keys (run keys reset the run; page keys apply at once)
  function set(params) {
    params = Object.assign({}, params || {});
    const pageVals = {};
    for (const k of PCState.PAGE_KEYS) if (k in params) { pageVals[k] = String(params[k]); delete params[k]; }
    if (Object.keys(pageVals).length) {
      const s = Object.assign({}, state, pageVals);
      const r = PCState.page(s);
      state = s; ui = r.ui;
      if (r.notices.length) say(r.notices.map((n) => n.key + "=" + n.value + ": " + n.message).join("; "));
      applyLayout();
    }
    const structural = ["problem", "dim", "algo"].some((k) => k in params && String(params[k]) !== String(state[k]));
    const s = Object.assign({}, state);
    if (structural) for (const k of paramKeys) if (!(k in params)) delete s[k];
    for (const [k, v] of Object.entries(params)) s[k] = String(v);
    return configure(s, false);
  }

  function status() {
    const st = frame ? frame.status : {};
    return {
      fes: st.fes || 0,
      bestF: st.bestF === undefined ? null : st.bestF,
      bestV: st.bestV === undefined ? null : st.bestV,
      feasible: !!st.feasible,
      running,
      generation: st.generation || 0,
      done: !!st.done,
      maxFES: st.maxFES || 0,
    };
  }

  // ---------- wiring ----------
  function wire() {
    $("#play").onclick = () => (running ? pause() : play());
    $("#step").onclick = () => { step().catch(() => {}); };
    $("#reset").onclick = () => { reset().then(() => say("Run reset (same seed).")).catch(() => {}); };
    $("#speed").oninput = () => {
      ui.speed = Number($("#speed").value);
      state.speed = String(ui.speed);
      playT0 = performance.now(); playGens = 0;
      const r = PCState.SPEEDS[ui.speed];
      $("#speed-label").textContent = r === Infinity ? "max" : r + " gen/s";
      PCState.write(state, paramKeys);
    };
    $("#problem").onchange = () => {
      const info = problemInfo($("#problem").value);
      let dim = Number(state.dim);
      if (!info.dims.includes(dim)) dim = info.teaching ? 2 : (info.dims.includes(dim) ? dim : 2);
      const v = { problem: info.name, dim: String(dim) };
      delete state.fes; // the budget follows the dimension
      changeSetting(v, "problem to " + info.name, true);
    };
    $("#dim").onchange = () => { delete state.fes; changeSetting({ dim: $("#dim").value }, "D to " + $("#dim").value, true); };
    $("#algo").onchange = () => changeSetting({ algo: $("#algo").value }, "algorithm to " + $("#algo").value, true);
    $("#pca-switch").onchange = () => {
      const v = String($("#pca-switch").checked);
      changeSetting({ pca: v }, "PCA-projection " + ($("#pca-switch").checked ? "on" : "off"));
    };
    $("#seed").onchange = () => changeSetting({ seed: $("#seed").value }, "seed to " + $("#seed").value);
    $("#reseed").onclick = () => {
      const s = String(Math.floor(Math.random() * 1e9));
      changeSetting({ seed: s }, "seed to " + s);
    };
    $("#budget").onchange = () => changeSetting({ fes: $("#budget").value }, "FES budget to " + $("#budget").value);
    $("#copy-embed").onclick = () => {
      const url = PCState.shareURL(state, paramKeys, { embed: "1" });
      const snippet = '<iframe src="' + url.replace(/"/g, "&quot;") + '" width="960" height="640" style="border:0" loading="lazy" title="pcaplay: PCA-projection playground"></iframe>';
      copy(snippet, "iframe snippet");
    };
    $("#copy-link").onclick = () => copy(PCState.shareURL(state, paramKeys), "link");
    $("#op-prev").onclick = () => { stopOpPlay(); setPhase(opPhase <= 0 ? 0 : opPhase - 1); };
    $("#op-next").onclick = () => { stopOpPlay(); setPhase(opPhase < 0 ? 0 : Math.min(5, opPhase + 1)); };
    $("#op-all").onclick = () => { stopOpPlay(); setPhase(-1); };
    $("#op-play").onclick = playOperator;
    $("#zoom").onchange = () => {
      ui.zoom = $("#zoom").checked;
      state.zoom = ui.zoom ? "pop" : "off";
      PCState.write(state, paramKeys);
      applyZoom();
    };
    document.addEventListener("keydown", (ev) => {
      const t = ev.target;
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(t.tagName))) return;
      if (ev.key === " " || ev.code === "Space") { ev.preventDefault(); running ? pause() : play(); }
      else if (ev.key === "ArrowRight") { ev.preventDefault(); step().catch(() => {}); }
      else if (ev.key === "r" || ev.key === "R") { reset().catch(() => {}); }
    });
    window.addEventListener("resize", () => { PCCharts.resize(); redrawAll(); });
    window.addEventListener("hashchange", () => {
      // a hand-edited address: apply it like a shared link
      const h = "#" + PCState.serialize(state, paramKeys);
      if (location.hash === h) return;
      const s = PCState.parse(location.hash);
      const r = PCState.page(s);
      ui = r.ui;
      urlNotices.length = 0; urlNotices.push(...r.notices);
      configure(s, true).catch(() => {});
    });
  }

  function copy(text, what) {
    const ta = $("#embed-snippet");
    ta.value = text;
    ta.hidden = false;
    const done = () => say("Copied the " + what + " to the clipboard.");
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => { ta.select(); say("Select and copy the " + what + " below."); });
    } else {
      ta.select();
      try { document.execCommand("copy"); done(); } catch (e) { say("Select and copy the " + what + " below."); }
    }
  }

  // ---------- API ----------
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  window.playground = {
    ready,
    play() { play(); },
    pause() { pause(); },
    step() { return step().then(() => status()); },
    reset() { return reset().then(() => status()); },
    set(params) { return set(params).then(() => status()); },
    status,
    chartInfo() {
      const dim = run ? Number(run.config.dim) : 2;
      return {
        landscapeDrawn,
        points: dim === 2 ? landscape.pointsDrawn : pcplane.pointsDrawn,
        convergence: convergencePoints,
        // the 2-D landscape's window [x0, x1, y0, y1] as drawn
        window: Array.from(landscape.extent),
      };
    },
  };
  window.addEventListener("message", async (ev) => {
    const d = ev.data;
    if (!d || typeof d !== "object" || d.type !== "pcaplay") return;
    try {
      await ready;
      switch (d.cmd) {
        case "play": play(); break;
        case "pause": pause(); break;
        case "step": await step(); break;
        case "reset": await reset(); break;
        case "set": await set(d.params || {}); break;
        case "status": break;
        default: return;
      }
    } catch (e) { /* shown in #error */ }
    if (ev.source && typeof ev.source.postMessage === "function") {
      ev.source.postMessage({ type: "pcaplay-status", status: status() }, ev.origin && ev.origin !== "null" ? ev.origin : "*");
    }
  });

  // ---------- boot ----------
  async function boot() {
    applyLayout();
    wire();
    startWorker();
    try {
      const r = await call("catalog");
      catalog = r.catalog;
      buildStaticControls();
      await configure(state, true);
      $("#loading").hidden = true;
      resolveReady();
      if (ui.autoplay) play();
    } catch (e) {
      $("#loading").textContent = "could not start: " + e.message;
      showError(e.message);
      rejectReady(e);
    }
  }
  ready.catch(() => {});
  boot();
})();
