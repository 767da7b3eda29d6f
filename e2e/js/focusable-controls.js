[...document.querySelectorAll("button, input, select, textarea, summary, a[href]")]
  // (the controls inside a closed <details> are reached once its summary opens it)
  .filter((e) => !e.disabled && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden" &&
    !e.closest("details:not([open]) > :not(summary)"))
  .map((e) => window.__focusKey(e))
