package cec2017

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/internal/testdata"
)

// writeFile writes name in dir.
func writeFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// numbers returns n numbers v(0), …, v(n−1) in %e form separated by spaces.
func numbers(n int, v func(int) float64) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "  %.16e", v(i))
	}
	return b.String()
}

// matrixText returns dim lines of dim numbers with entry (i, j) = v(i, j).
func matrixText(dim int, v func(i, j int) float64) string {
	var b strings.Builder
	for i := range dim {
		b.WriteString(numbers(dim, func(j int) float64 { return v(i, j) }))
		b.WriteString("\n")
	}
	return b.String()
}

// TestLoadDataLayout reads hand-made files and checks which file lands
// where and that line i of a matrix file is row i.
func TestLoadDataLayout(t *testing.T) {
	dir := t.TempDir()
	const dim = 10
	for _, num := range []int{5, 21} {
		writeFile(t, dir, fmt.Sprintf("shift_data_%d.txt", num), numbers(100, func(i int) float64 { return float64(num) + float64(i)/1000 }))
	}
	writeFile(t, dir, "M_21_D10.txt", matrixText(dim, func(i, j int) float64 { return float64(100*i + j) }))
	writeFile(t, dir, "M1_5_D10.txt", matrixText(dim, func(i, j int) float64 { return float64(-100*i - j) }))
	writeFile(t, dir, "M2_5_D10.txt", matrixText(dim, func(i, j int) float64 { return 0.5 + float64(i*dim+j) }))

	d, err := LoadData(dir, 21, dim)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Shift) != dim || d.Shift[0] != 21 || d.Shift[9] != 21.009 || d.M2 != nil {
		t.Errorf("C21 shift %v, M2 %v", d.Shift, d.M2)
	}
	for i := range dim {
		for j := range dim {
			if d.M[i*dim+j] != float64(100*i+j) {
				t.Fatalf("C21 M[%d*dim+%d] = %v, want %v", i, j, d.M[i*dim+j], 100*i+j)
			}
		}
	}
	d, err = LoadData(dir, 5, dim)
	if err != nil {
		t.Fatal(err)
	}
	if d.Shift[3] != 5.003 || d.M[2*dim+7] != -207 || d.M2[2*dim+7] != 27.5 {
		t.Errorf("C05: shift[3] = %v, M(3,8) = %v, M2(3,8) = %v", d.Shift[3], d.M[2*dim+7], d.M2[2*dim+7])
	}
}

