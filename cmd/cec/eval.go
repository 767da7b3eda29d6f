package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"pcaplay/core/problem"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
)

// cmdEval evaluates the points on stdin, one per line, and prints
// "f | g1 g2 … | h1 …" per point with %.17g, the format of the value part
// of the CEC 2017 test-vector file. Nothing is printed unless every line is
// valid: D finite numbers inside the problem's box, whose f, g and h are
// finite; the error names the first line at fault and the coordinate or
// value. -problem @FILE evaluates a problem typed as formulas
// (formula.Parse) at -dim, or at the file's dim without -dim.
func cmdEval(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlags("eval", "eval -problem C05 -dim 10 [-data official|generated|DIR] < points.txt", stdout)
	name := fs.String("problem", "", "problem name, C01–C28 (or a 2-D teaching problem), or @FILE: a problem typed as formulas (docs/guide/formulas.md)")
	dim := fs.Int("dim", 10, fmt.Sprintf("dimension D, at most %d", suite.MaxDim))
	data := fs.String("data", dataOfficial, dataUsage)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q (points are read from stdin)", pos[0])
	}
	if *name == "" {
		return badInput("-problem is required (C01–C28)")
	}
	if *dim < 1 {
		return badInput("-dim %d: must be a positive dimension", *dim)
	}
	fsys, dir, err := dataFlag(*data)
	if err != nil {
		return err
	}
	var p problem.Problem
	if file, ok := strings.CutPrefix(*name, "@"); ok {
		if strings.Contains(file, ",") {
			return badInput("-problem %s: cec eval takes one problem", *name)
		}
		list, typed, err := experiment.ReadTyped(*name, readProblemFile)
		if err != nil {
			return badInput("%v", err)
		}
		if *dim, err = typedDim(fs, *dim, typed); err != nil {
			return err
		}
		if p, err = typed[list].Compile(*dim); err != nil {
			return badInput("-problem @%s -dim %d: %v", file, *dim, err)
		}
	} else if p, err = suite.New(*name, *dim, suite.Options{Data: fsys, DataDir: dir}); err != nil {
		return badInput("-problem %s -dim %d: %v", *name, *dim, err)
	}
	out, err := evalPoints(p, stdin)
	if err != nil {
		return err
	}
	if _, err := stdout.Write(out); err != nil {
		return failure("writing the output: %v", err)
	}
	return nil
}

// evalPoints reads every point and returns the whole output, or an error
// naming the first bad line and token.
func evalPoints(p problem.Problem, r io.Reader) ([]byte, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 16<<20)
	n := p.Dim()
	x := make([]float64, n)
	g := make([]float64, p.NumIneq())
	h := make([]float64, p.NumEq())
	lo, hi := p.Bounds()
	var out bytes.Buffer
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		for i, tok := range fields {
			if i >= n {
				return nil, badInput("line %d: token %q is coordinate %d, but %s at D=%d has %d coordinates", line, tok, i+1, p.Name(), n, n)
			}
			v, err := strconv.ParseFloat(tok, 64)
			if err != nil {
				return nil, badInput("line %d: token %q is not a number", line, tok)
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, badInput("line %d: token %q is not a finite number", line, tok)
			}
			x[i] = v
		}
		if len(fields) < n {
			return nil, badInput("line %d: %d numbers, but %s at D=%d needs %d", line, len(fields), p.Name(), n, n)
		}
		if err := problem.CheckPoint(p, x); err != nil {
			return nil, badInput("line %d: %v", line, err)
		}
		for i, xi := range x {
			if xi < lo[i] || xi > hi[i] {
				return nil, badInput("line %d: x%d = %g is outside the box [%g, %g] of %s", line, i+1, xi, lo[i], hi[i], p.Name())
			}
		}
		f := p.Evaluate(x, g, h)
		if bad := nonFinite(f, g, h); bad != "" {
			return nil, badInput("line %d: the point gives %s", line, bad)
		}
		writeValues(&out, f, g, h)
	}
	if err := sc.Err(); err != nil {
		return nil, badInput("line %d: %v", line+1, err)
	}
	return out.Bytes(), nil
}

// nonFinite names the values among f, g and h that are not finite
// ("f = +Inf, g2 = NaN"), or returns "".
func nonFinite(f float64, g, h []float64) string {
	var bad []string
	add := func(name string, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			bad = append(bad, fmt.Sprintf("%s = %v", name, v))
		}
	}
	add("f", f)
	for i, v := range g {
		add(fmt.Sprintf("g%d", i+1), v)
	}
	for i, v := range h {
		add(fmt.Sprintf("h%d", i+1), v)
	}
	if len(bad) > 4 {
		bad = append(bad[:4], fmt.Sprintf("and %d more", len(bad)-4))
	}
	return strings.Join(bad, ", ")
}

// writeValues writes "f | g… | h…\n": fields separated by " |", each value
// preceded by a space, so an empty field is "|" alone — exactly the value
// part of the test-vector lines ("0 | -90000 |", "0 | | -0 0").
func writeValues(b *bytes.Buffer, f float64, g, h []float64) {
	b.WriteString(fmtG17(f))
	b.WriteString(" |")
	for _, v := range g {
		b.WriteByte(' ')
		b.WriteString(fmtG17(v))
	}
	b.WriteString(" |")
	for _, v := range h {
		b.WriteByte(' ')
		b.WriteString(fmtG17(v))
	}
	b.WriteByte('\n')
}

// fmtG17 is C's %.17g.
func fmtG17(v float64) string { return strconv.FormatFloat(v, 'g', 17, 64) }
