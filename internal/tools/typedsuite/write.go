package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"pcaplay/core/problem/formula"
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play"
)

// write prints the report (see the package comment).
func (s *suite) write(w io.Writer, pairSpec string, alpha float64, linkRuns int) error {
	pairs, err := parsePairs(pairSpec, s.algos)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d problems, %d runs of each algorithm on each, MaxFES = %d. A cell is *successful / feasible* runs of %d, then the median run's f − f* (CEC order: a median that is infeasible shows its mean violation v̄). A test column is the rank-sum test of the pair in the CEC order, Holm over the %d pairs of the problem, α = %g: `+` the first better, `−` worse, `≈` no significant difference, with the Holm-adjusted p.\n\n",
		len(s.problems), s.nruns, s.maxfes, s.nruns, len(s.algos)*(len(s.algos)-1)/2, alpha)
	if len(s.notRun) > 0 {
		fmt.Fprintf(w, "**Partial:** not run yet: %s.\n\n", strings.Join(s.notRun, ", "))
	}
	fmt.Fprint(w, "| problem | D | f* |")
	for _, a := range s.algos {
		fmt.Fprintf(w, " %s |", a)
	}
	for _, p := range pairs {
		fmt.Fprintf(w, " %s vs %s |", p[0], p[1])
	}
	fmt.Fprint(w, "\n|---|---:|---:|"+strings.Repeat("---:|", len(s.algos)+len(pairs))+"\n")
	tally := make([][3]int, len(pairs)) // better, same, worse
	succ := make([]int, len(s.algos))
	for _, d := range s.problems {
		fmt.Fprintf(w, "| %s | %d | %.11g |", d.Name, d.Dim, d.BestF)
		for i, a := range s.algos {
			c := s.cell(a, d)
			succ[i] += c.success
			fmt.Fprintf(w, " %d / %d · %s |", c.success, c.feasible, errText(c.median, d.BestF))
		}
		marks, err := s.tests(d, pairs, alpha)
		if err != nil {
			return err
		}
		for i, m := range marks {
			fmt.Fprintf(w, " %s %.2g |", m.Mark, m.PHolm)
			switch m.Mark {
			case stats.Better:
				tally[i][0]++
			case stats.Worse:
				tally[i][2]++
			default:
				tally[i][1]++
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "\n| pair | better | ties | worse |\n|---|---:|---:|---:|\n")
	for i, p := range pairs {
		fmt.Fprintf(w, "| %s vs %s | %d | %d | %d |\n", p[0], p[1], tally[i][0], tally[i][1], tally[i][2])
	}
	if err := s.writeRanks(w, succ); err != nil {
		return err
	}
	return s.writeLinks(w, linkRuns)
}

// tests returns the Holm-corrected rank-sum test of each pair on d.
func (s *suite) tests(d *formula.Definition, pairs [][2]string, alpha float64) ([]stats.Pair, error) {
	samples := make([]stats.Sample, len(s.algos))
	for i, a := range s.algos {
		samples[i] = stats.Sample{Name: a, Runs: experiment.StatsRuns(s.runs[[2]string{a, d.ID()}])}
	}
	all, err := stats.ComparePairs(samples, alpha)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", d.Name, err)
	}
	out := make([]stats.Pair, len(pairs))
	for i, p := range pairs {
		found := false
		for _, q := range all {
			switch {
			case q.A == p[0] && q.B == p[1]:
				out[i], found = q, true
			case q.A == p[1] && q.B == p[0]:
				out[i], found = q, true
				out[i].A, out[i].B = q.B, q.A
				switch q.Mark {
				case stats.Better:
					out[i].Mark = stats.Worse
				case stats.Worse:
					out[i].Mark = stats.Better
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("%s: no test of %s against %s", d.Name, p[0], p[1])
		}
	}
	return out, nil
}

// writeRanks prints each algorithm's successful runs over the suite and
// its CEC 2018 total rank.
func (s *suite) writeRanks(w io.Writer, succ []int) error {
	names := make([]string, len(s.problems))
	by := map[string][]stats.Entry{}
	for i, d := range s.problems {
		names[i] = d.Name
		for _, a := range s.algos {
			sum, err := stats.Summarize(experiment.StatsRuns(s.runs[[2]string{a, d.ID()}]))
			if err != nil {
				return fmt.Errorf("%s on %s: %v", a, d.Name, err)
			}
			by[d.Name] = append(by[d.Name], stats.Entry{Algorithm: a, Summary: sum})
		}
	}
	t, err := stats.Rank(names, by)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n| algorithm | successful runs (of %d) | Σ mean ranks | Σ median ranks | total rank |\n|---|---:|---:|---:|---:|\n", s.nruns*len(s.problems))
	for i, a := range t.Algorithms {
		j := indexOf(s.algos, a)
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d |\n", a, succ[j], t.MeanTotal[i], t.MedianTotal[i], t.Total[i])
	}
	return nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// writeLinks prints the experiment-view addresses of the same grid, at
// most eight problems each (the typed= key's limit). The view runs a
// problem written for any D at its dim= and every other at its own D
// (formula.Definition.Compile refuses another D for it), so an address
// holds problems written for any D of one D only, and its dim= is theirs.
func (s *suite) writeLinks(w io.Writer, runs int) error {
	type group struct {
		dim  int // the D of its problems written for any D; 0: none yet
		defs []*formula.Definition
	}
	var groups []*group
	for _, d := range s.problems {
		anyD := 0
		if _, err := d.Compile(d.Dim + 1); err == nil {
			anyD = d.Dim
		}
		var g *group
		for _, c := range groups {
			if len(c.defs) < play.MaxTypedList && (anyD == 0 || c.dim == 0 || c.dim == anyD) {
				g = c
				break
			}
		}
		if g == nil {
			g = &group{}
			groups = append(groups, g)
		}
		g.dim = max(g.dim, anyD)
		g.defs = append(g.defs, d)
	}
	configs := make([]string, len(s.algos))
	for i, a := range s.algos {
		configs[i] = strings.ReplaceAll(a, "-", "") + ":" + a
	}
	fmt.Fprintf(w, "\nThe same grid in the page's experiment view (`make serve`, then open one address per group of problems; `runs=%d` here, `runs=%d` for the full grid):\n\n", runs, s.nruns)
	for _, g := range groups {
		ids, enc := make([]string, len(g.defs)), make([]string, len(g.defs))
		for i, d := range g.defs {
			ids[i], enc[i] = d.ID(), play.EncodeTyped(d)
		}
		dim := ""
		if g.dim > 0 {
			dim = "&dim=" + strconv.Itoa(g.dim)
		}
		fmt.Fprintf(w, "    http://127.0.0.1:8080/#mode=experiment&problems=%s%s&runs=%d&fes=%d&seed=1&configs=%s&typed=%s\n\n",
			strings.Join(ids, ","), dim, runs, s.maxfes, strings.Join(configs, ","), strings.Join(enc, ","))
	}
	return nil
}
