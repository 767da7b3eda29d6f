package play

import (
	"sync"

	"pcaplay/core/suite"
	"pcaplay/internal/lesson"
	"pcaplay/internal/play/wire"
)

// LessonReply is the reply to the lesson command: the guided lesson of the
// paper's Fig. 1 (internal/lesson) for some URL values.
type LessonReply struct {
	// Frame is everything the lesson view draws for the state.
	Frame *lesson.Frame `js:"frame"`
	// Notices name every lesson value that was replaced or clamped.
	Notices []Notice `js:"notices"`
	// Values are the lesson's URL values as Go read them (lesson, step,
	// seed, pcak, pcaprob), for the page's address.
	Values map[string]string `js:"values"`
	// Landscape is the contour of the lesson's problem over its box, when
	// asked for (it never changes, so the page asks once); else nil (null).
	Landscape *Contour `js:"landscape"`
}

// LessonOptions are the lesson command's options.
type LessonOptions struct {
	// Landscape asks for LessonReply.Landscape.
	Landscape bool `js:"landscape"`
}

var lessonLandscape = sync.OnceValues(func() (*Contour, error) {
	p, err := suite.New(lesson.Problem, 2, suite.Options{})
	if err != nil {
		return nil, wire.Errorf(wire.CodeInternal, "lesson: %v", err)
	}
	lo, hi := p.Bounds()
	return sample(p, func(u, v float64, x []float64) { x[0], x[1] = u, v },
		LandscapeGrid, LandscapeGrid, lo[0], hi[0], lo[1], hi[1], ContourLevels)
})

// Lesson reads the lesson's keys from URL values (lesson.Parse: unknown
// keys ignored, bad values replaced and named) and returns the lesson's
// frame. Only a failure to compute the lesson at all is an error.
func Lesson(raw map[string]string, o LessonOptions) (*LessonReply, error) {
	st, notes := lesson.Parse(raw)
	l, err := lesson.New(st.Options)
	if err != nil {
		return nil, wire.Errorf(wire.CodeInternal, "%v", err)
	}
	stats, err := lesson.AngleStats()
	if err != nil {
		return nil, wire.Errorf(wire.CodeInternal, "%v", err)
	}
	r := &LessonReply{Frame: l.Frame(st.Step, stats), Values: st.Values()}
	for _, n := range notes {
		r.Notices = append(r.Notices, NewNotice(n.Key, n.Value, n.Message))
	}
	if o.Landscape {
		if r.Landscape, err = lessonLandscape(); err != nil {
			return nil, err
		}
	}
	return r, nil
}
