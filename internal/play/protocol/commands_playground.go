//go:build pcaplay_playground

package protocol

// fullCommands: none in the playground's module (see commands_full.go).
func fullCommands() []Command { return nil }

// fullState: nothing to keep (see commands_full.go).
type fullState struct{}
