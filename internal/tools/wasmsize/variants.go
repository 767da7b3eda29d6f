package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"
)

// A group is a set of the module's commands that only some pages need.
type group struct {
	Name     string
	Commands []string
	Why      string
}

// groups are the commands a playground-only module could leave out, by
// the page that needs them (site/*.js's client calls).
var groups = []group{
	{"experiment", []string{"summarise", "defineExperiment", "record"}, "the experiment view and the results page"},
	{"onefile", []string{"oneFile"}, `the playground's "Download as one HTML file"`},
	{"lesson", []string{"lesson"}, "the guided lesson"},
	{"compare", []string{"compareSetup", "compare"}, "compare mode (its seeds=N rank-sum tests included)"},
	{"recording", []string{"gifStart", "gifFrame", "gifEnd", "zip"}, "GIF recordings and the lesson's zip of PNGs"},
}

// experimentKeeps are the commands an experiment/results module needs
// (site/experiment-app.js, worker-pool.js, results-app.js; the protocol
// check and the data a run on official files needs).
var experimentKeeps = []string{"protocol", "catalog", "open", "close", "configure", "step", "memory",
	"needData", "loadData", "dataFailed", "checkProblem", "record", "summarise", "defineExperiment"}

// A variant is one build of the module: the full table less the commands
// of Drop, or, when Keep is set, only those commands; with Playground, the
// module scripts/build-site.sh builds as pcaplay.wasm (the build tag
// pcaplay_playground: the commands marked Full are not compiled).
type variant struct {
	Name       string
	Drop       []string // group names
	Keep       []string // command names
	Playground bool
	What       string
}

// playgroundTag is the build tag of the playground's module.
const playgroundTag = "pcaplay_playground"

// variants are the builds the tool measures, in the order of its table.
var variants = []variant{
	{Name: "full", What: "every command: pcaplay-full.wasm (the experiment view, the results page, the one-file page; on demand)"},
	{Name: "playground", Playground: true, What: "pcaplay.wasm as build-site.sh builds it: the playground, its embeds, compare mode, the lesson"},
	{Name: "-experiment", Drop: []string{"experiment"}, What: "without summarise, defineExperiment, record"},
	{Name: "-onefile", Drop: []string{"onefile"}, What: "without oneFile"},
	{Name: "-lesson", Drop: []string{"lesson"}, What: "without lesson"},
	{Name: "-compare", Drop: []string{"compare"}, What: "without compareSetup, compare"},
	{Name: "-recording", Drop: []string{"recording"}, What: "without gifStart, gifFrame, gifEnd, zip"},
	{Name: "-experiment-onefile", Drop: []string{"experiment", "onefile"}, What: "a playground module with the embeds (lesson, compare), the one-file export on demand"},
	{Name: "core", Drop: []string{"experiment", "onefile", "lesson", "compare", "recording"}, What: "the playground alone: run, step, view, data, exports of a run, typed problems"},
	{Name: "experiment-module", Keep: experimentKeeps, What: "what the experiment view and results page need"},
}

// keep returns the commands variant v serves, of the table all (in its
// order), or an error naming a group or command that does not exist.
func (v variant) keep(all []string) ([]string, error) {
	if len(v.Keep) > 0 {
		for _, c := range v.Keep {
			if !slices.Contains(all, c) {
				return nil, fmt.Errorf("variant %s keeps %q, which is not a command", v.Name, c)
			}
		}
		return slices.DeleteFunc(slices.Clone(all), func(c string) bool { return !slices.Contains(v.Keep, c) }), nil
	}
	var drop []string
	for _, g := range v.Drop {
		i := slices.IndexFunc(groups, func(x group) bool { return x.Name == g })
		if i < 0 {
			return nil, fmt.Errorf("variant %s drops group %q, which does not exist", v.Name, g)
		}
		for _, c := range groups[i].Commands {
			if !slices.Contains(all, c) {
				return nil, fmt.Errorf("group %s names %q, which is not a command", g, c)
			}
		}
		drop = append(drop, groups[i].Commands...)
	}
	return slices.DeleteFunc(slices.Clone(all), func(c string) bool { return slices.Contains(drop, c) }), nil
}

