!!document.documentElement && !document.documentElement.classList.contains("lesson-mode") && document.readyState === "complete"
