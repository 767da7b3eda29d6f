package e2e

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
	"pcaplay/internal/server"
)

// nativeBest runs what `cec run` runs (experiment.RunOne) and returns the
// final best f as the page's status shows its bits.
func nativeBest(t *testing.T, problem string, dim int, algo string, seed uint64, fes int, data suite.Options) (string, float64) {
	t.Helper()
	p, err := suite.New(problem, dim, data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := experiment.NewSettings(algo, dim, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := experiment.RunOne(context.Background(), p, s, seed, fes)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%016x", math.Float64bits(rec.F)), rec.F
}

// dataNote is the settings panel's line on the run's data.
func dataNote(tb *tab) (label, text string) {
	v := eval[[]string](tb, 10*time.Second, jsExpr("data-note"))
	return v[0], v[1]
}

// TestOfficialDataInPage: a run of the page on a CEC problem
// at D = 10 or 30 fetches the official data and ends with the final best
// that `cec run` (the embedded official copy) finds for the same problem,
// D, algorithm, settings and seed, bit for bit; at D = 2 the page says it
// uses generated data.
func TestOfficialDataInPage(t *testing.T) {
	h := setup(t)
	for _, c := range []struct {
		problem string
		dim     int
		algo    string
		seed    uint64
		fes     int
	}{
		{"C05", 10, "heco-pde", 9, 6000}, // two matrices
		{"C02", 30, "pmode", 3, 9000},    // one matrix, D = 30
	} {
		t.Run(fmt.Sprintf("%s-D%d-%s", c.problem, c.dim, c.algo), func(t *testing.T) {
			tb := h.newTab(t)
			tb.open(hash("problem", c.problem, "dim", fmt.Sprint(c.dim), "algo", c.algo, "seed", fmt.Sprint(c.seed), "fes", fmt.Sprint(c.fes), "speed", "10"))
			tb.noNotice()
			if label, text := dataNote(tb); label != "official" || !strings.Contains(text, "official") {
				t.Errorf("data note %q (label %q), want the official instance", text, label)
			}
			s := tb.runToEnd(3 * time.Minute)
			want, f := nativeBest(t, c.problem, c.dim, c.algo, c.seed, c.fes, suite.Options{Data: official.FS()})
			if s.BestFBits != want {
				t.Errorf("page best f %s (bits %s), cec run %v (bits %s)", s.BestF, s.BestFBits, f, want)
			}
			tb.noConsoleErrors()
		})
	}
	for _, d := range []string{"2", "20"} {
		tb := h.newTab(t)
		tb.open(hash("problem", "C05", "dim", d, "algo", "pmode"))
		tb.noNotice()
		if label, text := dataNote(tb); label != "generated" || !strings.Contains(text, "generated rotation and shift, not the official instance") {
			t.Errorf("D = %s: data note %q (label %q)", d, text, label)
		}
	}
}

// TestOfficialDataFetchFails: when the data cannot be fetched the page
// says so, keeps working on generated data (the run `cec run -data
// generated` makes), and a later problem still works.
func TestOfficialDataFetchFails(t *testing.T) {
	h := setup(t)
	srv, err := server.New(os.DirFS(h.siteDir))
	if err != nil {
		t.Fatal(err)
	}
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/data/cec2017/") {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		srv.ServeHTTP(w, r)
	}))
	defer broken.Close()
	tb := h.newTab(t)
	tb.navigate(broken.URL + "/#" + hash("problem", "C01", "dim", "10", "algo", "pmode", "seed", "4", "fes", "3000", "speed", "10"))
	tb.waitReady()
	shown, text := tb.notice()
	if !shown || !strings.Contains(text, "HTTP 404") || !strings.Contains(text, "generated rotation and shift, not the official instance") {
		t.Errorf("notice shown %v %q, want one naming HTTP 404 and the generated data", shown, text)
	}
	if label, note := dataNote(tb); label != "generated" || !strings.Contains(note, "HTTP 404") {
		t.Errorf("data note %q (label %q)", note, label)
	}
	s := tb.runToEnd(3 * time.Minute)
	if want, f := nativeBest(t, "C01", 10, "pmode", 4, 3000, suite.Options{}); s.BestFBits != want {
		t.Errorf("page best f %s (bits %s), cec run -data generated %v (bits %s)", s.BestF, s.BestFBits, f, want)
	}
}
