package cec2017

import (
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// OfficialDims are the dimensions for which official data files exist.
var OfficialDims = []int{10, 30, 50, 100}

func officialDim(dim int) bool {
	for _, d := range OfficialDims {
		if d == dim {
			return true
		}
	}
	return false
}

// DataFiles returns the names of the official files that problem num
// (1..28) at dimension dim (10, 30, 50 or 100) reads, in the order
// LoadDataFS reads them:
//
//	shift_data_N.txt    the shift o of problem N: its first dim numbers
//	                    (the file holds 100 on one line)
//	M_N_D{dim}.txt      the matrix of C02 and C21–C28: dim lines of dim
//	                    numbers, line i holding row i
//	M1_5_D{dim}.txt     C05's first matrix (Data.M)
//	M2_5_D{dim}.txt     C05's second matrix (Data.M2)
//
// The page fetches exactly these files for one problem and dimension.
func DataFiles(num, dim int) ([]string, error) {
	if err := checkNum(num); err != nil {
		return nil, err
	}
	if !officialDim(dim) {
		return nil, fmt.Errorf("cec2017: no official data for dimension %d (the files exist for D = 10, 30, 50, 100; use generated data)", dim)
	}
	names := []string{fmt.Sprintf("shift_data_%d.txt", num)}
	switch {
	case num == 5:
		names = append(names, fmt.Sprintf("M1_5_D%d.txt", dim), fmt.Sprintf("M2_5_D%d.txt", dim))
	case infos[num].rotated:
		names = append(names, fmt.Sprintf("M_%d_D%d.txt", num, dim))
	}
	return names, nil
}

// LoadData reads the official data of problem num (1..28) at dimension dim
// (10, 30, 50 or 100) from the directory dir, which holds the files of the
// official inputData folder under their original names (DataFiles). It is
// LoadDataFS(os.DirFS(dir), num, dim) with errors that name the files by
// their path.
func LoadData(dir string, num, dim int) (*Data, error) {
	return loadData(func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) },
		func(name string) string { return filepath.Join(dir, name) }, num, dim)
}

// LoadDataFS reads the official data of problem num at dimension dim from
// fsys, which holds the files named by DataFiles (for example
// official.FS(), the embedded copy, or os.DirFS of a directory).
//
// Every number must be finite. The error names the file and the line and
// token at fault: a missing file, a non-numeric token, too few numbers in
// the shift file, a matrix line without exactly dim numbers, or a matrix
// without exactly dim non-blank lines.
func LoadDataFS(fsys fs.FS, num, dim int) (*Data, error) {
	return loadData(func(name string) ([]byte, error) { return fs.ReadFile(fsys, name) },
		func(name string) string { return name }, num, dim)
}

// ParseData is LoadDataFS on files already in memory: files maps official
// file names to their contents (the browser fetches them and passes them
// here). Files that problem num at dim does not read are ignored.
func ParseData(files map[string][]byte, num, dim int) (*Data, error) {
	return loadData(func(name string) ([]byte, error) {
		b, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
		}
		return b, nil
	}, func(name string) string { return name }, num, dim)
}

// loadData reads the files of DataFiles(num, dim) with read; display names
// a file in error messages.
func loadData(read func(string) ([]byte, error), display func(string) string, num, dim int) (*Data, error) {
	names, err := DataFiles(num, dim)
	if err != nil {
		return nil, err
	}
	b, err := read(names[0])
	if err != nil {
		return nil, fmt.Errorf("cec2017: shift file: %w", err)
	}
	shift, err := parseShift(display(names[0]), b, dim)
	if err != nil {
		return nil, err
	}
	d := &Data{Shift: shift}
	for i, name := range names[1:] {
		b, err := read(name)
		if err != nil {
			return nil, fmt.Errorf("cec2017: matrix file: %w", err)
		}
		m, err := parseMatrix(display(name), b, dim)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			d.M = m
		} else {
			d.M2 = m
		}
	}
	return d, nil
}

// parseNumber parses one token of a data file; name, line and k (1-based)
// locate it for the error.
func parseNumber(name string, line, k int, tok string) (float64, error) {
	v, err := strconv.ParseFloat(tok, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("cec2017: %s line %d: number %d %q is not a finite number", name, line, k, tok)
	}
	return v, nil
}