func TestLoadDataErrors(t *testing.T) {
	const dim = 10
	shift := numbers(100, func(i int) float64 { return float64(i) })
	matrix := matrixText(dim, func(i, j int) float64 { return float64(i - j) })
	rows := strings.SplitAfter(matrix, "\n")
	cases := []struct {
		name  string
		files map[string]string
		num   int
		want  []string
	}{
		{"missing shift", nil, 1, []string{"shift_data_1.txt"}},
		{"bad token", map[string]string{"shift_data_3.txt": "1.0 2.0 x3.0 4.0"}, 3, []string{"shift_data_3.txt", "line 1", "number 3", `"x3.0"`}},
		{"NaN token", map[string]string{"shift_data_3.txt": strings.Replace(shift, "5.", "NaN", 1)}, 3, []string{"shift_data_3.txt", "NaN"}},
		{"short shift", map[string]string{"shift_data_4.txt": "1 2 3 4 5 6 7"}, 4, []string{"shift_data_4.txt", "7 numbers", "10"}},
		{"missing matrix", map[string]string{"shift_data_22.txt": shift}, 22, []string{"M_22_D10.txt"}},
		{"missing second matrix", map[string]string{"shift_data_5.txt": shift, "M1_5_D10.txt": matrix}, 5, []string{"M2_5_D10.txt"}},
		{"short matrix", map[string]string{"shift_data_2.txt": shift, "M_2_D10.txt": strings.Join(rows[:9], "")}, 2, []string{"M_2_D10.txt", "9 rows", "10"}},
		{"long matrix", map[string]string{"shift_data_2.txt": shift, "M_2_D10.txt": matrix + rows[0]}, 2, []string{"M_2_D10.txt", "line 11", "more than 10 rows"}},
		{"short row", map[string]string{"shift_data_2.txt": shift, "M_2_D10.txt": strings.Join(rows[:3], "") + "1 2 3\n" + strings.Join(rows[4:], "")}, 2, []string{"M_2_D10.txt", "line 4", "3 numbers"}},
		{"bad matrix token", map[string]string{"shift_data_2.txt": shift, "M_2_D10.txt": strings.Replace(matrix, "-1.0000000000000000e+00", "-1.0e+0q", 1)}, 2, []string{"M_2_D10.txt", "line 1", "number 2", `"-1.0e+0q"`}},
		{"infinite matrix entry", map[string]string{"shift_data_2.txt": shift, "M_2_D10.txt": strings.Replace(matrix, "-1.0000000000000000e+00", "1e999", 1)}, 2, []string{"M_2_D10.txt", "1e999"}},
	}
	for _, c := range cases {
		dir := t.TempDir()
		for name, text := range c.files {
			writeFile(t, dir, name, text)
		}
		_, err := LoadData(dir, c.num, dim)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") {
			t.Errorf("%s: error spans lines: %q", c.name, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error %q does not mention %q", c.name, msg, w)
			}
		}
	}
	for _, c := range []struct{ num, dim int }{{1, 20}, {1, 2}, {0, 10}, {29, 10}} {
		_, err := LoadData(t.TempDir(), c.num, c.dim)
		bad := c.dim
		if c.dim == 10 {
			bad = c.num
		}
		if err == nil || !strings.Contains(err.Error(), fmt.Sprint(bad)) {
			t.Errorf("LoadData(num %d, dim %d): error %v, want one naming %d", c.num, c.dim, err, bad)
		}
	}
}

// TestOfficialData loads every official file and checks the structure the
// generator copies: shift ranges, shared vectors and matrices, and singular
// values spread between 1 and c.
func TestOfficialData(t *testing.T) {
	for _, dim := range OfficialDims {
		ds := make([]*Data, NumProblems+1)
		for num := 1; num <= NumProblems; num++ {
			d, err := LoadDataFS(official.FS(), num, dim)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := New(num, dim, d); err != nil {
				t.Fatal(err)
			}
			if (d.M != nil) != specRotated(num) || (d.M2 != nil) != (num == 5) {
				t.Errorf("C%02d D=%d: matrices present %v %v", num, dim, d.M != nil, d.M2 != nil)
			}
			r := specShiftRange(num)
			for i, o := range d.Shift {
				if math.Abs(o) >= r {
					t.Errorf("C%02d D=%d: official shift[%d] = %v outside ±%v", num, dim, i, o, r)
				}
			}
			ds[num] = d
		}
		for num := 12; num <= NumProblems; num++ {
			if !slices.Equal(ds[num].Shift, ds[1].Shift) {
				t.Errorf("D=%d: official shift of C%02d differs from C01's", dim, num)
			}
		}
		if !slices.Equal(ds[2].Shift, ds[1].Shift) {
			t.Errorf("D=%d: official shift of C02 differs from C01's", dim)
		}
		for num := 21; num <= NumProblems; num++ {
			if !slices.Equal(ds[num].M, ds[2].M) {
				t.Errorf("D=%d: official matrix of C%02d differs from C02's", dim, num)
			}
		}
		checkSpread(t, fmt.Sprintf("official M_2_D%d", dim), ds[2].M, dim, 3)
		checkSpread(t, fmt.Sprintf("official M1_5_D%d", dim), ds[5].M, dim, 3)
		checkSpread(t, fmt.Sprintf("official M2_5_D%d", dim), ds[5].M2, dim, 5)
	}
}

