//go:build !wasm

package formula

import "sync/atomic"

// slot keeps one evaluation state, taken and given back with an atomic
// swap and compare-and-swap.
type slot struct{ one atomic.Pointer[state] }

func (p *slot) take() *state { return p.one.Swap(nil) }

func (p *slot) give(s *state) bool { return p.one.CompareAndSwap(nil, s) }
