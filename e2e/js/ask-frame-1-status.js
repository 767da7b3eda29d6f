(document.querySelectorAll("iframe")[1].contentWindow.postMessage({type: "pcaplay", cmd: "status"}, "*"), true)
