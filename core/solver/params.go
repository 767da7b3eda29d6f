package solver

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Param describes one settable parameter of an algorithm. Every value is
// carried as a float64; Integer and Bool parameters hold whole numbers
// (Bool: 0 or 1); a Choice parameter holds the index into Choices.
type Param struct {
	Key  string // readable key for URLs and flags, e.g. "lambda"
	Help string // one line, shown next to the control
	// Label is the control's label where the key alone would mislead
	// (CMODE's k beside pcak, "the k best"); empty: the key.
	Label   string
	Default float64
	Min     float64
	Max     float64
	Kind    Kind
	Choices []string // names of a Choice parameter's values
	Get     func() float64
	Set     func(float64)
	// OmitDefault leaves the parameter out of a run record's settings
	// (experiment.FormatSettings) while it has its default value. The
	// parameters added after the committed results carry it, so that a
	// run that does not use them writes the record it wrote before, byte
	// for byte, and the committed grids still resume and reproduce.
	OmitDefault bool
}

// Kind is the type of a Param.
type Kind int

const (
	Float Kind = iota
	Integer
	Bool
	Choice
)

// String returns "float", "int", "bool" or "choice".
func (k Kind) String() string {
	return [...]string{"float", "int", "bool", "choice"}[k]
}

// Check returns an error naming the parameter when x is not a valid value.
func (p Param) Check(x float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("%s = %v: not a finite number", p.Key, x)
	}
	if p.Kind != Float && x != math.Trunc(x) {
		return fmt.Errorf("%s = %v: must be a whole number", p.Key, x)
	}
	if x < p.Min || x > p.Max {
		return fmt.Errorf("%s = %v: must be in [%s, %s]", p.Key, x, p.Format(p.Min), p.Format(p.Max))
	}
	return nil
}

// Format renders a value of this parameter as text (choice names for
// Choice, "true"/"false" for Bool).
func (p Param) Format(x float64) string {
	switch p.Kind {
	case Bool:
		if x != 0 {
			return "true"
		}
		return "false"
	case Choice:
		if i := int(x); i >= 0 && i < len(p.Choices) && float64(i) == x {
			return p.Choices[i]
		}
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// Parse reads a value of this parameter from text, accepting the forms
// Format writes (and 0/1 for Bool). It does not check the range.
func (p Param) Parse(s string) (float64, error) {
	s = strings.TrimSpace(s)
	switch p.Kind {
	case Bool:
		switch strings.ToLower(s) {
		case "1", "true", "on", "yes":
			return 1, nil
		case "0", "false", "off", "no":
			return 0, nil
		}
		return 0, fmt.Errorf("%s = %q: want true or false", p.Key, s)
	case Choice:
		for i, c := range p.Choices {
			if strings.EqualFold(c, s) {
				return float64(i), nil
			}
		}
		return 0, fmt.Errorf("%s = %q: want one of %s", p.Key, s, strings.Join(p.Choices, ", "))
	}
	x, err := strconv.ParseFloat(s, 64)
	if errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("%s = %s: beyond the largest number; must be in [%s, %s]", p.Key, s, p.Format(p.Min), p.Format(p.Max))
	}
	if err != nil {
		return 0, fmt.Errorf("%s = %q: not a number", p.Key, s)
	}
	return x, nil
}

// SetParam sets the parameter key of s to the value in text, checking it.
func SetParam(s Settings, key, text string) error {
	for _, p := range s.Params() {
		if p.Key != key {
			continue
		}
		x, err := p.Parse(text)
		if err != nil {
			return err
		}
		if err := p.Check(x); err != nil {
			return err
		}
		p.Set(x)
		return nil
	}
	return fmt.Errorf("%s has no parameter %q (known: %s)", s.Algorithm(), key, strings.Join(ParamKeys(s), ", "))
}

// ParamKeys lists the keys of s's parameters in declaration order.
func ParamKeys(s Settings) []string {
	var k []string
	for _, p := range s.Params() {
		k = append(k, p.Key)
	}
	return k
}

// PresetKey is the key of a parameter that applies a preset: setting it
// sets other parameters (HECO-DE's "preset"). Whoever applies a list of
// values applies it first (the parameter comes first in Params), so that
// the values beside it win.
const PresetKey = "preset"

// UnderPreset applies to def the preset that s has, if any (the value of
// s's PresetKey parameter when it is not the parameter's Default), and
// returns def: its parameters are then the defaults under that preset, the
// values an address or a command may leave out once it names the preset.
// The PresetKey parameter's own default stays its Param.Default.
func UnderPreset(def, s Settings) Settings {
	for _, p := range s.Params() {
		if p.Key == PresetKey && p.Get() != p.Default {
			if err := SetParam(def, p.Key, p.Format(p.Get())); err != nil {
				panic("solver: " + err.Error()) // the same algorithm's own value
			}
		}
	}
	return def
}

// CheckParams checks every parameter's current value against its range.
// Settings.Validate implementations call it first.
func CheckParams(s Settings) error {
	for _, p := range s.Params() {
		if err := p.Check(p.Get()); err != nil {
			return err
		}
	}
	return nil
}

// Algorithm is a registered algorithm.
type Algorithm struct {
	Name  string // e.g. "pmode"
	Title string // e.g. "PMODE (CMODE + PCA-projection)"
	Help  string // one line
	// Defaults returns Settings with the paper's defaults for a problem of
	// dimension dim.
	Defaults func(dim int) Settings
}

var registry = map[string]Algorithm{}

// Register adds an algorithm. It panics on a duplicate name (a programming
// error at init time).
func Register(a Algorithm) {
	if _, dup := registry[a.Name]; dup {
		panic("solver: duplicate algorithm " + a.Name)
	}
	registry[a.Name] = a
}

// Lookup returns the algorithm registered under name.
func Lookup(name string) (Algorithm, error) {
	a, ok := registry[name]
	if !ok {
		return Algorithm{}, fmt.Errorf("unknown algorithm %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return a, nil
}

// Names lists the registered algorithms in a fixed order.
func Names() []string {
	var n []string
	for k := range registry {
		n = append(n, k)
	}
	order := map[string]int{"random": 0, "de": 1, "cmode": 2, "pmode": 3, "heco-de": 4, "heco-pde": 5}
	sort.Slice(n, func(i, j int) bool {
		oi, iok := order[n[i]]
		oj, jok := order[n[j]]
		if iok && jok {
			return oi < oj
		}
		if iok != jok {
			return iok
		}
		return n[i] < n[j]
	})
	return n
}