// checkSpread checks that the largest singular value of the dim×dim matrix
// m is c and the smallest 1, and that m is not orthogonal.
func checkSpread(t *testing.T, what string, m []float64, dim int, c float64) {
	t.Helper()
	var svd mat.SVD
	if !svd.Factorize(mat.NewDense(dim, dim, m), mat.SVDNone) {
		t.Fatalf("%s: SVD failed", what)
	}
	s := svd.Values(nil)
	if math.Abs(s[0]-c) > 1e-9*c || math.Abs(s[dim-1]-1) > 1e-9 {
		t.Errorf("%s: singular values from %v to %v, want %v to 1", what, s[dim-1], s[0], c)
	}
}

func TestGenerateDataDeterministic(t *testing.T) {
	for num := 1; num <= NumProblems; num++ {
		for _, dim := range []int{2, 10, 33} {
			a, b := GenerateData(num, dim, 42), GenerateData(num, dim, 42)
			if !slices.Equal(a.Shift, b.Shift) || !slices.Equal(a.M, b.M) || !slices.Equal(a.M2, b.M2) {
				t.Errorf("C%02d D=%d: two calls with seed 42 differ", num, dim)
			}
			c := GenerateData(num, dim, 43)
			if slices.Equal(a.Shift, c.Shift) {
				t.Errorf("C%02d D=%d: seeds 42 and 43 give the same shift", num, dim)
			}
			if a.M != nil && slices.Equal(a.M, c.M) {
				t.Errorf("C%02d D=%d: seeds 42 and 43 give the same matrix", num, dim)
			}
			if len(a.Shift) != dim || (a.M != nil) != specRotated(num) || (a.M2 != nil) != (num == 5) ||
				(a.M != nil && len(a.M) != dim*dim) || (a.M2 != nil && len(a.M2) != dim*dim) {
				t.Errorf("C%02d D=%d: shapes %d, %d, %d", num, dim, len(a.Shift), len(a.M), len(a.M2))
			}
		}
	}
	for _, c := range []struct{ num, dim int }{{0, 10}, {29, 10}, {1, 1}, {1, 0}} {
		if d := GenerateData(c.num, c.dim, 1); d != nil {
			t.Errorf("GenerateData(%d, %d) = %v, want nil", c.num, c.dim, d)
		}
	}
}

// TestGenerateDataStructure checks shift ranges, sharing and the singular
// values of the generated matrices.
func TestGenerateDataStructure(t *testing.T) {
	const seed = 99
	for _, dim := range []int{2, 10, 30, 100} {
		ds := make([]*Data, NumProblems+1)
		for num := 1; num <= NumProblems; num++ {
			ds[num] = GenerateData(num, dim, seed)
			r := specShiftRange(num)
			big := 0.0
			for i, o := range ds[num].Shift {
				if !(math.Abs(o) <= r) {
					t.Errorf("C%02d D=%d: shift[%d] = %v outside ±%v", num, dim, i, o, r)
				}
				big = max(big, math.Abs(o))
			}
			// 100 uniform draws all inside ±0.8r has probability 0.8^100.
			if dim == 100 && big < 0.8*r {
				t.Errorf("C%02d D=%d: largest |shift| %v, want the range ±%v filled", num, dim, big, r)
			}
		}
		for num := 2; num <= NumProblems; num++ {
			if shared := num == 2 || num >= 12; shared != slices.Equal(ds[num].Shift, ds[1].Shift) {
				t.Errorf("D=%d: C%02d shares C01's shift: %v, want %v", dim, num, !shared, shared)
			}
		}
		for a := 3; a <= 11; a++ {
			for b := 3; b < a; b++ {
				if slices.Equal(ds[a].Shift, ds[b].Shift) {
					t.Errorf("D=%d: C%02d and C%02d have the same shift", dim, a, b)
				}
			}
		}
		for num := 21; num <= NumProblems; num++ {
			if !slices.Equal(ds[num].M, ds[2].M) {
				t.Errorf("D=%d: C%02d does not share C02's matrix", dim, num)
			}
		}
		if slices.Equal(ds[5].M, ds[2].M) || slices.Equal(ds[5].M2, ds[2].M) || slices.Equal(ds[5].M, ds[5].M2) {
			t.Errorf("D=%d: C05's matrices are not its own", dim)
		}
		checkSpread(t, fmt.Sprintf("generated shared matrix D=%d", dim), ds[2].M, dim, 3)
		checkSpread(t, fmt.Sprintf("generated C05 M D=%d", dim), ds[5].M, dim, 3)
		checkSpread(t, fmt.Sprintf("generated C05 M2 D=%d", dim), ds[5].M2, dim, 5)
	}
	// The shift for D is the prefix of the shift for a larger D, as in the
	// official files; matrices are per dimension.
	a, b := GenerateData(7, 10, seed), GenerateData(7, 30, seed)
	if !slices.Equal(a.Shift, b.Shift[:10]) {
		t.Errorf("C07: the D=10 shift is not the prefix of the D=30 shift")
	}
}

