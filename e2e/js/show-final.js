// Shows the records (JSON lines) of CMODE and PMODE as the final results,
// keeping the elements of the partial results shown, as the experiment
// view does when every run is in.
(records) => window.pcaplayResults.show({configs: ["cmode", "pmode"]}, records, {keep: true}).then(() => true)
