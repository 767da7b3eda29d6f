(async () => {
  const pg = window.playground;
  pg.set({fes: 500});
  await pg.set({pop: 50});
  return true;
})()
