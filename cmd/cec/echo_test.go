package main

import (
	"strings"
	"testing"
)

// A huge value is echoed cut, whatever flag or command it came through:
// the message stays one line of a few hundred bytes, says the value's
// length, and keeps its start and end.
func TestLongValuesEchoedCut(t *testing.T) {
	big := strings.Repeat("a", 30000)
	for _, args := range [][]string{
		{"run", "-algo", big, "-problem", "C01", "-dim", "10", "-runs", "1"},
		{"run", "-algo", "pmode", "-problem", big, "-dim", "10", "-runs", "1"},
		{"run", "-algo", "pmode", "-problem", "C01", "-dim", "10", "-runs", "1", "-set", "pcak=" + big},
		{"run", "-algo", "pmode", "-problem", "C01", "-dim", big, "-runs", "1"},
		{"eval", "-problem", big, "-dim", "10"},
		{big},
	} {
		r := cec(t, "", args...)
		if r.code == exitOK || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%.30q: exit %d, stderr not one line", args, r.code)
		}
		if len(r.stderr) > 400 || !strings.Contains(r.stderr, "(30000 bytes)") {
			t.Errorf("%.30q: %d bytes of stderr, want under 400 naming the value's 30000 bytes: %.300q", args, len(r.stderr), r.stderr)
		}
	}
}

func TestOneLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"short message\nsecond line", "short message; second line"},
		{`unknown algorithm "` + strings.Repeat("é", 100) + `"`, `unknown algorithm "` + strings.Repeat("é", 23) + `…(200 bytes)…` + strings.Repeat("é", 7) + `"`},
	} {
		if got := oneLine(c.in); got != c.want {
			t.Errorf("oneLine(%.40q) = %q, want %q", c.in, got, c.want)
		}
	}
	long := strings.Repeat("word ", 1000)
	if got := oneLine(long); len(got) > maxLine+40 || !strings.HasSuffix(got, "… (4999 bytes)") {
		t.Errorf("a 5000-byte line of short words: %d bytes, ends %q", len(got), got[len(got)-20:])
	}
}
