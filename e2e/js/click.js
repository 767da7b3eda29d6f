// Clicks the element sel selects.
(sel) => (document.querySelector(sel).click(), true)
