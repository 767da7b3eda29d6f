// types json into the problem editor as a user does: "custom…" in the
// problem menu, the text, then waits for Go's check to show; returns what
// the editor shows
async (json) => {
  const q = (r) => document.querySelector('[data-role="' + r + '"]');
  const menu = q("problem");
  menu.value = "custom…";
  menu.dispatchEvent(new Event("change"));
  const area = q("problem-json");
  area.value = json;
  area.dispatchEvent(new Event("input"));
  const status = q("problem-check");
  const t0 = Date.now();
  while (status.textContent === "" || status.textContent === "checking…" || status.dataset.ok === "") {
    if (Date.now() - t0 > 20000) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { open: !q("problem-editor").hidden, menu: menu.value, status: status.textContent, ok: status.dataset.ok === "1",
    caret: q("problem-caret").hidden ? "" : q("problem-caret").textContent, useDisabled: q("problem-use").disabled };
}
