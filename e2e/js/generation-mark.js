(() => { const s = window.playground.status(); return {gen: s.generation, fes: s.fes, t: performance.now()}; })()
