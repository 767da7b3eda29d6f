package protocol

import (
	"slices"
	"testing"

	"pcaplay/internal/lesson"
)

// The protocol lists the lesson's layers and controls and the keys of its
// frame (its js tags).
func TestProtocolLesson(t *testing.T) {
	p := Protocol()
	if p.Lesson.Name != lesson.Name || !slices.Equal(p.Lesson.Layers, lesson.Layers()) || !slices.Equal(p.Lesson.Controls, lesson.Controls()) {
		t.Fatalf("protocol lesson %+v", p.Lesson)
	}
	for _, k := range []string{"step", "seed", "bestFit", "allFit", "gen", "steps", "playground"} {
		if !slices.Contains(p.Keys["LessonFrame"], k) {
			t.Errorf("LessonFrame keys %v lack %q", p.Keys["LessonFrame"], k)
		}
	}
	if !slices.ContainsFunc(p.Commands, func(c CommandSpec) bool { return c.Name == "lesson" && c.Reply == "LessonReply" }) {
		t.Error("the lesson command is not in the protocol")
	}
}