// filterCommands rewrites src, a Go file that holds part of the command
// table (tableLiteral), so that the table has only the commands of keep, and removes
// the imports that are then unused. Without the other entries, the
// linker leaves out every function only they reached.
func filterCommands(src []byte, keep []string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "commands.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	lit, err := tableLiteral(f)
	if err != nil {
		return nil, err
	}
	var kept []ast.Expr
	var cut [][2]token.Pos // a removed entry, from the end of the one before (its comments)
	prev := lit.Lbrace
	for _, e := range lit.Elts {
		name, err := commandName(e)
		if err != nil {
			return nil, err
		}
		if slices.Contains(keep, name) {
			kept = append(kept, e)
		} else {
			cut = append(cut, [2]token.Pos{prev, e.End()})
		}
		prev = e.End()
	}
	lit.Elts = kept
	f.Comments = slices.DeleteFunc(f.Comments, func(c *ast.CommentGroup) bool {
		return slices.ContainsFunc(cut, func(r [2]token.Pos) bool { return c.Pos() >= r[0] && c.End() <= r[1] })
	})
	dropUnusedImports(f)
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// tableFuncs are the functions that hold the command table, each one
// composite literal of command(name, …) calls: playgroundCommands in
// commands.go, fullCommands in commands_full.go (Commands appends them).
var tableFuncs = []string{"playgroundCommands", "fullCommands"}

// tableLiteral finds the composite literal of the table function of f:
// the one it returns or assigns.
func tableLiteral(f *ast.File) (*ast.CompositeLit, error) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !slices.Contains(tableFuncs, fd.Name.Name) || fd.Recv != nil || fd.Body == nil {
			continue
		}
		for _, s := range fd.Body.List {
			var rhs []ast.Expr
			switch s := s.(type) {
			case *ast.ReturnStmt:
				rhs = s.Results
			case *ast.AssignStmt:
				rhs = s.Rhs
			}
			if len(rhs) == 1 {
				if lit, ok := rhs[0].(*ast.CompositeLit); ok {
					return lit, nil
				}
			}
		}
		return nil, fmt.Errorf("func %s has no composite literal", fd.Name.Name)
	}
	return nil, fmt.Errorf("no func %s", strings.Join(tableFuncs, " or "))
}

// commandName is the name of one table entry: command("name", …).
func commandName(e ast.Expr) (string, error) {
	call, ok := e.(*ast.CallExpr)
	if ok && len(call.Args) > 0 {
		if s, ok := call.Args[0].(*ast.BasicLit); ok && s.Kind == token.STRING {
			return strconv.Unquote(s.Value)
		}
	}
	return "", fmt.Errorf("a table entry that is not command(\"name\", …)")
}

// dropUnusedImports removes the imports no selector of f names.
func dropUnusedImports(f *ast.File) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		gd.Specs = slices.DeleteFunc(gd.Specs, func(s ast.Spec) bool {
			is := s.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			name := path.Base(p)
			if is.Name != nil {
				name = is.Name.Name
			}
			return name != "_" && name != "." && !used[name]
		})
	}
	f.Decls = slices.DeleteFunc(f.Decls, func(d ast.Decl) bool {
		gd, ok := d.(*ast.GenDecl)
		return ok && gd.Tok == token.IMPORT && len(gd.Specs) == 0
	})
	f.Imports = slices.DeleteFunc(f.Imports, func(is *ast.ImportSpec) bool {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && slices.Contains(gd.Specs, ast.Spec(is)) {
				return false
			}
		}
		return true
	})
}

// sanitize is a symbol as the Go linker writes it into the wasm name
// section: every byte but a letter, a digit, '_' and '.' becomes '_'
// ("pcaplay/core/stats.(*T).M" → "pcaplay_core_stats.__T_.M").
func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// A packager attributes the wasm name section's function names to the
// packages of the build.
type packager struct {
	byName map[string]string // sanitized path → import path
	maxLen int
}

func newPackager(pkgs []string) *packager {
	p := &packager{byName: map[string]string{}}
	for _, q := range pkgs {
		s := sanitize(q)
		p.byName[s] = q
		p.maxLen = max(p.maxLen, len(s))
	}
	return p
}

// of is the package of a function's name in the name section
// ("pcaplay_internal_play.__Runs_.Configure" → "pcaplay/internal/play"):
// the longest package of the build whose sanitized path, then a '.',
// begins the name. The equality and hash functions the compiler makes
// for a type ("type_.eq.pcaplay_core_stats.Pair") count for the type's
// package; other names ("go_buildid", "wasm_pc_f_loop", the
// runtime's assembly) are "(other)".
func (p *packager) of(sym string) string {
	for _, pre := range []string{"type_.eq.", "type_.hash."} {
		if rest, ok := strings.CutPrefix(sym, pre); ok {
			sym = rest
			break
		}
	}
	for i := min(len(sym)-1, p.maxLen); i > 0; i-- {
		if sym[i] != '.' {
			continue
		}
		if q, ok := p.byName[sym[:i]]; ok {
			return q
		}
	}
	return "(other)"
}
