// boot.js: the page's entry module. It picks the page's mode from the
// address once (page-mode.js): the guided lesson when the address has
// a lesson key (lesson-app.js), the experiment view for mode=experiment
// (experiment-app.js), compare mode with compare=2…4 or a prefixed key
// such as b.pca=false (compare-app.js), otherwise the playground (app.js).
// An address that switches mode (the lesson's last step opens the
// playground; "compare PCA on vs off"; a link back) reloads the page, so
// each mode starts from a clean page; a mode switches with page-mode.js's
// leave(). Every mode registers the service worker (sw-register.js: the
// site offline and installable; not from file:// or the one-file page).
import { modeOf, watchMode } from "./page-mode.js";
import "./sw-register.js";

const mode = modeOf(location.hash);
watchMode(mode);

if (mode === "lesson") import("./lesson-app.js");
else if (mode === "experiment") import("./experiment-app.js");
else if (mode === "compare") import("./compare-app.js");
else import("./app.js");
