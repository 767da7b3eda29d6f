package experiment

import (
	"strings"
	"testing"

	"pcaplay/core/solver"
)

// TestFormatSettingsOmitDefault: a parameter marked OmitDefault is in a
// record's settings only when a run sets it to another value than its
// default; every other parameter is always there, in declaration order.
func TestFormatSettingsOmitDefault(t *testing.T) {
	for _, algo := range solver.Names() {
		s, err := NewSettings(algo, 10, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := FormatSettings(s)
		var omitted, kept []string
		for _, p := range s.Params() {
			if p.OmitDefault {
				omitted = append(omitted, p.Key)
			} else {
				kept = append(kept, p.Key+"=")
			}
		}
		for _, k := range omitted {
			if strings.Contains(","+got, ","+k+"=") {
				t.Errorf("%s: default settings %q name %s, marked OmitDefault", algo, got, k)
			}
		}
		for _, k := range kept {
			if !strings.Contains(","+got, ","+k) {
				t.Errorf("%s: default settings %q lack %s", algo, got, k)
			}
		}
	}
	s, err := NewSettings("heco-pde", 10, []Assignment{{Key: "pcastream", Value: "own"}, {Key: "pcato", Value: "0.5"}})
	if err != nil {
		t.Fatal(err)
	}
	got := FormatSettings(s)
	if !strings.Contains(got, ",pcastream=own,") || !strings.Contains(got, ",pcato=0.5,") || strings.Contains(got, "pcafrom") {
		t.Errorf("heco-pde with pcastream=own, pcato=0.5: settings %q, want both named and pcafrom left out", got)
	}
}

// A preset applies before the values given beside it, in whatever order
// they come, also when one names the algorithm.
func TestNewSettingsPresetFirst(t *testing.T) {
	want := ""
	for _, set := range [][]Assignment{
		{{Key: "preset", Value: "gecco2019"}, {Key: "w1", Value: "alt"}},
		{{Key: "w1", Value: "alt"}, {Key: "preset", Value: "gecco2019"}},
		{{Key: "w1", Value: "alt"}, {Algo: "heco-de", Key: "preset", Value: "gecco2019"}},
		{{Algo: "heco-de", Key: "w1", Value: "alt"}, {Key: "preset", Value: "gecco2019"}},
	} {
		s, err := NewSettings("heco-de", 10, set)
		if err != nil {
			t.Fatal(err)
		}
		got := FormatSettings(s)
		if !strings.Contains(got, "w1=alt") || !strings.Contains(got, "donors=q") || strings.Contains(got, "preset=") {
			t.Errorf("%v: %s; want the preset's values with w1=alt (and so no preset)", set, got)
		}
		if want == "" {
			want = got
		} else if got != want {
			t.Errorf("%v: %s, want %s", set, got, want)
		}
	}
}
