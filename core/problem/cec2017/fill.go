//go:build !wasm

package cec2017

// fill writes the coordinates y_{i0}, …, y_{i0+n−1} of the transformed
// point into buf and returns n = min(len(buf), D − i0). With m = nil,
// y = z = x − o; otherwise y = m z with y_i = Σ_j m_ij z_j summed in index
// order (C rotatefunc), z_j = x_j − o_j recomputed on the fly. Four rows
// are accumulated side by side; each row keeps its own summation order.
func (p *cec) fill(buf []float64, m, x []float64, i0 int) int {
	d := p.dim
	n := min(len(buf), d-i0)
	buf = buf[:n]
	x = x[:d]
	o := p.o[:d]
	if m == nil {
		xs, ox := x[i0:i0+n], o[i0:i0+n]
		for k := range buf {
			buf[k] = xs[k] - ox[k]
		}
		return n
	}
	k := 0
	for ; k+4 <= n; k += 4 {
		r := (i0 + k) * d
		r0 := m[r:][:d]
		r1 := m[r+d:][:d]
		r2 := m[r+2*d:][:d]
		r3 := m[r+3*d:][:d]
		var s0, s1, s2, s3 float64
		for j := range d {
			zj := x[j] - o[j]
			s0 += float64(zj * r0[j])
			s1 += float64(zj * r1[j])
			s2 += float64(zj * r2[j])
			s3 += float64(zj * r3[j])
		}
		buf[k], buf[k+1], buf[k+2], buf[k+3] = s0, s1, s2, s3
	}
	for ; k < n; k++ {
		r := (i0 + k) * d
		row := m[r:][:d]
		var s float64
		for j := range d {
			s += float64((x[j] - o[j]) * row[j])
		}
		buf[k] = s
	}
	return n
}

// fill2 writes the blocks of y = m z into buf and of w = m2 z into buf2
// (C05's M1 and M2) and returns their length: fill twice (fill_wasm.go
// has a one-pass version, which pays in WebAssembly only).
func (p *cec) fill2(buf, buf2 []float64, m, m2, x []float64, i0 int) int {
	p.fill(buf2, m2, x, i0)
	return p.fill(buf, m, x, i0)
}
