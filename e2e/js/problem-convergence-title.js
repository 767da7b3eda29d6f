// Resolves with the title of problem's convergence chart once the results
// view has drawn the charts of problem.
(problem) => new Promise((r) => { const w = () => { const p = document.querySelector('[data-role=problem-charts]'); p.dataset.problem === problem && !p.querySelector('.chart-wait') ? r(echarts.getInstanceByDom(p.querySelector('[data-chart=convergence]')).getOption().title[0].text) : setTimeout(w, 20); }; w(); })
