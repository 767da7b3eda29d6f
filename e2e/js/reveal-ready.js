new Promise((r) => { const p = () => window.Reveal && Reveal.isReady() ? r(true) : setTimeout(p, 20); p(); })
