window.playground.set({fes: "7000"}).then(() => window.playground.set({dim: "10"})).then(() => true)
