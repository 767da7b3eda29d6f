// run-parts.js: one run on a run page, as the playground (app.js) and each
// of compare mode's runs (compare-app.js) make it: a RunController in the
// shell's worker, a RunView on root bound to it, the run's exports
// (exports.js RunExports), its controls wired to the shell's commands
// (zoom, the operator's play pauses the page), its recorder (recorder.js)
// and its failure to the shell's fail. onFrame runs on each of its frames (the page's transport).
import { RunController } from "./run-controller.js";
import { RunView } from "./run-view.js";
import { RunExports } from "./exports.js";
import { RunRecorder } from "./recorder.js";

/**
 * createRunParts makes one run of the page in root.
 * @param {object} shell the page's shell (page-shell.js createPageShell)
 * @param {Element} root the run's [data-run-view]
 * @param {{counters: Element, place?: Element, varianceName?: (ext: string) => string, onFrame: () => void, playground?: boolean}} o
 * (place: where the run's exports go, root unless given; varianceName: the
 * explained variance's file name, the run's own unless given; playground:
 * the playground's one run, whose keys are its own: a recorder row under the
 * exports and the operator's "k best of Q" contrast)
 * @returns {{controller: RunController, view: RunView}}
 */
export function createRunParts(shell, root, { counters, place = root, varianceName, onFrame, playground = false }) {
  const { messages, commands, client } = shell;
  const say = (text) => messages.say(text);
  const onError = (e) => messages.error(e.message);
  const controller = new RunController(client.runHandle());
  const view = new RunView(root, {
    counters,
    onZoom: (on) => commands.set({ zoom: on ? "pop" : "off" }, "controls"),
    onOperatorPlay: () => commands.pause(),
    // the playground's contrast to k = λ: the k best of Q (compare mode's runs keep their keys)
    onKBest: playground ? (k) => commands.set({ pcak: String(k) }, "controls", "pcak to " + k).catch(() => {}) : undefined,
    say,
    onError,
  }).bind(controller);
  const exports = new RunExports(root, { controller, view, say, onError, varianceName }).place(place);
  // the run recorded as a GIF or a video, under its exports (the
  // playground's one run; compare mode's runs play in lockstep instead)
  if (playground) new RunRecorder(exports.row, { controller, view, shell, name: (ext) => exports.name("run." + ext) });
  controller.on("frame", onFrame);
  controller.on("error", ({ error }) => shell.fail(error));
  return { controller, view };
}
