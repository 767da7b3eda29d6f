package play

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzTypedKey feeds the decoder of typed= hostile values: it must never
// panic, its errors are one line, and a definition it reads encodes back
// to a value that decodes to the same definition (the canonical text, so
// the address written back is stable). The address with that value must
// sanitize to a run of that definition or of the default problem, with a
// notice for anything replaced; the experiment view's definition of it
// must read back the same. Fuzz it with
//
//	go test ./internal/play -run '^$' -fuzz FuzzTypedKey -fuzztime 5m
func FuzzTypedKey(f *testing.F) {
	def := mustDef(f, typedRing)
	enc := EncodeTyped(def)
	f.Add(enc, "")
	f.Add(enc+","+enc, def.ID())
	f.Add(enc[:len(enc)-3], "C01")
	f.Add(encodeRaw(`{"name":"r","dim":2,"lower":[-1,-2],"upper":1,"f":"sum(i,1,D,x[i]^2)","g":["x1-x2"]}`), "r")
	f.Add(encodeRaw(`{"name":"r","dim":2,"lower":-1,"upper":1,"f":"x1 + y"}`), "")
	f.Add(encodeRaw(`{"name":"r","dim":2,"lower":-1,"upper":1,"f":"x1","h":["x2"],"best":{"f":0,"x":[0,0]}}`), "")
	f.Add("====", "rosenbrock")
	f.Add(bomb(), "")
	f.Add(",,,", "")
	f.Fuzz(func(t *testing.T, value, problem string) {
		for _, item := range strings.Split(value, ",") {
			d, err := DecodeTyped(item)
			if err != nil {
				if strings.ContainsAny(err.Error(), "\n\r") {
					t.Fatalf("DecodeTyped(%q): error of more than one line: %q", item, err)
				}
				continue
			}
			e := EncodeTyped(d)
			back, err := DecodeTyped(e)
			if err != nil || back.ID() != d.ID() || EncodeTyped(back) != e {
				t.Fatalf("DecodeTyped(%q) = %s: its encoding %q reads back as %v, %v", item, d.ID(), e, back, err)
			}
		}
		raw := map[string]string{"typed": value}
		if problem != "" {
			raw["problem"] = problem
		}
		c, notes, _, err := Sanitize(raw)
		if err != nil {
			t.Fatalf("Sanitize(%q): %v", raw, err)
		}
		if c.Typed != nil {
			if c.Problem != c.Typed.ID() || c.Dim < MinTypedDim || c.Dim > MaxTypedDim {
				t.Fatalf("Sanitize(%q): typed %s at D = %d", raw, c.Problem, c.Dim)
			}
			if _, err := c.newProblem(nil); err != nil {
				t.Fatalf("Sanitize(%q) gave a typed problem that does not compile: %v", raw, err)
			}
		}
		for _, n := range notes {
			if len([]rune(n.Message)) > maxMessage+24 || len([]rune(n.Value)) > EchoMax+24 {
				t.Fatalf("Sanitize(%q): notice too long: %+v", raw, n)
			}
		}
		// the experiment view reads typed= and names its problems in problems=
		x := DefineExperiment(map[string]string{"mode": "experiment", "typed": value, "problems": problem}, 4)
		for i, cell := range x.Def.Cells {
			if cell.Typed == "" {
				continue
			}
			d, err := DecodeTyped(cell.Typed)
			if err != nil || d.ID() != cell.Problem || x.Def.Problems[i] != cell.Problem || cell.Dim < MinTypedDim || cell.Dim > MaxTypedDim {
				t.Fatalf("DefineExperiment(typed=%q, problems=%q): cell %+v: %v", value, problem, cell, err)
			}
		}
		if back := DefineExperiment(x.Values, 4); len(back.Notices) != 0 || !reflect.DeepEqual(back.Def, x.Def) || back.ID != x.ID {
			t.Fatalf("DefineExperiment(typed=%q, problems=%q) read back: %+v, want %+v", value, problem, back, x)
		}
		again, notes2, _, err := Sanitize(c.Values())
		if err != nil || len(notes2) != 0 || again.Problem != c.Problem || again.Dim != c.Dim {
			t.Fatalf("Sanitize(Values()) of %q = %s at %d, %v, %v", raw, again.Problem, again.Dim, notes2, err)
		}
	})
}
