package formula

// slot keeps one evaluation state. WebAssembly runs one goroutine at a
// time and switches goroutines only inside a call, so take and give, which
// call nothing, need no atomic operation; Go's atomic operations are calls
// there, and a swap and a compare-and-swap per evaluation cost as much as
// a small formula.
type slot struct{ one *state }

func (p *slot) take() *state {
	s := p.one
	p.one = nil
	return s
}

func (p *slot) give(s *state) bool {
	if p.one != nil {
		return false
	}
	p.one = s
	return true
}
