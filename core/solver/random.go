package solver

import (
	"fmt"

	"pcaplay/core/problem"
)

// RandomSettings configure random search: every generation draws Samples
// points uniformly from the box and evaluates them. It is the baseline of
// every comparison and the "bare evaluation" reference of the benchmarks.
type RandomSettings struct {
	Samples int
}

// DefaultRandom returns the defaults: 100 samples per generation.
func DefaultRandom(int) *RandomSettings { return &RandomSettings{Samples: 100} }

func init() {
	Register(Algorithm{Name: "random", Title: "Random search",
		Help:     "Uniform samples from the box: the baseline",
		Defaults: func(d int) Settings { return DefaultRandom(d) }})
}

// Algorithm returns "random".
func (s *RandomSettings) Algorithm() string { return "random" }

// Params lists the settable parameters.
func (s *RandomSettings) Params() []Param {
	return []Param{intParam("pop", "points sampled per generation", &s.Samples, 100, 1, 100000)}
}

// Validate checks the settings.
func (s *RandomSettings) Validate(problem.Problem) error { return CheckParams(s) }

// New returns the Method.
func (s *RandomSettings) New(p problem.Problem) (Method, error) {
	if err := s.Validate(p); err != nil {
		return nil, err
	}
	return &randomSearch{s: *s}, nil
}

type randomSearch struct {
	s   RandomSettings
	pop population
}

func (r *randomSearch) Init(c *Context) error {
	if r.s.Samples < 1 {
		return fmt.Errorf("pop = %d: must be at least 1", r.s.Samples)
	}
	r.pop = initUniform(c, r.s.Samples)
	r.pop.publish(c)
	return nil
}

// Iterate draws a fresh batch; the snapshot's population is that batch.
func (r *randomSearch) Iterate(c *Context) error {
	n := min(r.s.Samples, c.Remaining())
	lo, hi := c.Problem.Bounds()
	r.pop.f, r.pop.v, r.pop.x = r.pop.f[:n], r.pop.v[:n], r.pop.x[:n*r.pop.n]
	for i := range n {
		x := r.pop.row(i)
		uniform(c, x, lo, hi)
		r.pop.f[i], r.pop.v[i] = c.Evaluate(x)
	}
	r.pop.publish(c)
	return nil
}
