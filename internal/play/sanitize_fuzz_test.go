package play

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"pcaplay/core/suite"
)

// FuzzSanitize feeds the URL sanitiser hostile values (the page address is
// untrusted: anyone can send a link). For every input it must return a
// Config that runs, with every replaced value named in a notice of bounded
// size, and reading its own Values back must give the same Config without a
// notice. The seed corpus runs in every go test; fuzz it for longer with
//
//	go test ./internal/play -run '^$' -fuzz FuzzSanitize -fuzztime 5m
func FuzzSanitize(f *testing.F) {
	seeds := [][9]string{
		{"rosenbrock", "2", "pmode", "1", "40000", "pcaprob", "0.5", "pcam", "1"},
		{"C05", "7", "heco-pde", "-3", "1e9", "lambda", "abc", "pca", "maybe"},
		{"c3", "10", "HECO-DE", "18446744073709551615", "100", "mufinal", "1e308", "w1", "alt"},
		{"nope", "x", "", "0x10", "NaN", "pop", "-1", "pcak", "99999999999999999999"},
		{"C28", "100", "cmode", "1.5", "Infinity", "", "", "__proto__", "1"},
		{" valley ", " 2 ", " de ", " 7 ", " 5e3 ", "pop", " 30 ", "bound", "reflect"},
		{"C01", "2", "random", strings.Repeat("9", 5000), "99.5", "pop", "1e-300", "seed", "1"},
		{"\x00", "\uFFFD", "pmode\n", "1 2", "+1e2", "pcaprob", "-0", "pcam", "0"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8])
	}
	f.Fuzz(func(t *testing.T, problem, dim, algo, seed, fes, k1, v1, k2, v2 string) {
		raw := map[string]string{"problem": problem, "dim": dim, "algo": algo, "seed": seed, "fes": fes}
		if k1 != "" {
			raw[k1] = v1
		}
		if k2 != "" {
			raw[k2] = v2
		}
		c, notes, params, err := Sanitize(raw)
		if err != nil {
			t.Fatalf("Sanitize(%q): %v", raw, err)
		}
		// a valid configuration
		info, ok := findInfo(c.Problem)
		if !ok || info.Name != c.Problem || !slices.Contains(info.Dims, c.Dim) {
			t.Fatalf("Sanitize(%q): problem %q at D = %d is not offered", raw, c.Problem, c.Dim)
		}
		if c.FES < MinFES || c.FES > MaxFES {
			t.Fatalf("Sanitize(%q): fes %d outside [%d, %d]", raw, c.FES, MinFES, MaxFES)
		}
		if len(params) != len(c.Params) {
			t.Fatalf("Sanitize(%q): %d parameter descriptions for %d parameters", raw, len(params), len(c.Params))
		}
		if _, err := suite.New(c.Problem, c.Dim, suite.Options{}); err != nil {
			t.Fatalf("Sanitize(%q) gave a problem that does not build: %v", raw, err)
		}
		if _, err := NewSession(c); err != nil {
			t.Fatalf("Sanitize(%q) gave a config that does not run: %v", raw, err)
		}
		// notices name keys of the input, and are of bounded size
		for _, n := range notes {
			if _, in := raw[n.Key]; !in && n.Key != "params" {
				t.Fatalf("Sanitize(%q): notice for key %q, which the input does not have", raw, n.Key)
			}
			if utf8.RuneCountInString(n.Value) > EchoMax+24 || utf8.RuneCountInString(n.Message) > maxMessage+24 {
				t.Fatalf("Sanitize(%q): notice of %d + %d characters", raw, len(n.Value), len(n.Message))
			}
			if n.Message == "" {
				t.Fatalf("Sanitize(%q): notice for %s without a message", raw, n.Key)
			}
		}
		// idempotent: its own values come back unchanged, silently
		c2, notes2, _, err := Sanitize(c.Values())
		if err != nil || len(notes2) != 0 {
			t.Fatalf("Sanitize(Values of %+v): %v, notices %+v", c, err, notes2)
		}
		if c2.Problem != c.Problem || c2.Dim != c.Dim || c2.Algo != c.Algo || c2.Seed != c.Seed || c2.FES != c.FES || len(c2.Params) != len(c.Params) {
			t.Fatalf("round trip %+v → %+v", c, c2)
		}
		for k, v := range c.Params {
			if c2.Params[k] != v {
				t.Fatalf("round trip of %s: %q → %q", k, v, c2.Params[k])
			}
		}
	})
}

// A huge value is cut in its notice, never copied whole (a 1 MB seed).
func TestNoticeCutsHugeValues(t *testing.T) {
	huge := strings.Repeat("7x", 500_000)
	_, notes, _, err := Sanitize(map[string]string{"seed": huge, "pcaprob": huge, "problem": huge})
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 3 {
		t.Fatalf("%d notices, want 3 (seed, pcaprob, problem): %+v", len(notes), notes)
	}
	for _, n := range notes {
		if len(n.Value)+len(n.Message) > 400 {
			t.Errorf("notice for %s is %d bytes long", n.Key, len(n.Value)+len(n.Message))
		}
		if !strings.Contains(n.Value, "1000000 characters") {
			t.Errorf("notice for %s: value %q does not say how long it was", n.Key, n.Value)
		}
	}
	if c := Cut("abc", 40); c != "abc" {
		t.Errorf("Cut of a short value = %q", c)
	}
	if c := Cut(strings.Repeat("é", 50), 40); !strings.HasPrefix(c, strings.Repeat("é", 32)+"…") || !utf8.ValidString(c) {
		t.Errorf("Cut of 50 é = %q", c)
	}
}