// TestPowC compares the portable c^t of GenerateData with math.Pow.
func TestPowC(t *testing.T) {
	for _, c := range []float64{3, 5} {
		if powC(c, 0) != 1 || powC(c, 1) != c {
			t.Errorf("c = %v: c^0 = %v, c^1 = %v", c, powC(c, 0), powC(c, 1))
		}
		for k := range 1001 {
			x := float64(k) / 1000
			if got, want := powC(c, x), math.Pow(c, x); math.Abs(got-want) > 1e-14*want {
				t.Errorf("%v^%v = %v, math.Pow gives %v", c, x, got, want)
			}
		}
	}
}

// TestDataFiles lists the files of a few problems and checks that the three
// loaders (a directory, an fs.FS, files in memory) read the same data from
// exactly those files.
func TestDataFiles(t *testing.T) {
	for _, c := range []struct {
		num, dim int
		want     []string
	}{
		{1, 10, []string{"shift_data_1.txt"}},
		{2, 30, []string{"shift_data_2.txt", "M_2_D30.txt"}},
		{5, 100, []string{"shift_data_5.txt", "M1_5_D100.txt", "M2_5_D100.txt"}},
		{11, 50, []string{"shift_data_11.txt"}},
		{28, 10, []string{"shift_data_28.txt", "M_28_D10.txt"}},
	} {
		got, err := DataFiles(c.num, c.dim)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("DataFiles(%d, %d) = %v, %v; want %v", c.num, c.dim, got, err, c.want)
		}
	}
	for _, c := range []struct{ num, dim int }{{0, 10}, {29, 10}, {1, 12}, {1, 2}} {
		if _, err := DataFiles(c.num, c.dim); err == nil {
			t.Errorf("DataFiles(%d, %d): no error", c.num, c.dim)
		}
	}
	dir := testdata.CEC2017Data(t)
	for _, dim := range OfficialDims {
		for num := 1; num <= NumProblems; num++ {
			names, err := DataFiles(num, dim)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for _, n := range names {
				b, err := os.ReadFile(filepath.Join(dir, n))
				if err != nil {
					t.Fatal(err)
				}
				files[n] = b
			}
			a, err1 := LoadData(dir, num, dim)
			b, err2 := LoadDataFS(official.FS(), num, dim)
			c, err3 := ParseData(files, num, dim)
			if err1 != nil || err2 != nil || err3 != nil {
				t.Fatal(err1, err2, err3)
			}
			for _, d := range []*Data{b, c} {
				if !slices.Equal(a.Shift, d.Shift) || !slices.Equal(a.M, d.M) || !slices.Equal(a.M2, d.M2) {
					t.Errorf("C%02d D=%d: the loaders disagree", num, dim)
				}
			}
			if len(names) > 1 {
				delete(files, names[len(names)-1])
				if _, err := ParseData(files, num, dim); err == nil || !strings.Contains(err.Error(), names[len(names)-1]) {
					t.Errorf("C%02d D=%d without %s: %v", num, dim, names[len(names)-1], err)
				}
			}
		}
	}
}
