package experiment

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The regexps the loops of records.go replace (kept here, where the
// module does not link them).
var namePatterns = []struct {
	re    *regexp.Regexp
	match func(string) bool
}{
	{regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`), algoName},
	{regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,31}$`), problemName},
	{regexp.MustCompile(`^[A-Za-z0-9_.=,+-]{0,1000}$`), settingsStr},
}

// nameCases are strings at the edges of every class and length.
func nameCases() []string {
	cs := []string{"", "a", "A", "0", "-", "_", "a-", "a_", "aZ", "a0", "pmode", "heco-pde", "C05", "c05", "1a",
		"a b", "a\n", "\na", "é", "aé", "a\xff", "a\x00", "pop=50,f=0.5", "k=v,x=+1.5e-3", "=", "a;b", "a(b)", "Ä",
		strings.Repeat("a", 31), strings.Repeat("a", 32), strings.Repeat("a", 33),
		strings.Repeat("x", 999), strings.Repeat("x", 1000), strings.Repeat("x", 1001), strings.Repeat("é", 16)}
	for c := 0; c < 256; c++ {
		cs = append(cs, string(rune(c)), "a"+string([]byte{byte(c)}), "a"+string(rune(c)))
	}
	return cs
}

func TestNamesMatchTheirRegexps(t *testing.T) {
	cases := nameCases()
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "azAZ09-_.=,+;( \n\xffé"
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, p := range namePatterns {
		for _, s := range cases {
			if got, want := p.match(s), p.re.MatchString(s); got != want {
				t.Errorf("%s on %q: %v, the regexp %v", p.re, s, got, want)
			}
		}
	}
}

func FuzzNamesMatchTheirRegexps(f *testing.F) {
	for _, s := range nameCases() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range namePatterns {
			if got, want := p.match(s), p.re.MatchString(s); got != want {
				t.Errorf("%s on %q: %v, the regexp %v", p.re, s, got, want)
			}
		}
	})
}
