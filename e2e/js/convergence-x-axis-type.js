new Promise((r) => { const w = () => { const e = echarts.getInstanceByDom(document.querySelector('[data-chart=convergence]')); e ? r(e.getOption().xAxis[0].type) : setTimeout(w, 20); }; w(); })
