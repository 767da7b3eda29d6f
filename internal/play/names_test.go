package play

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The regexps the loops of experimentdef.go and typed.go replace (kept
// here, where the module does not link them).
var (
	configItemRE  = regexp.MustCompile(`^([^:()]*):([^()]*)(?:\(([^\n\r\x{2028}\x{2029}]*)\))?$`)
	configNameRE  = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)
	configKeyRE   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,31}$`)
	configValueRE = regexp.MustCompile(`^[A-Za-z0-9_.+-]{1,40}$`)
	typedColumnRE = regexp.MustCompile(`^formula: (f|g\[\d+\]|h\[\d+\]) at D = \d+: column (\d+):`)
)

// checkNames compares every loop with its regexp on s.
func checkNames(t *testing.T, s string) {
	t.Helper()
	for _, p := range []struct {
		re    *regexp.Regexp
		match func(string) bool
	}{{configNameRE, configName}, {configKeyRE, configKey}, {configValueRE, configValue}} {
		if got, want := p.match(s), p.re.MatchString(s); got != want {
			t.Errorf("%s on %q: %v, the regexp %v", p.re, s, got, want)
		}
	}
	name, algo, params, ok := configItem(s)
	if m := configItemRE.FindStringSubmatch(s); (m != nil) != ok || ok && (m[1] != name || m[2] != algo || m[3] != params) {
		t.Errorf("configItem(%q) = %q, %q, %q, %v; the regexp %q", s, name, algo, params, ok, m)
	}
	f, col, ok := typedColumn(s)
	if m := typedColumnRE.FindStringSubmatch(s); (m != nil) != ok || ok && (m[1] != f || m[2] != col) {
		t.Errorf("typedColumn(%q) = %q, %q, %v; the regexp %q", s, f, col, ok, m)
	}
}

// nameCases are strings at the edges of every pattern.
func nameCases() []string {
	cs := []string{"", "a", "A", "0", "-", "_", ".", "+", "a-", "a_", "aZ", "a0", "pmode", "heco-pde", "1a", "é", "a\xff",
		strings.Repeat("a", 31), strings.Repeat("a", 32), strings.Repeat("a", 33), strings.Repeat("1", 40), strings.Repeat("1", 41),
		"a:pmode", "a:pmode()", "a:pmode(pop=50;f=0.5)", "a:pmode(", "a:pmode)", "a:pmode(x)y", "a:pmode(x\ny)", "a:pmode(x\u2028)",
		"a:pmode(x\u2029)", "a:pmode(x\r)", "a:pmode((x))", "a:pmode(x(y)", "a(:pmode", "a):b", ":", "::", "a:b:c", "a:b:c(d)", "a:(x)",
		" A : PMODE ( pop = 50 ) ", "a:pmode(x)(y)", "a:pmode(\xff)", "a:b\xff(c)",
		"formula: f at D = 2: column 3: x", "formula: g[2] at D = 10: column 7: …", "formula: h[12] at D = 100: column 140:",
		"formula: g[] at D = 2: column 3:", "formula: g[x] at D = 2: column 3:", "formula: g2 at D = 2: column 3:", "formula: g[2 at D = 2: column 3:",
		"formula: k at D = 2: column 3:", "formula: f at D = : column 3:", "formula: f at D = 2: column :", "formula: f at D = 2: column 3",
		"formula: f at D = 2: column 3x:", "formula: ff at D = 2: column 3:", "formula: g", "formula: g[", "formula: g[1", "formula: g[1]",
		"formula: ", "formula:", "formula: f at D = 2", "Formula: f at D = 2: column 3:", "formula: f at D = ٣: column 3:"}
	for c := 0; c < 256; c++ {
		cs = append(cs, string(rune(c)), "a"+string([]byte{byte(c)}), "a:b("+string(rune(c))+")")
	}
	return cs
}

func TestNamesMatchTheirRegexps(t *testing.T) {
	cases := nameCases()
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "Z", "0", "9", "-", "_", ".", "+", ":", "(", ")", ";", "=", " ", "\n", "\r", "\u2028", "\xff", "é",
		"formula: ", "f", "g[", "h[", "12", "]", " at D = ", ": column ", "pmode"}
	for range 30000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		checkNames(t, s)
	}
}

func FuzzNamesMatchTheirRegexps(f *testing.F) {
	for _, s := range nameCases() {
		f.Add(s)
	}
	f.Fuzz(checkNames)
}
