// Resolves ms milliseconds after the second animation frame from now (the
// page has laid out and drawn what it was asked to).
(ms) => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(true), ms))))
