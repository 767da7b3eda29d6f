(async () => {
  let blob = null, name = "";
  const create = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (b) => { blob = b; return create.call(URL, b); };
  HTMLAnchorElement.prototype.click = function () { name = this.download; };
  try { document.querySelector('[data-role="download"]').click(); } finally { URL.createObjectURL = create; HTMLAnchorElement.prototype.click = click; }
  return { name, text: blob ? await blob.text() : "" };
})()
