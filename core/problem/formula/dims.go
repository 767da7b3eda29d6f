package formula

// readsD reports whether some formula of the definition (let, f, g or h)
// reads D: only such a definition is written for any D. One whose
// formulas name x1 … xn alone describes n variables, whatever its box, so
// Compile keeps it at its own dim instead of adding variables nothing
// reads (CEC 2006's g12 at D = 10 would be g12 with seven dead
// variables).
//
// It scans each formula for the name D as the lexer reads names: a run of
// letters, digits and '_' (so "D2" or "1e5" are not D).
func (d *Definition) readsD() bool {
	srcs := append(append(append([]string{d.F}, d.G...), d.H...), d.Let...)
	for _, s := range srcs {
		for i := 0; i < len(s); {
			if !isLetter(s[i]) && !isDigit(s[i]) {
				i++
				continue
			}
			j := i
			for j < len(s) && (isLetter(s[j]) || isDigit(s[j]) || s[j] == '.') {
				j++
			}
			if s[i:j] == "D" {
				return true
			}
			i = j
		}
	}
	return false
}
