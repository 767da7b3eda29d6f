// Package protocol is the module's side of the Go↔JS protocol, written
// down once: the table of commands (Commands) that the WebAssembly module
// (pcaplay/wasm) serves over the runs of package play, and the protocol
// as data (Protocol) — the commands, the keys of their requests and
// replies (by the rules of package wire), the error codes and the
// constants the page shares with Go — from which site/protocol.js, the
// page's copy with its client of the commands, is generated
// (ProtocolJS; TestProtocolJS checks the committed file byte for byte).
//
// # Worker messages
//
// The page talks to its Web Worker (site/worker.js, which loads the Go
// module) with requests {id, cmd, ...fields} and gets back either
// {id, ok: true, result} or {id, error: {code, message}}, code one of
// wire.Codes. The commands, their request fields and their replies are the
// table Commands (commands.go); the fields' names and types on the wire are
// their structs' js tags (package wire). Typed arrays in a result are
// transferred, not copied. The worker relays every request to the module
// as it is; before a configure it asks the module which official CEC 2017
// files the run needs (needData), fetches them and hands them over
// (loadData, or dataFailed), so that every run of the page at an official D
// uses the official data (package play's data.go).
//
// Protocol lists each command with its request fields and the type of its
// reply, and the keys of every object type requests and replies carry;
// site/protocol.js has them, JSDoc types of them and the page's client:
// one async function per command.
//
// # The page's embed API (postMessage)
//
// A parent window sends {type: "pcaplay", cmd, params} with cmd one of
// Protocol.Embed.Commands; the page answers every message of that type with
// {type: "pcaplay-status", status}, plus error: {code, message} when the
// command failed or was unknown (wire.CodeUnknownCommand). When it is ready the
// page posts {type: "pcaplay-ready", status} to its parent once. Commands
// that arrive earlier are queued and applied in order.
package protocol