// parseShift returns the first dim numbers of the shift file name with
// content b. All of its tokens must be numbers.
func parseShift(name string, b []byte, dim int) ([]float64, error) {
	v := make([]float64, 0, dim)
	count := 0
	for ln, line := range strings.Split(string(b), "\n") {
		for k, tok := range strings.Fields(line) {
			x, err := parseNumber(name, ln+1, k+1, tok)
			if err != nil {
				return nil, err
			}
			if len(v) < dim {
				v = append(v, x)
			}
			count++
		}
	}
	if count < dim {
		return nil, fmt.Errorf("cec2017: %s holds %d numbers, need at least %d", name, count, dim)
	}
	return v, nil
}

// parseMatrix reads a dim×dim matrix from the content b of file name: dim
// non-blank lines of dim numbers.
func parseMatrix(name string, b []byte, dim int) ([]float64, error) {
	m := make([]float64, 0, dim*dim)
	rows := 0
	for ln, line := range strings.Split(string(b), "\n") {
		toks := strings.Fields(line)
		if len(toks) == 0 {
			continue
		}
		rows++
		if rows > dim {
			return nil, fmt.Errorf("cec2017: %s line %d: more than %d rows", name, ln+1, dim)
		}
		if len(toks) != dim {
			return nil, fmt.Errorf("cec2017: %s line %d: %d numbers, need %d", name, ln+1, len(toks), dim)
		}
		for k, tok := range toks {
			x, err := parseNumber(name, ln+1, k+1, tok)
			if err != nil {
				return nil, err
			}
			m = append(m, x)
		}
	}
	if rows < dim {
		return nil, fmt.Errorf("cec2017: %s has %d rows, need %d", name, rows, dim)
	}
	return m, nil
}

// Stream identifiers of GenerateData.
const (
	sharedShift  = 1  // shift group of C01, C02, C12–C28
	sharedMatrix = 2  // matrix of C02, C21–C28 (the official M_2 = M_21 = … = M_28)
	c05Matrix1   = 15 // C05's M (official M1_5)
	c05Matrix2   = 25 // C05's M2 (official M2_5)
)

// GenerateData returns data of the official structure for problem num
// (1..28) at any dimension dim ≥ 2, computed deterministically from
// (num, dim, seed) with math/rand/v2's PCG. It returns nil when num or dim
// is out of range. The official data have this structure, which is kept:
//
//   - One shift vector is shared by C01, C02 and C12–C28 (shift group 1);
//     C03–C11 have their own (group N = the problem number).
//   - Shift coordinates are uniform in [−r, r) with r = 5 for C04 and C05,
//     r = 10 for C06–C09 and C11, r = 50 otherwise (the official shifts lie
//     inside the same ranges).
//   - One matrix is shared by C02 and C21–C28; C05 has two others.
//   - The matrices are not orthogonal: every official matrix has singular
//     values spread between exactly 1 and exactly c, c = 3 for the shared
//     matrix and C05's first, c = 5 for C05's second, with log σ roughly
//     uniform in between (checked with an SVD of the files). That is the
//     construction of the CEC 2005 suite, M = P·diag(σ)·Q with random
//     orthogonal P, Q, which is used here.
//
// The streams:
//
//	shift of group G:       PCG(seed, 1<<32 + G)
//	                        o_i = r·(2u_i − 1), u_i the i-th Float64, i = 1..dim
//	matrix K at dimension D: PCG(seed, K<<40 + D), K = 2 (shared), 15 (C05 M), 25 (C05 M2)
//	                        draws A (D² NormFloat64, row-major), then B (likewise),
//	                        then u_1..u_D (Float64);
//	                        P, Q = Gram–Schmidt orthonormalisation of the
//	                        columns of A and B (modified Gram–Schmidt, each
//	                        column orthogonalised twice against the previous ones);
//	                        σ_k = c^t_k, t_k = (u_k − min u)/(max u − min u),
//	                        evaluated as (Σ_{j=0}^{10} (x/32)^j / j!)^32 with
//	                        x = t_k·ln c (Horner, then five squarings), and
//	                        σ_k = c where t_k = 1;
//	                        M_ij = Σ_k (P_ik σ_k) Q_kj, summed in k order.
//
// As in the official files, the shift for dimension D is the first D
// numbers of one stream, so it is a prefix of the shift for any larger D,
// while each dimension has its own matrices.
//
// The numbers are bit-identical for the same (num, dim, seed) on one
// platform. Apart from NormFloat64 the generation uses only basic
// arithmetic and math.Sqrt (every product that feeds a sum is rounded on
// its own), and the output was checked to agree bit for bit between amd64
// (default GOAMD64=v1) and wasm. Where the standard library itself is
// compiled with fused multiply-adds (arm64, GOAMD64=v3) NormFloat64, and
// so the matrices, may differ in the last bits.
func GenerateData(num, dim int, seed uint64) *Data {
	if checkNum(num) != nil || dim < 2 {
		return nil
	}
	in := infos[num]
	group := uint64(num)
	if num <= 2 || num >= 12 {
		group = sharedShift
	}
	d := &Data{Shift: genShift(seed, group, in.shift, dim)}
	switch {
	case num == 5:
		d.M = genMatrix(seed, c05Matrix1, 3, dim)
		d.M2 = genMatrix(seed, c05Matrix2, 5, dim)
	case in.rotated:
		d.M = genMatrix(seed, sharedMatrix, 3, dim)
	}
	return d
}

