package lesson_test

import (
	"fmt"

	"pcaplay/internal/lesson"
)

// The lesson of Fig. 1 for its default sample: the first axis of the 6
// best follows the valley, that of all 20 does not.
func Example() {
	l, err := lesson.New(lesson.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("seed %d, k = %d: the 6 best's axis is %.1f° off the valley, all 20's %.1f°\n",
		l.Seed, l.K, l.Best.AngleDeg, l.All.AngleDeg)
	for i, s := range l.Steps(nil) {
		fmt.Printf("step=%d %s %s\n", i+1, s.Label, s.Title)
	}
	fmt.Println(l.PlaygroundParams()["pop"], l.PlaygroundParams()["lambda"], l.PlaygroundParams()["pcak"])

	_, err = lesson.New(lesson.Options{Seed: 1, K: 30, PCAProb: 0.1})
	fmt.Println(err)
	// Output:
	// seed 6, k = 6: the 6 best's axis is 2.9° off the valley, all 20's 88.0°
	// step=1 (a) Rosenbrock's valley
	// step=2 (b) 20 random points, the 6 best marked
	// step=3 (c) PCA of the 6 best
	// step=4 (d) PCA of all 20
	// step=5 (e) PCA-projection: project and reconstruct
	// step=6 (f) One PMODE generation
	// step=7  Run PMODE from these points
	// 20 20 6
	// pcak = 30: k must be in [2, 20]
}
