(async () => {
  const box = document.querySelector('[data-role="embed-snippet"]');
  const take = async (role) => {
    box.value = "";
    document.querySelector('[data-role="' + role + '"]').click();
    for (let i = 0; i < 200 && !box.value; i++) await new Promise((r) => setTimeout(r, 10));
    return box.value;
  };
  return { link: await take("copy-link"), iframe: await take("copy-embed"), href: location.href };
})()
