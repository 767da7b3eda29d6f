package onefile

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// A classic worker's modules, joined (bundleWorker). Only the forms the
// worker's modules use are taken, each at the start of a line:
//
//	import "./x.js";               x is a classic script (wasm_exec.js): its text, once, first
//	import { a, b as c } from "./x.js";   const { a, b: c } = x's exports
//	export const|let|function|class NAME  the declaration, NAME exported
//
// Anything else that imports or exports is an error naming the file.
var (
	sideImportRE  = regexp.MustCompile(`(?m)^import\s*(["'])\./([A-Za-z0-9_.-]+\.js)(["']);?[ \t]*$`)
	namedImportRE = regexp.MustCompile(`(?m)^import\s*\{([^}]*)\}\s*from\s*(["'])\./([A-Za-z0-9_.-]+\.js)(["']);?[ \t]*$`)
	exportRE      = regexp.MustCompile(`(?m)^export\s+(?:async\s+)?(const|let|var|function\*?|class)\s+([A-Za-z_$][A-Za-z0-9_$]*)`)
	otherESMRE    = regexp.MustCompile(`(?m)^\s*(import|export)\b[^(.]`)
	identRE       = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)
)

// workerBundle joins a classic worker from entry: the classic scripts it
// imports for their effect, then each module in a function of its own
// whose exports its importers destructure.
type workerBundle struct {
	site    fs.FS
	classic []string          // the classic scripts' texts, in order
	done    map[string]bool   // modules and scripts already taken
	body    []string          // the modules' functions, dependencies first
	exports map[string]string // module → its exports' variable
}

// bundleWorker returns the worker script of entry as one classic script:
// the modules it imports become functions in it, import.meta.url becomes
// Base + the module's name. Cost: one read and a few scans of each file.
func bundleWorker(site fs.FS, entry string) (string, error) {
	w := &workerBundle{site: site, done: map[string]bool{}, exports: map[string]string{}}
	if err := w.add(entry, nil); err != nil {
		return "", err
	}
	return strings.Join(w.classic, "\n") + "\n" + strings.Join(w.body, "\n"), nil
}

// add takes the module name (and first what it imports); path is the
// chain of importers, for a cycle's error.
func (w *workerBundle) add(name string, path []string) error {
	for _, p := range path {
		if p == name {
			return fmt.Errorf("worker modules import one another in a cycle: %s → %s", strings.Join(path, " → "), name)
		}
	}
	if w.done[name] {
		return nil
	}
	b, err := fs.ReadFile(w.site, name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	src := string(b)
	path = append(path, name)
	var addErr error
	src = sideImportRE.ReplaceAllStringFunc(src, func(s string) string {
		dep := sideImportRE.FindStringSubmatch(s)[2]
		if addErr == nil && !w.done[dep] {
			addErr = w.addClassic(dep)
		}
		return "// " + s + " (above, a classic script)"
	})
	src = namedImportRE.ReplaceAllStringFunc(src, func(s string) string {
		m := namedImportRE.FindStringSubmatch(s)
		if addErr == nil {
			addErr = w.add(m[3], path)
		}
		names, err := destructure(m[1])
		if err != nil && addErr == nil {
			addErr = fmt.Errorf("%s: %w", name, err)
		}
		return "const { " + names + " } = " + w.exports[m[3]] + ";"
	})
	if addErr != nil {
		return addErr
	}
	var exported []string
	src = exportRE.ReplaceAllStringFunc(src, func(s string) string {
		m := exportRE.FindStringSubmatch(s)
		exported = append(exported, m[2])
		return strings.TrimSpace(strings.TrimPrefix(s, "export"))
	})
	if loc := otherESMRE.FindStringIndex(src); loc != nil {
		return fmt.Errorf("%s: %q: not a form the worker's bundle takes", name, cutLine(strings.TrimSpace(src[loc[0]:])))
	}
	if strings.Contains(src, "import.meta") && !strings.Contains(strings.ReplaceAll(src, "import.meta.url", ""), "import.meta") {
		src = strings.ReplaceAll(src, "import.meta.url", `"`+Base+name+`"`)
	} else if strings.Contains(src, "import.meta") {
		return fmt.Errorf("%s: import.meta without .url: not bundled", name)
	}
	v := "pcaplayModule" + fmt.Sprint(len(w.exports))
	w.exports[name] = v
	w.done[name] = true
	w.body = append(w.body, "// "+name+"\nconst "+v+" = (() => {\n\"use strict\";\n"+src+"\nreturn { "+strings.Join(exported, ", ")+" };\n})();")
	return nil
}

// addClassic takes name, a classic script, as it is.
func (w *workerBundle) addClassic(name string) error {
	b, err := fs.ReadFile(w.site, name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if otherESMRE.Match(b) {
		return fmt.Errorf("%s: imported for its effect but is a module (it imports or exports)", name)
	}
	w.done[name] = true
	w.classic = append(w.classic, "// "+name+"\n"+string(b))
	return nil
}

// destructure turns an import list ("a, b as c") into a destructuring
// pattern ("a, b: c").
func destructure(list string) (string, error) {
	var out []string
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		f := strings.Fields(part)
		switch {
		case len(f) == 1 && identRE.MatchString(f[0]):
			out = append(out, f[0])
		case len(f) == 3 && f[1] == "as" && identRE.MatchString(f[0]) && identRE.MatchString(f[2]):
			out = append(out, f[0]+": "+f[2])
		default:
			return "", fmt.Errorf("import { %s }: not a list of names", cutLine(part))
		}
	}
	if len(out) == 0 {
		return "", fmt.Errorf("import {}: no names")
	}
	return strings.Join(out, ", "), nil
}
