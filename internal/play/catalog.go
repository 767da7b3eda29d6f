package play

import (
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// Catalog lists the problems and algorithms the page offers.
type Catalog struct {
	Problems   []ProblemInfo   `js:"problems"`
	Algorithms []AlgorithmInfo `js:"algorithms"`
}

// ProblemInfo is a problem of the catalog (suite.Info).
type ProblemInfo struct {
	Name        string `js:"name"`
	Description string `js:"description"`
	Teaching    bool   `js:"teaching"`
	Dims        []int  `js:"dims"`
	// DefaultDim is the D of a run that names none (Sanitize's).
	DefaultDim int `js:"defaultDim"`
	// Names are the other names Go reads as this problem, lower-case,
	// besides any casing of Name: "c5" for C05.
	Names   []string `js:"names"`
	NumIneq int      `js:"numIneq"`
	NumEq   int      `js:"numEq"`
	// Typed says the problem is typed as formulas (typed=), Name its
	// name_hash; such a problem is in no catalog, only in a Configured.
	Typed bool `js:"typed"`
}

// AlgorithmInfo is an algorithm of the catalog (solver.Algorithm).
type AlgorithmInfo struct {
	Name  string `js:"name"`
	Title string `js:"title"`
	Help  string `js:"help"`
}

// NewCatalog returns the catalog: every problem of suite.List and every
// algorithm of solver.Names.
func NewCatalog() Catalog {
	var c Catalog
	for _, in := range suite.List() {
		c.Problems = append(c.Problems, catalogEntry(in))
	}
	for _, n := range solver.Names() {
		a, err := solver.Lookup(n)
		if err != nil {
			continue
		}
		c.Algorithms = append(c.Algorithms, AlgorithmInfo{a.Name, a.Title, a.Help})
	}
	return c
}

// catalogEntry is the catalog's entry of problem in.
func catalogEntry(in suite.Info) ProblemInfo {
	return ProblemInfo{Name: in.Name, Description: in.Description, Teaching: in.Teaching, Dims: in.Dims,
		DefaultDim: defaultDim(in), Names: aliases(in), NumIneq: in.NumIneq, NumEq: in.NumEq}
}
