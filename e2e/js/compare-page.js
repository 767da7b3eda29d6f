new Promise((r) => setTimeout(r, 600)).then(() => {
  const ci = window.playground.chartInfo();
  const chart = echarts.getInstanceByDom(document.querySelector('[data-role="compare-chart"]'));
  return {
    hash: location.hash,
    heads: [...document.querySelectorAll(".run-head h2")].map((e) => e.textContent),
    colors: [...document.querySelectorAll(".compare-runs > .run")].map((e) => getComputedStyle(e).borderTopColor),
    series: chart ? chart.getOption().series.map((x) => x.name + " " + x.color) : [],
    rows: document.querySelectorAll('[data-role="scoreboard"] tbody tr').length,
    drawn: ci.runs.map((x) => x.landscapeDrawn),
    windows: ci.runs.map((x) => x.window),
  };
})
