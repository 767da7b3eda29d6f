//go:build js && wasm

package main

import (
	"reflect"
	"syscall/js"

	"pcaplay/internal/play"
	"pcaplay/internal/play/protocol"
	"pcaplay/internal/play/wire"
)

// runs are the module's runs by id (several can live side by side).
var runs = play.NewRuns()

func main() {
	js.Global().Set("pcaplay", API(protocol.Commands()))
	select {}
}

// API returns the object installed as globalThis.pcaplay: one function per
// command of cmds (protocol.Commands, the table), each taking its request
// object and answering its reply, encoded by the js tags (codec_js.go).
// Every function recovers panics and returns {error, code} instead of
// throwing, so a bug in one call never kills the module: the page shows
// the error and a reset builds a fresh run. A failed command returns
// {error, code} too.
func API(cmds []protocol.Command) js.Value {
	host := &protocol.Host{Runs: runs, LinearMemory: linearMemory}
	api := object()
	for _, c := range cmds {
		api.Set(c.Name, dispatch(host, c))
	}
	return api
}

// dispatch returns the function of command c. Its decoder and encoder are
// built on its first call (a starting worker builds none it does not use;
// TestCodecs builds every command's).
func dispatch(h *protocol.Host, c protocol.Command) js.Func {
	var decode func(cmd string, v js.Value) (any, error)
	var encodeReply encoder
	return js.FuncOf(func(_ js.Value, args []js.Value) (res any) {
		defer func() {
			if r := recover(); r != nil {
				res = panicValue(r)
			}
		}()
		if decode == nil {
			decode, encodeReply = requestDecoder(c.Request), encoderOf(c.Reply)
		}
		req := js.Undefined()
		if len(args) > 0 {
			req = args[0]
		}
		r, err := decode(c.Name, req)
		if err != nil {
			return errValue(wire.CodeOf(err), err.Error())
		}
		rep, err := c.Handle(h, r)
		if err != nil {
			return errValue(wire.CodeOf(err), err.Error())
		}
		return encodeReply(reflect.ValueOf(rep))
	})
}

// linearMemory returns the bytes of the module's linear memory, which the
// worker that instantiated the module puts at globalThis.pcaplayModuleMemory
// (a WebAssembly.Memory); 0 without it (the wasm tests under Node).
func linearMemory() int {
	m := js.Global().Get("pcaplayModuleMemory")
	if m.Type() != js.TypeObject {
		return 0
	}
	return m.Get("buffer").Get("byteLength").Int()
}
