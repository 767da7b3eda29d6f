// boot.js: the page's entry module. It picks the page's mode from the
// address once: the guided lesson when the address has a lesson key
// (lesson-app.js), otherwise the playground (app.js). An address that
// switches mode (the lesson's last step opens the playground; a link back)
// reloads the page, so each mode starts from a clean page.
import { parse } from "./state.js";

const lessonMode = (hash) => "lesson" in parse(hash);
const mode = lessonMode(location.hash);

window.addEventListener("hashchange", () => {
  if (lessonMode(location.hash) !== mode) location.reload();
});

if (mode) import("./lesson-app.js");
else import("./app.js");
