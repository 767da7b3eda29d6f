package onefile

import (
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
)

// The page's ES modules cannot load one another from file:// (a module
// script needs CORS, which a file:// page cannot give), nor can a module
// worker start there. The file therefore carries the modules' sources
// with their relative specifiers rewritten; its loader (loader.js) makes a
// blob: URL of each, its dependencies first, putting their blob URLs in
// place of the specifiers, and imports the entries' (the page's module
// scripts), in order. The worker's modules
// are joined into one classic script (bundleWorker), which starts from a
// blob: URL as a classic worker.

// Base is the address the file's modules take for their own: import.meta.url
// becomes Base + the file's name, so that new URL("worker.js",
// import.meta.url) and new URL("pcaplay-full.wasm", …) name the files the
// loader serves (its fetch and Worker answer every URL under Base from the
// file). The .invalid domain never resolves: a request that escaped the
// loader would fail, never reach a network.
const Base = "https://pcaplay.invalid/"

// specifierPrefix marks a rewritten specifier: "./app.js" becomes
// "pcaplay-module:app.js", which the loader replaces by app.js's blob URL.
const specifierPrefix = "pcaplay-module:"

// importRE matches a relative specifier of a static import or export
// (from "./x.js", import "./x.js") or a dynamic import (import("./x.js")),
// including those in JSDoc types (import("./protocol.js").Frame), which
// only add an edge.
var importRE = regexp.MustCompile(`(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])\./([A-Za-z0-9_-][A-Za-z0-9_.-]*\.js)(["'])`)

// otherRelRE finds a relative specifier importRE does not take (a parent
// folder, another extension): the module graph would be incomplete.
var otherRelRE = regexp.MustCompile(`(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']\.\.?/`)

// metaRE finds import.meta other than import.meta.url.
var metaRE = regexp.MustCompile(`\bimport\.meta\b(\.url\b)?`)

// module is one rewritten ES module of the page.
type module struct {
	name string
	src  string
	deps []string
}

// readModule reads name from site and rewrites its specifiers and
// import.meta.url.
func readModule(site fs.FS, name string) (module, error) {
	b, err := fs.ReadFile(site, name)
	if err != nil {
		return module{}, fmt.Errorf("%s: %w", name, err)
	}
	src := string(b)
	m := module{name: name}
	seen := map[string]bool{}
	src = importRE.ReplaceAllStringFunc(src, func(s string) string {
		p := importRE.FindStringSubmatch(s)
		if p[2] != p[4] {
			return s
		}
		if !seen[p[3]] {
			seen[p[3]] = true
			m.deps = append(m.deps, p[3])
		}
		return p[1] + p[2] + specifierPrefix + p[3] + p[4]
	})
	if loc := otherRelRE.FindStringIndex(src); loc != nil {
		return module{}, fmt.Errorf("%s: import %q: only ./NAME.js specifiers are inlined", name, cutLine(src[loc[0]:]))
	}
	var metaErr error
	src = metaRE.ReplaceAllStringFunc(src, func(s string) string {
		if !strings.HasSuffix(s, ".url") {
			metaErr = fmt.Errorf("%s: import.meta without .url: not inlined", name)
			return s
		}
		return `"` + Base + name + `"`
	})
	m.src = src
	return m, metaErr
}

func cutLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// moduleGraph reads the entries (the page's module scripts, in order) and
// every module they import, statically or dynamically, and returns them
// dependencies first (each module after all it imports; the same order
// for the same files). A cycle is an error naming it: the loader needs
// each module's dependencies' blob URLs before it makes its own. Cost: one
// read and one scan of each module.
func moduleGraph(site fs.FS, entries []string) ([]module, error) {
	mods := map[string]module{}
	todo := append([]string(nil), entries...)
	for len(todo) > 0 {
		name := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if _, ok := mods[name]; ok {
			continue
		}
		m, err := readModule(site, name)
		if err != nil {
			return nil, err
		}
		mods[name] = m
		todo = append(todo, m.deps...)
	}
	var order []module
	state := map[string]int{} // 1: being visited, 2: done
	var visit func(name string, path []string) error
	visit = func(name string, path []string) error {
		switch state[name] {
		case 1:
			return fmt.Errorf("the modules import one another in a cycle: %s → %s", strings.Join(path, " → "), name)
		case 2:
			return nil
		}
		state[name] = 1
		deps := append([]string(nil), mods[name].deps...)
		sort.Strings(deps)
		for _, d := range deps {
			if err := visit(d, append(path, name)); err != nil {
				return err
			}
		}
		state[name] = 2
		order = append(order, mods[name])
		return nil
	}
	for _, e := range entries {
		if err := visit(e, nil); err != nil {
			return nil, err
		}
	}
	return order, nil
}
