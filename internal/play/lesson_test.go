package play

import (
	"strings"
	"testing"
)

func TestLesson(t *testing.T) {
	huge := strings.Repeat("9", 5000)
	r, err := Lesson(map[string]string{"lesson": "fig1", "step": "4", "seed": huge, "pcaprob": "2"}, LessonOptions{Landscape: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Notices) != 2 || r.Notices[0].Key != "seed" || r.Notices[1].Key != "pcaprob" {
		t.Fatalf("notices %+v", r.Notices)
	}
	if len(r.Notices[0].Value) > 4*EchoMax || strings.Contains(r.Notices[0].Message, huge) {
		t.Fatalf("the notice repeats the 5000-character seed: %d characters", len(r.Notices[0].Value))
	}
	if r.Frame.Step != 4 || r.Frame.Seed != "6" || r.Frame.PCAProb != 1 || r.Values["pcaprob"] != "1" || r.Values["step"] != "4" {
		t.Fatalf("frame step %d seed %s p %v, values %v", r.Frame.Step, r.Frame.Seed, r.Frame.PCAProb, r.Values)
	}
	c := r.Landscape
	if c == nil || c.NX != LandscapeGrid || c.Extent != [4]float64{-1, 2, -1, 2} || len(c.Levels) == 0 || len(c.Lines) == 0 {
		t.Fatalf("landscape %+v", c)
	}
	r2, _ := Lesson(map[string]string{}, LessonOptions{})
	if r2.Landscape != nil || len(r2.Notices) != 0 || r2.Frame.Step != 1 {
		t.Fatalf("default lesson: landscape %v, notices %v, step %d", r2.Landscape != nil, r2.Notices, r2.Frame.Step)
	}
	r3, _ := Lesson(map[string]string{}, LessonOptions{Landscape: true})
	if r3.Landscape != c {
		t.Fatal("the landscape is sampled again instead of reused")
	}
}
