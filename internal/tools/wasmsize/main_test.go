package main

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"pcaplay/internal/play/protocol"
)

func commandNames() []string {
	var all []string
	for _, c := range protocol.Commands() {
		all = append(all, c.Name)
	}
	return all
}

// TestVariantsMatchTheTable: every group and variant names commands of
// protocol.Commands, no command is in two groups, and the core variant
// is the table less every group.
func TestVariantsMatchTheTable(t *testing.T) {
	all := commandNames()
	seen := map[string]string{}
	for _, g := range groups {
		for _, c := range g.Commands {
			if other, ok := seen[c]; ok {
				t.Errorf("command %s is in groups %s and %s", c, other, g.Name)
			}
			seen[c] = g.Name
		}
	}
	for _, v := range variants {
		keep, err := v.keep(all)
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		switch v.Name {
		case "full":
			if !slices.Equal(keep, all) {
				t.Errorf("full keeps %v, want every command", keep)
			}
		case "core":
			if len(keep)+len(seen) != len(all) {
				t.Errorf("core keeps %d commands; the table has %d, the groups %d", len(keep), len(all), len(seen))
			}
		}
		if !slices.Contains(keep, "protocol") {
			t.Errorf("%s leaves out the protocol command, which the worker calls first", v.Name)
		}
	}
}

func TestKeep(t *testing.T) {
	all := []string{"protocol", "summarise", "record", "oneFile", "step"}
	saved := groups
	defer func() { groups = saved }()
	groups = []group{{Name: "experiment", Commands: []string{"summarise", "record"}}, {Name: "bad", Commands: []string{"nope"}}}
	for _, c := range []struct {
		v       variant
		want    []string
		wantErr string
	}{
		{variant{Name: "full"}, all, ""},
		{variant{Name: "a", Drop: []string{"experiment"}}, []string{"protocol", "oneFile", "step"}, ""},
		{variant{Name: "b", Keep: []string{"step", "protocol"}}, []string{"protocol", "step"}, ""},
		{variant{Name: "c", Drop: []string{"nosuch"}}, nil, `group "nosuch"`},
		{variant{Name: "d", Drop: []string{"bad"}}, nil, `"nope", which is not a command`},
		{variant{Name: "e", Keep: []string{"nope"}}, nil, `keeps "nope"`},
	} {
		got, err := c.v.keep(all)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s: err %v, want %q", c.v.Name, err, c.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: %v %v, want %v", c.v.Name, got, err, c.want)
		}
	}
}

const table = `package p

import (
	"fmt"
	"strings"

	x "example.com/heavy"
)

// playgroundCommands is the table.
func playgroundCommands() []Command {
	return []Command{
		command("a", "doc", func() { fmt.Println() }),
		// b needs heavy
		command("b", "doc", func() { x.Do() }),
		command("c", "doc", strings.ToUpper),
	}
}
`

func TestFilterCommands(t *testing.T) {
	for _, c := range []struct {
		keep          []string
		want, wantNot []string
	}{
		{[]string{"a", "b", "c"}, []string{`"fmt"`, `"strings"`, `x "example.com/heavy"`, `command("b"`, "// b needs heavy"}, nil},
		{[]string{"a", "c"}, []string{`"fmt"`, `"strings"`, `command("a"`, `command("c"`}, []string{"heavy", `command("b"`}},
		{[]string{"b"}, []string{`x "example.com/heavy"`, `command("b"`}, []string{`"fmt"`, `"strings"`, `command("a"`}},
		{nil, []string{"return []Command{}"}, []string{"import", "heavy"}},
	} {
		out, err := filterCommands([]byte(table), c.keep)
		if err != nil {
			t.Fatalf("%v: %v", c.keep, err)
		}
		s := string(out)
		for _, w := range c.want {
			if !strings.Contains(s, w) {
				t.Errorf("keep %v: no %q in\n%s", c.keep, w, s)
			}
		}
		for _, w := range c.wantNot {
			if strings.Contains(s, w) {
				t.Errorf("keep %v: %q is left in\n%s", c.keep, w, s)
			}
		}
	}
	for _, bad := range []string{
		"package p\n",
		"package p\nfunc playgroundCommands() []Command { var t []Command; return t }\n",
		"package p\nfunc playgroundCommands() []Command { return []Command{other()} }\n",
		"package p\nfunc fullCommands() []Command { cs := []Command{other()}; return cs }\n",
		"package p\nfunc playgroundCommands( {\n",
	} {
		if _, err := filterCommands([]byte(bad), nil); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}

// TestFilterTheRealTable: the repository's commands.go and
// commands_full.go, filtered, keep exactly the commands asked for.
func TestFilterTheRealTable(t *testing.T) {
	var out []byte
	keep := []string{"protocol", "step", "zip"}
	for _, f := range []string{"commands.go", "commands_full.go"} {
		src, err := os.ReadFile("../../play/protocol/" + f)
		if err != nil {
			t.Fatal(err)
		}
		o, err := filterCommands(src, keep)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, o...)
	}
	for _, c := range commandNames() {
		if got := bytes.Contains(out, []byte(`command("`+c+`"`)); got != slices.Contains(keep, c) {
			t.Errorf("command %s: in the filtered table %v", c, got)
		}
	}
	if bytes.Contains(out, []byte("pcaplay/internal/experiment/results")) {
		t.Error("the filtered table still imports results")
	}
}