// genShift returns o_i = r·(2u_i − 1), i = 1..dim, from stream 1<<32 + group.
func genShift(seed, group uint64, r float64, dim int) []float64 {
	rng := rand.New(rand.NewPCG(seed, 1<<32+group))
	o := make([]float64, dim)
	for i := range o {
		o[i] = r * (2*rng.Float64() - 1)
	}
	return o
}

// genMatrix returns M = P·diag(σ)·Q (row-major, dim×dim) with condition
// number c from stream id<<40 + dim; see GenerateData.
func genMatrix(seed, id uint64, c float64, dim int) []float64 {
	rng := rand.New(rand.NewPCG(seed, id<<40+uint64(dim)))
	n := dim
	p := make([]float64, n*n)
	q := make([]float64, n*n)
	for i := range p {
		p[i] = rng.NormFloat64()
	}
	for i := range q {
		q[i] = rng.NormFloat64()
	}
	u := make([]float64, n)
	umin, umax := math.Inf(1), math.Inf(-1)
	for i := range u {
		u[i] = rng.Float64()
		umin = min(umin, u[i])
		umax = max(umax, u[i])
	}
	gramSchmidt(p, n)
	gramSchmidt(q, n)
	sigma := u
	for k := range sigma {
		t := 0.0
		if umax > umin {
			t = (u[k] - umin) / (umax - umin)
		}
		sigma[k] = powC(c, t)
	}
	m := make([]float64, n*n)
	for i := range n {
		row := m[i*n : (i+1)*n]
		for k := range n {
			pk := float64(p[i*n+k] * sigma[k])
			qk := q[k*n : (k+1)*n]
			for j := range row {
				row[j] += float64(pk * qk[j])
			}
		}
	}
	return m
}

// powC returns c^t for c ∈ {3, 5} and t ∈ [0, 1] as exp(t·ln c), with
// exp(x) = (Σ_{j=0}^{10} (x/32)^j / j!)^32 (Horner's scheme, then five
// squarings; relative error below 1e-14), and c^1 = c exactly. It uses only
// basic arithmetic, unlike math.Pow whose math.Exp has assembly versions,
// so the generated matrices do not depend on the platform.
func powC(c, t float64) float64 {
	if t == 1 {
		return c
	}
	lnc := ln3
	if c == 5 {
		lnc = ln5
	}
	r := float64(t*lnc) / 32
	p := 1.0
	for k := 10; k >= 1; k-- {
		p = 1 + float64(r*p)/float64(k)
	}
	for range 5 {
		p *= p
	}
	return p
}

// ln 3 and ln 5, the nearest doubles.
const (
	ln3 = 1.0986122886681098
	ln5 = 1.6094379124341003
)

// gramSchmidt replaces the columns of the row-major n×n matrix a by their
// Gram–Schmidt orthonormalisation: column j becomes v/‖v‖ where v is
// column j minus its projections on the new columns 0..j−1, subtracted one
// at a time (modified Gram–Schmidt) in two sweeps.
func gramSchmidt(a []float64, n int) {
	// Work on the transpose so that columns are contiguous.
	c := make([]float64, n*n)
	for i := range n {
		for j := range n {
			c[j*n+i] = a[i*n+j]
		}
	}
	for j := range n {
		v := c[j*n:][:n]
		for range 2 {
			for k := range j {
				q := c[k*n:][:n]
				var dot float64
				for i, qi := range q {
					dot += float64(qi * v[i])
				}
				for i, qi := range q {
					v[i] -= float64(dot * qi)
				}
			}
		}
		var s float64
		for _, vi := range v {
			s += float64(vi * vi)
		}
		s = math.Sqrt(s)
		for i := range v {
			v[i] /= s
		}
	}
	for i := range n {
		for j := range n {
			a[i*n+j] = c[j*n+i]
		}
	}
}
