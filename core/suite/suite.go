// Package suite is the catalogue of every problem pcaplay knows: the 2-D
// teaching set and the CEC 2017 constrained suite C01–C28.
//
//	p, err := suite.New("C05", 10, suite.Options{Data: official.FS()})
//
// CEC problems read the official data from Options.Data or Options.DataDir
// when one is set (dimensions 10, 30, 50, 100 only) and otherwise use
// generated data (cec2017.GenerateData with Options.DataSeed), which works
// for any even dimension ≥ 2. The embedded official files are in package
// official (pcaplay/core/problem/cec2017/official), which this package does
// not import, so that the WebAssembly build stays small.
package suite

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017"
	"pcaplay/core/problem/teach"
)

// Info describes one problem of the catalogue.
type Info struct {
	Name        string // key used in URLs and flags: "rosenbrock", "C05"
	Description string // one line
	Teaching    bool   // a 2-D teaching problem
	// Dims are the dimensions offered in the playground; a teaching problem
	// has exactly {2}.
	Dims    []int
	NumIneq int
	NumEq   int
}

// Options select the CEC 2017 data.
type Options struct {
	// Data holds the official shift and rotation files under their
	// official names (cec2017.DataFiles), e.g. official.FS(); nil means
	// DataDir.
	Data fs.FS
	// DataDir is a directory with the official shift and rotation files;
	// empty (with a nil Data) means generated data.
	DataDir string
	// DataSeed seeds the generated data (ignored with Data or DataDir).
	DataSeed uint64
	// Loaded is data already read for the problem and dimension asked (the
	// page's fetch of the official files, read by cec2017.ParseData); it
	// takes precedence over Data and DataDir.
	Loaded *cec2017.Data
}

// MaxDim is the largest dimension New accepts: a CEC problem holds up to
// two D×D matrices (16 MB at D = 1000), and the solvers' populations
// and PCA grow with D too, so that a typing error such as -dim 1000000
// gets a message rather than running out of memory.
const MaxDim = 1000

// PlaygroundDims are the dimensions the playground offers for CEC problems:
// those of the official data (10, 30, 50, 100), 2 for the landscape and 20,
// a dimension without official data (the page uses generated data there
// and says so).
var PlaygroundDims = []int{2, 10, 20, 30, 50, 100}

// List returns the teaching problems followed by C01–C28.
func List() []Info {
	var out []Info
	for _, name := range teach.Names() {
		p, err := teach.New(name)
		if err != nil {
			continue
		}
		out = append(out, Info{Name: name, Description: describe(p), Teaching: true, Dims: []int{2},
			NumIneq: p.NumIneq(), NumEq: p.NumEq()})
	}
	for n := 1; n <= 28; n++ {
		lo, hi, ni, ne, rot, err := cec2017.Info(n)
		if err != nil {
			continue
		}
		d := fmt.Sprintf("CEC 2017 C%02d on [%g, %g]^D, %d inequality, %d equality", n, lo, hi, ni, ne)
		if rot {
			d += ", rotated"
		}
		out = append(out, Info{Name: fmt.Sprintf("C%02d", n), Description: d, Dims: PlaygroundDims,
			NumIneq: ni, NumEq: ne})
	}
	return out
}

// New returns the problem called name at dimension dim. Names are
// case-insensitive; "c5" and "C05" both mean C05. "C21-author" is the
// HECO-DE author's variant of C21 (cec2017.NewAuthor; also of C06, C10,
// C18, C27), on C21's data; the catalogue (List) does not list the
// variants.
func New(name string, dim int, o Options) (problem.Problem, error) {
	if n, author, ok := ParseCEC(name); ok {
		if dim < 2 || dim > MaxDim {
			return nil, fmt.Errorf("dim = %d: CEC problems need a dimension of 2 … %d", dim, MaxDim)
		}
		var d *cec2017.Data
		switch {
		case o.Loaded != nil:
			d = o.Loaded
		case o.Data != nil:
			var err error
			if d, err = cec2017.LoadDataFS(o.Data, n, dim); err != nil {
				return nil, err
			}
		case o.DataDir != "":
			var err error
			if d, err = cec2017.LoadData(o.DataDir, n, dim); err != nil {
				return nil, err
			}
		default:
			d = cec2017.GenerateData(n, dim, o.DataSeed)
		}
		if author {
			return cec2017.NewAuthor(n, dim, d)
		}
		return cec2017.New(n, dim, d)
	}
	p, err := teach.New(strings.ToLower(name))
	if err != nil {
		return nil, fmt.Errorf("unknown problem %q (teaching problems: %s; CEC: C01–C28, C06-author…; typed: @FILE.json)", name, strings.Join(teach.Names(), ", "))
	}
	if dim != 2 && dim != 0 {
		return nil, fmt.Errorf("dim = %d: %s is a 2-D teaching problem", dim, p.Name())
	}
	return p, nil
}

// ParseCEC parses the name of a CEC 2017 problem: "C05", "c5", "C28" give
// 5, 5, 28, and "C21-author" (any case) gives 21 with author set, for the
// problems that have an author's variant (cec2017.AuthorVariants).
func ParseCEC(name string) (num int, author, ok bool) {
	if base, found := cutSuffixFold(name, cec2017.AuthorSuffix); found {
		n, ok := cecNumber(base)
		if !ok || !cec2017.HasAuthorVariant(n) {
			return 0, false, false
		}
		return n, true, true
	}
	n, ok := cecNumber(name)
	return n, false, ok
}

// CanonicalCEC returns the catalogue name of a CEC problem ("C05",
// "C21-author") and whether name is one.
func CanonicalCEC(name string) (string, bool) {
	n, author, ok := ParseCEC(name)
	if !ok {
		return "", false
	}
	c := fmt.Sprintf("C%02d", n)
	if author {
		c += cec2017.AuthorSuffix
	}
	return c, true
}

// cutSuffixFold is strings.CutSuffix ignoring case.
func cutSuffixFold(s, suffix string) (string, bool) {
	if len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}

// cecNumber parses "C05", "c5", "C28" into 5, 5, 28.
func cecNumber(name string) (int, bool) {
	if len(name) < 2 || (name[0] != 'C' && name[0] != 'c') {
		return 0, false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n < 1 || n > 28 {
		return 0, false
	}
	return n, true
}

func describe(p problem.Problem) string {
	if d, ok := p.(problem.Describer); ok {
		return d.Description()
	}
	return p.Name()
}

// DataFiles returns the official data files that the CEC problem name
// reads at dimension dim (cec2017.DataFiles), and nil for a teaching
// problem, which has no data files.
func DataFiles(name string, dim int) ([]string, error) {
	if n, _, ok := ParseCEC(name); ok {
		return cec2017.DataFiles(n, dim)
	}
	if _, err := teach.New(strings.ToLower(name)); err != nil {
		return nil, fmt.Errorf("unknown problem %q (teaching problems: %s; CEC: C01–C28, C06-author…; typed: @FILE.json)", name, strings.Join(teach.Names(), ", "))
	}
	return nil, nil
}