func TestPackageOf(t *testing.T) {
	pk := newPackager([]string{"runtime", "pcaplay/internal/play", "pcaplay/internal/play/protocol",
		"gonum.org/v1/gonum/mat", "crypto/internal/fips140/sha256", "pcaplay/core/stats", "slices"})
	for _, c := range []struct{ sym, want string }{
		{"runtime.mallocgc", "runtime"},
		{"pcaplay_internal_play.__Runs_.Configure", "pcaplay/internal/play"},
		{"pcaplay_internal_play_protocol.Commands.func1", "pcaplay/internal/play/protocol"},
		{"gonum.org_v1_gonum_mat.__Dense_.MarshalBinary", "gonum.org/v1/gonum/mat"},
		{"crypto_internal_fips140_sha256.block", "crypto/internal/fips140/sha256"},
		{"type_.eq.pcaplay_core_stats.Pair", "pcaplay/core/stats"},
		{"slices.SortFunc_go.shape.struct_pcaplay_core_stats.x_", "slices"},
		{"go_buildid", "(other)"},
		{"type_.eq._2_float64", "(other)"},
		{"wasm_pc_f_loop", "(other)"},
		{"", "(other)"},
	} {
		if got := pk.of(c.sym); got != c.want {
			t.Errorf("of(%q) = %q, want %q", c.sym, got, c.want)
		}
	}
	if got := sanitize("pcaplay/core/stats.(*T).M[go.shape.int]"); got != "pcaplay_core_stats.__T_.M_go.shape.int_" {
		t.Errorf("sanitize: %q", got)
	}
}

// leb appends n as unsigned LEB128.
func leb(b []byte, n int) []byte {
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func sec(id byte, body []byte) []byte { return append(leb([]byte{id}, len(body)), body...) }

func str(s string) []byte { return append(leb(nil, len(s)), s...) }

// tiny is a module with two imports (a function and a memory), two
// defined functions and a name section that names the second import and
// both defined functions.
func tiny() []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	imp := leb(nil, 2)
	imp = append(append(append(imp, str("go")...), str("f")...), 0, 0)
	imp = append(append(append(imp, str("go")...), str("mem")...), 2, 1, 1, 2)
	b = append(b, sec(2, imp)...)
	code := leb(nil, 2)
	code = append(leb(code, 2), 0, 0x0b)
	code = append(leb(code, 200), make([]byte, 200)...) // a two-byte size prefix
	b = append(b, sec(10, code)...)
	names := leb(nil, 3)
	names = append(leb(names, 0), str("go.f")...)
	names = append(leb(names, 1), str("p.One")...)
	names = append(leb(names, 2), str("p.Two")...)
	ns := append(str("name"), 0, 1, 'm') // a module-name subsection first
	ns = append(append(ns, 1), leb(nil, len(names))...)
	ns = append(ns, names...)
	return append(b, sec(0, ns)...)
}

func TestParseModule(t *testing.T) {
	b := tiny()
	m, err := parseModule(b)
	if err != nil {
		t.Fatal(err)
	}
	want := []function{{"p.One", 3}, {"p.Two", 202}}
	if !slices.Equal(m.Funcs, want) {
		t.Errorf("functions %v, want %v", m.Funcs, want)
	}
	var names []string
	for _, s := range m.Sections {
		names = append(names, s.name())
	}
	if !slices.Equal(names, []string{"import", "code", "custom name"}) {
		t.Errorf("sections %v", names)
	}
	stripped := withoutNames(b, m)
	if m2, err := parseModule(stripped); err != nil || len(m2.Sections) != 2 || len(stripped) != m.Sections[1].End {
		t.Errorf("without names: %d bytes, %v, %v", len(stripped), m2, err)
	}
	if _, err := parseModule(tiny()); err != nil || !bytes.Equal(b, tiny()) {
		t.Error("withoutNames changed its input")
	}
	for _, bad := range [][]byte{nil, []byte("\x00asn\x01\x00\x00\x00"), b[:len(b)-3], append(tiny()[:8], 10, 5, 1)} {
		if _, err := parseModule(bad); err == nil {
			t.Errorf("no error for % x", bad)
		}
	}
}

func TestThousands(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {7969853, "7,969,853"}, {-99696, "−99,696"}} {
		if got := thousands(c.n); got != c.want {
			t.Errorf("thousands(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if signed(5) != "+5" || signed(0) != "0" || signed(-5) != "−5" {
		t.Error("signed")
	}
}

func TestOriginOf(t *testing.T) {
	for p, want := range map[string]string{"pcaplay/core/stats": "pcaplay", "runtime": "std (other)",
		"crypto/internal/fips140/sha256": "std crypto/…", "gonum.org/v1/gonum/mat": "gonum.org", "(other)": "(other)"} {
		if got := originOf(p); got != want {
			t.Errorf("originOf(%s) = %s, want %s", p, got, want)
		}
	}
}

func TestBadArgs(t *testing.T) {
	for _, args := range [][]string{{"-brotli", "12"}, {"extra"}, {"-only", "nosuch"}, {"-nosuch"}} {
		var out, errb bytes.Buffer
		if rc := run(args, &out, &errb); rc != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, rc, errb.String())
		}
	}
}
