// Presses key on the page (a keydown event that bubbles from the body).
(key) => (document.body.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true})), true)
