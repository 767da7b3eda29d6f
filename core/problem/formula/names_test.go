package formula

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The loops defName and letName accept exactly what the regexps they
// replace accept.
var (
	defNameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,18}$`)
	letNameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,31}$`)
)

func checkNames(t *testing.T, s string) {
	t.Helper()
	if got, want := defName(s), defNameRE.MatchString(s); got != want {
		t.Errorf("defName(%q) = %v, the regexp %v", s, got, want)
	}
	if got, want := letName(s), letNameRE.MatchString(s); got != want {
		t.Errorf("letName(%q) = %v, the regexp %v", s, got, want)
	}
}

func TestNamesMatchTheirRegexps(t *testing.T) {
	edge := []string{
		"", "a", "Z", "0", "_", "-", "a-", "a_", "a0", "A-b_c9", "@", "[", "`", "{", "a@", "a[", "a`", "a{",
		"a/", "a:", "a\n", "a\x00", "é", "aé", "a\xff", "ab ", " ab", "a-b",
		"abcdefghijklmnopqrs", "abcdefghijklmnopqrst", "a234567890123456789012345678901", "a2345678901234567890123456789012",
		"a23456789012345678901234567890123",
	}
	for _, s := range edge {
		checkNames(t, s)
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "aZz09_-@[`{/:. é\xff"
	for range 30000 {
		b := make([]byte, r.IntN(36))
		for i := range b {
			if r.IntN(4) == 0 {
				b[i] = byte(r.IntN(256))
			} else {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
		}
		checkNames(t, string(b))
	}
}

func FuzzNames(f *testing.F) {
	f.Add("a-b_c")
	f.Add("é")
	f.Fuzz(func(t *testing.T, s string) { checkNames(t, s) })
}
