package wire_test

import (
	"reflect"
	"testing"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/experiment/results"
	"pcaplay/internal/lesson"
	"pcaplay/internal/play"
	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// WireFields refuses the string option on a field that holds no text.
func TestWireFieldsStringOption(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a string option on an int did not panic")
		}
	}()
	wire.WireFields(reflect.TypeFor[struct {
		N int `js:"n,string"`
	}]())
}

// A type's name on the wire: play's and its packages' types bare, other
// packages' prefixed with their name, and the results model's with
// Experiment, the package it was part of, so that the page's names stay.
func TestTypeName(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		want string
	}{
		{reflect.TypeFor[*play.Frame](), "Frame"},
		{reflect.TypeFor[wire.WireField](), "WireField"},
		{reflect.TypeFor[export.Board](), "Board"},
		{reflect.TypeFor[lesson.Frame](), "LessonFrame"},
		{reflect.TypeFor[experiment.Config](), "ExperimentConfig"},
		{reflect.TypeFor[stats.Summary](), "StatsSummary"},
		{reflect.TypeFor[results.Results](), "ExperimentResults"},
		{reflect.TypeFor[results.Progress](), "ExperimentProgress"},
	} {
		if got := wire.TypeName(c.t); got != c.want {
			t.Errorf("TypeName(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}
