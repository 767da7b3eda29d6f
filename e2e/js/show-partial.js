// Shows the records (JSON lines) of CMODE and PMODE as partial results of
// grid, as the experiment view does while runs finish.
(records, grid) => window.pcaplayResults.showPartial({configs: ["cmode", "pmode"]}, records, grid).then(() => true)
