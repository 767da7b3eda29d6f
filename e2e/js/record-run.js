// Sets the playground's "Record from the start" row (until FES, every,
// width, panels), clicks its GIF or WebM button and resolves with the file
// the page saved (its pcaplay-export event): name, type, size and the
// bytes as base64.
(format, until, every, width, panels) => new Promise((resolve, reject) => {
  const q = (role) => document.querySelector(`[data-role="${role}"]`);
  const on = async (ev) => {
    window.removeEventListener("pcaplay-export", on);
    const {name, type, blob} = ev.detail;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let bin = "";
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    resolve({name, type, size: blob.size, b64: btoa(bin)});
  };
  window.addEventListener("pcaplay-export", on);
  q("record-until").value = String(until);
  q("record-every").value = String(every);
  q("record-width").value = String(width);
  q("record-panels").value = panels;
  q("record-" + format).click();
  setTimeout(() => reject(new Error("no recording within 240 s")), 240000);
})
