// boot.js: the page's entry module. It picks the page's mode from the
// address once: the guided lesson when the address has a lesson key
// (lesson-app.js), the experiment view for mode=experiment
// (experiment-app.js), otherwise the playground (app.js). An address that
// switches mode (the lesson's last step opens the playground; a link back)
// reloads the page, so each mode starts from a clean page.
import { parse } from "./state.js";

const modeOf = (hash) => {
  const v = parse(hash);
  if ("lesson" in v) return "lesson";
  if (v.mode === "experiment") return "experiment";
  return "playground";
};
const mode = modeOf(location.hash);

window.addEventListener("hashchange", () => {
  if (modeOf(location.hash) !== mode) location.reload();
});

if (mode === "lesson") import("./lesson-app.js");
else if (mode === "experiment") import("./experiment-app.js");
else import("./app.js");
