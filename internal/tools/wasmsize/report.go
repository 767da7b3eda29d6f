package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// report prints the markdown tables of the built variants (res[0] is the
// reference of the differences when it is the full module).
func report(w io.Writer, res []*built, o options) {
	ref := res[0]
	fmt.Fprintf(w, "| variant | commands | raw | gzip -9 | brotli q%d | brotli vs %s | what |\n|---|---:|---:|---:|---:|---:|---|\n", o.brq, ref.v.Name)
	for _, b := range res {
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s |\n", b.v.Name, b.commands, thousands(b.raw), thousands(b.gz), thousands(b.br), signed(b.br-ref.br), b.v.What)
	}
	if len(res) > 1 {
		fmt.Fprintf(w, "\nCode left out against %s, by package (name section, code bytes; the 6 largest):\n\n| variant | code vs %s | data vs %s | largest packages' code left out |\n|---|---:|---:|---|\n", ref.v.Name, ref.v.Name, ref.v.Name)
		for _, b := range res[1:] {
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", b.v.Name, signed(codeSize(b.mod)-codeSize(ref.mod)), signed(sectionSize(b.mod, 11)-sectionSize(ref.mod, 11)), strings.Join(leftOut(ref, b, 6), ", "))
		}
	}
	fmt.Fprintf(w, "\nSections of %s (bytes; the name section is not in the served module):\n\n| section | bytes |\n|---|---:|\n", ref.v.Name)
	for _, s := range ref.mod.Sections {
		fmt.Fprintf(w, "| %s | %s |\n", s.name(), thousands(s.Size))
	}
	total := codeSize(ref.mod)
	fmt.Fprintf(w, "\nThe code section of %s by package (the %d largest; function bodies, %s bytes in all):\n\n| package | code bytes | share | functions |\n|---|---:|---:|---:|\n", ref.v.Name, o.top, thousands(total))
	pkgs := slices.SortedFunc(maps.Keys(ref.codeByPackage), func(a, b string) int {
		return ref.codeByPackage[b] - ref.codeByPackage[a]
	})
	for _, p := range pkgs[:min(o.top, len(pkgs))] {
		fmt.Fprintf(w, "| %s | %s | %.1f%% | %d |\n", p, thousands(ref.codeByPackage[p]), 100*float64(ref.codeByPackage[p])/float64(total), ref.funcsByPackage[p])
	}
	fmt.Fprintf(w, "\nBy origin:\n\n| origin | code bytes | share |\n|---|---:|---:|\n")
	origin := map[string]int{}
	for p, n := range ref.codeByPackage {
		origin[originOf(p)] += n
	}
	for _, k := range slices.SortedFunc(maps.Keys(origin), func(a, b string) int { return origin[b] - origin[a] }) {
		fmt.Fprintf(w, "| %s | %s | %.1f%% |\n", k, thousands(origin[k]), 100*float64(origin[k])/float64(total))
	}
}

// originOf groups a package: pcaplay's, the standard library's, a
// module's (by its first path element), or the linker's.
func originOf(p string) string {
	switch {
	case p == "(other)":
		return "(other)"
	case p == "pcaplay" || strings.HasPrefix(p, "pcaplay/"):
		return "pcaplay"
	case strings.HasPrefix(p, "crypto/"):
		return "std crypto/…"
	}
	first, _, _ := strings.Cut(p, "/")
	if strings.Contains(first, ".") {
		return first
	}
	return "std (other)"
}

// sectionSize is the size of m's section id (11: data).
func sectionSize(m *module, id byte) int {
	n := 0
	for _, s := range m.Sections {
		if s.ID == id {
			n += s.Size
		}
	}
	return n
}

func codeSize(m *module) int {
	n := 0
	for _, f := range m.Funcs {
		n += f.Size
	}
	return n
}

// leftOut names the n packages whose code shrinks most from ref to b.
func leftOut(ref, b *built, n int) []string {
	type d struct {
		p string
		n int
	}
	var ds []d
	for p, c := range ref.codeByPackage {
		if diff := c - b.codeByPackage[p]; diff > 0 {
			ds = append(ds, d{p, diff})
		}
	}
	slices.SortFunc(ds, func(a, b d) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.p, b.p)
	})
	var out []string
	for _, x := range ds[:min(n, len(ds))] {
		gone := ""
		if b.codeByPackage[x.p] == 0 {
			gone = " (all)"
		}
		out = append(out, fmt.Sprintf("%s −%s%s", x.p, thousands(x.n), gone))
	}
	return out
}

// thousands writes n with a comma every three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "−" + b.String()
	}
	return b.String()
}

// signed writes n with its sign (0 as "0").
func signed(n int) string {
	if n > 0 {
		return "+" + thousands(n)
	}
	return thousands(n)
}
