// Clicks the element of selector and resolves with the file the page
// saved (its pcaplay-export event): name, type, size and the bytes as
// base64.
(selector, seconds) => new Promise((resolve, reject) => {
  const on = async (ev) => {
    window.removeEventListener("pcaplay-export", on);
    const {name, type, blob} = ev.detail;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let bin = "";
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    resolve({name, type, size: blob.size, b64: btoa(bin)});
  };
  window.addEventListener("pcaplay-export", on);
  const el = document.querySelector(selector);
  if (!el) { reject(new Error("no element " + selector)); return; }
  el.click();
  setTimeout(() => reject(new Error(`no file within ${seconds} s`)), seconds * 1000);
})
