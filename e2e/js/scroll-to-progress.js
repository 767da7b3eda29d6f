(document.querySelector('[data-experiment-root] [data-role=progress]').scrollIntoView(), true)
