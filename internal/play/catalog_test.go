package play

import (
	"slices"
	"testing"
)

// The catalog's problem names are Go's answer: every other name of a
// problem finds it (findInfo), its default D is Sanitize's.
func TestCatalogNamesAndDefaults(t *testing.T) {
	c := NewCatalog()
	for _, p := range c.Problems {
		for _, n := range p.Names {
			if in, ok := findInfo(n); !ok || in.Name != p.Name {
				t.Errorf("%s: other name %q finds %q", p.Name, n, in.Name)
			}
		}
		cfg, _, _, err := Sanitize(map[string]string{"problem": p.Name})
		if err != nil || cfg.Dim != p.DefaultDim {
			t.Errorf("%s: default D %d, Sanitize's %d (%v)", p.Name, p.DefaultDim, cfg.Dim, err)
		}
		if p.Name == "C05" && !slices.Equal(p.Names, []string{"c5"}) || p.Name == "C12" && len(p.Names) > 0 || p.Teaching && len(p.Names) > 0 {
			t.Errorf("%s: other names %v", p.Name, p.Names)
		}
	}
}
