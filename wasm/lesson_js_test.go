//go:build js && wasm

package main

import (
	"math"
	"testing"

	"pcaplay/internal/lesson"
)

// lesson(state, {landscape}) returns the lesson of internal/lesson with the
// protocol's keys, the values Go read and a notice per replaced value.
func TestLessonCommand(t *testing.T) {
	r := mustOK(t, callAPI(t, "lesson", M{"state": obj(map[string]string{"lesson": "fig1", "step": "3", "seed": "12", "pcak": "99"}),
		"options": M{"landscape": true}}))
	checkKeys(t, "LessonReply", r, true)
	fr := r.Get("frame")
	checkKeys(t, "LessonFrame", fr, true)
	checkKeys(t, "LessonFitFrame", fr.Get("bestFit"), true)
	checkKeys(t, "LessonFitFrame", fr.Get("allFit"), true)
	checkKeys(t, "LessonGenFrame", fr.Get("gen"), true)
	checkKeys(t, "LessonStatsFrame", fr.Get("stats"), true)
	checkKeys(t, "LessonStep", fr.Get("steps").Index(0), true)
	checkKeys(t, "Contour", r.Get("landscape"), true)
	checkKeys(t, "Notice", r.Get("notices").Index(0), true)

	if r.Get("notices").Length() != 1 || r.Get("notices").Index(0).Get("key").String() != "pcak" {
		t.Errorf("notices %v, want one for pcak = 99", keys(r.Get("notices")))
	}
	v := r.Get("values")
	if v.Get("step").String() != "3" || v.Get("seed").String() != "12" || v.Get("pcak").String() != "20" || v.Get("lesson").String() != "fig1" {
		t.Errorf("values: step %s seed %s pcak %s", v.Get("step"), v.Get("seed"), v.Get("pcak"))
	}
	l, err := lesson.New(lesson.Options{Seed: 12, K: 20, PCAProb: lesson.DefaultPCAProb})
	if err != nil {
		t.Fatal(err)
	}
	if got := fr.Get("bestFit").Get("angle").Float(); math.Float64bits(got) != math.Float64bits(l.Best.AngleDeg) {
		t.Errorf("angle %v, want %v", got, l.Best.AngleDeg)
	}
	x := floats(fr.Get("x"))
	for i := range x {
		if x[i] != l.X[i] {
			t.Fatalf("sample coordinate %d = %v, want %v", i, x[i], l.X[i])
		}
	}
	if fr.Get("step").Int() != 3 || fr.Get("steps").Length() != lesson.NumSteps || fr.Get("seed").String() != "12" {
		t.Errorf("frame step %v, %d steps, seed %v", fr.Get("step"), fr.Get("steps").Length(), fr.Get("seed"))
	}
	// Without {landscape: true} the contour is left out (the page asks once).
	r2 := mustOK(t, callAPI(t, "lesson", M{"state": obj(map[string]string{"lesson": "fig1"})}))
	if !r2.Get("landscape").IsNull() || r2.Get("notices").Length() != 0 {
		t.Errorf("a second call: landscape %v, notices %d", r2.Get("landscape").Type(), r2.Get("notices").Length())
	}
	if msg, code := errorOf(callAPI(t, "lesson", M{"state": obj(nil), "options": "no"})); code != "bad-argument" {
		t.Errorf("bad options: error %q code %q", msg, code)
	}
}
