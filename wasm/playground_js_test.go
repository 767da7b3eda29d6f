//go:build js && wasm && pcaplay_playground

package main

import (
	"encoding/json"
	"syscall/js"
	"testing"

	"pcaplay/internal/play/protocol"
)

// The playground's module (the build tag pcaplay_playground, as
// scripts/build-site.sh builds pcaplay.wasm) serves exactly the commands
// the protocol does not mark full: the page sends the others to a worker
// on the full module (site/worker-client.js), and one missing here would
// fail on the playground.
func TestPlaygroundModuleCommands(t *testing.T) {
	var spec protocol.ProtocolSpec
	if err := json.Unmarshal([]byte(js.Global().Get("JSON").Call("stringify", mustOK(t, callAPI(t, "protocol", M{}))).String()), &spec); err != nil {
		t.Fatal(err)
	}
	full := 0
	for _, c := range spec.Commands {
		has := api.Get(c.Name).Type() == js.TypeFunction
		if has == c.Full {
			t.Errorf("command %s: full %v, in the playground's module %v", c.Name, c.Full, has)
		}
		if c.Full {
			full++
		}
	}
	if full == 0 || spec.Modules.Playground != protocol.PlaygroundModule || spec.Modules.Full != protocol.FullModule {
		t.Errorf("%d full-only commands; modules %+v", full, spec.Modules)
	}
}
