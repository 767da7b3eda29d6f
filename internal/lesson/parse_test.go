package lesson

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	def := DefaultState()
	cases := []struct {
		raw   map[string]string
		want  State
		notes []string // keys named by the notices, in order
	}{
		{map[string]string{}, def, nil},
		{map[string]string{"lesson": "fig1"}, def, nil},
		{map[string]string{"lesson": "FIG1", "step": "3"}, State{3, def.Options}, nil},
		{map[string]string{"lesson": "fig2"}, def, []string{"lesson"}},
		{map[string]string{"step": "0"}, State{1, def.Options}, []string{"step"}},
		{map[string]string{"step": "99"}, State{NumSteps, def.Options}, []string{"step"}},
		{map[string]string{"step": "2.6"}, State{3, def.Options}, []string{"step"}},
		{map[string]string{"step": "two"}, def, []string{"step"}},
		{map[string]string{"step": "NaN"}, def, []string{"step"}},
		{map[string]string{"step": "1e999"}, State{NumSteps, def.Options}, []string{"step"}},
		{map[string]string{"seed": " 42 "}, State{1, Options{42, DefaultK, DefaultPCAProb}}, nil},
		{map[string]string{"seed": "-1"}, def, []string{"seed"}},
		{map[string]string{"seed": "18446744073709551616"}, def, []string{"seed"}},
		{map[string]string{"pcak": "20"}, State{1, Options{DefaultSeed, 20, DefaultPCAProb}}, nil},
		{map[string]string{"pcak": "1"}, State{1, Options{DefaultSeed, 2, DefaultPCAProb}}, []string{"pcak"}},
		{map[string]string{"pcak": "-Inf"}, State{1, Options{DefaultSeed, 2, DefaultPCAProb}}, []string{"pcak"}},
		{map[string]string{"pcaprob": "1"}, State{1, Options{DefaultSeed, DefaultK, 1}}, nil},
		{map[string]string{"pcaprob": "1.5"}, State{1, Options{DefaultSeed, DefaultK, 1}}, []string{"pcaprob"}},
		{map[string]string{"pcaprob": "x"}, def, []string{"pcaprob"}},
		{map[string]string{"pcaprob": "nan"}, def, []string{"pcaprob"}},
		{map[string]string{"step": "9", "pcak": "x", "problem": "C05"}, State{NumSteps, def.Options}, []string{"step", "pcak"}},
	}
	for _, c := range cases {
		got, notes := Parse(c.raw)
		if got != c.want {
			t.Errorf("Parse(%v) = %+v, want %+v", c.raw, got, c.want)
		}
		var keys []string
		for _, n := range notes {
			keys = append(keys, n.Key)
			if n.Value != strings.TrimSpace(c.raw[n.Key]) || n.Message == "" || strings.Contains(n.Message, "\n") {
				t.Errorf("Parse(%v): notice %+v does not name the value in one line", c.raw, n)
			}
		}
		if !reflect.DeepEqual(keys, c.notes) {
			t.Errorf("Parse(%v): notices for %v, want %v", c.raw, keys, c.notes)
		}
	}
}

// FuzzParse: any URL values give a valid state without panicking, every
// changed value is named, and the state survives a round trip through
// Values.
func FuzzParse(f *testing.F) {
	f.Add("fig1", "3", "7", "6", "0.1")
	f.Add("", "0", "-1", "1", "2")
	f.Add("x", "1e400", "1.5", "NaN", "-Inf")
	f.Add("fig1", "0x1p2", "00012", "+6", "1e-400")
	f.Fuzz(func(t *testing.T, lesson, step, seed, k, p string) {
		raw := map[string]string{KeyLesson: lesson, KeyStep: step, KeySeed: seed, KeyK: k, KeyPCAProb: p}
		st, notes := Parse(raw)
		if st.Step < 1 || st.Step > NumSteps {
			t.Fatalf("step %d out of range", st.Step)
		}
		if err := st.Check(); err != nil {
			t.Fatalf("Parse(%v) gave invalid options: %v", raw, err)
		}
		for _, n := range notes {
			if n.Value != strings.TrimSpace(raw[n.Key]) {
				t.Fatalf("notice %+v does not name the value %q", n, raw[n.Key])
			}
		}
		back, again := Parse(st.Values())
		if back != st || len(again) != 0 {
			t.Fatalf("round trip: %+v → %v → %+v, notices %v", st, st.Values(), back, again)
		}
	})
}
