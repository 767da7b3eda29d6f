(async () => {
  for (let i = 0; i < 900 && !window.pcaplayExperiment; i++) await new Promise((r) => setTimeout(r, 100));
  await window.pcaplayExperiment.ready;
  return true;
})()
