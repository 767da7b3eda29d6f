// Sets the value of the control sel selects, as a user would: then an
// event of type (input or change) bubbles from it.
(sel, value, type) => {
  const e = document.querySelector(sel);
  e.value = value; e.dispatchEvent(new Event(type, {bubbles: true})); return true;
}
