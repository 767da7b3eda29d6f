package cec2017

// fill writes the coordinates y_{i0}, …, y_{i0+n−1} of the transformed
// point into buf and returns n = min(len(buf), D − i0). With m = nil,
// y = z = x − o; otherwise y = m z with y_i = Σ_j m_ij z_j summed in index
// order (C rotatefunc), z_j = x_j − o_j recomputed on the fly. Four rows
// are accumulated side by side; each row keeps its own summation order.
//
// This is the WebAssembly version (fill.go is the other): two j per pass of
// the inner loop, the same operations in the same order. Go's WebAssembly
// port sends every jump back to a loop's head through the function's
// block dispatcher, so halving the jumps pays there; natively the extra
// bounds checks cost a little, so the native version keeps one j.
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
		j := 0
		for ; j+1 < d; j += 2 {
			za, zb := x[j]-o[j], x[j+1]-o[j+1]
			s0 += float64(za * r0[j])
			s1 += float64(za * r1[j])
			s2 += float64(za * r2[j])
			s3 += float64(za * r3[j])
			s0 += float64(zb * r0[j+1])
			s1 += float64(zb * r1[j+1])
			s2 += float64(zb * r2[j+1])
			s3 += float64(zb * r3[j+1])
		}
		if j < d {
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
		j := 0
		for ; j+1 < d; j += 2 {
			s += float64((x[j] - o[j]) * row[j])
			s += float64((x[j+1] - o[j+1]) * row[j+1])
		}
		if j < d {
			s += float64((x[j] - o[j]) * row[j])
		}
		buf[k] = s
	}
	return n
}

// fill2 writes the blocks of y = m z into buf and of w = m2 z into buf2
// (C05's M1 and M2) and returns their length: the same numbers as
// fill(buf, m, x, i0) and fill(buf2, m2, x, i0), in one call and one pass
// over z. Two rows of each matrix are accumulated side by side, each row
// in its own summation order. In WebAssembly this takes about 15 % off a
// C05 evaluation (Evaluate at D = 10: 564 → 492 ns of CPU; four rows of
// each were no better); fill.go's fill2 is the two calls.
func (p *cec) fill2(buf, buf2 []float64, m, m2, x []float64, i0 int) int {
	d := p.dim
	n := min(len(buf), len(buf2), d-i0)
	buf, buf2 = buf[:n], buf2[:n]
	x = x[:d]
	o := p.o[:d]
	k := 0
	for ; k+2 <= n; k += 2 {
		r := (i0 + k) * d
		a0, a1 := m[r:][:d], m[r+d:][:d]
		b0, b1 := m2[r:][:d], m2[r+d:][:d]
		var s0, s1, t0, t1 float64
		for j := range d {
			zj := x[j] - o[j]
			s0 += float64(zj * a0[j])
			s1 += float64(zj * a1[j])
			t0 += float64(zj * b0[j])
			t1 += float64(zj * b1[j])
		}
		buf[k], buf[k+1], buf2[k], buf2[k+1] = s0, s1, t0, t1
	}
	for ; k < n; k++ {
		r := (i0 + k) * d
		a0, b0 := m[r:][:d], m2[r:][:d]
		var s0, t0 float64
		for j := range d {
			zj := x[j] - o[j]
			s0 += float64(zj * a0[j])
			t0 += float64(zj * b0[j])
		}
		buf[k], buf2[k] = s0, t0
	}
	return n
}
