axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations
  .filter((v) => v.impact === "serious" || v.impact === "critical")
  .map((v) => ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" "))})))
