package wire

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// RunID is the id of a run of a module (Runs.Open), a number on the wire.
type RunID int

// JSONText is a value of type T written by encoding/json (T's json tags),
// a string in a request, parsed by the page in a reply.
type JSONText[T any] []byte

// JSONType returns T: the type whose json keys the text has.
func (JSONText[T]) JSONType() reflect.Type { return reflect.TypeFor[T]() }

// jsonTexter is implemented by every JSONText type.
type jsonTexter interface{ JSONType() reflect.Type }

// JSONTextType returns the T of a JSONText[T] type t, or nil when t is
// not one.
func JSONTextType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Slice && t.Implements(jsonTextIface) {
		return reflect.Zero(t).Interface().(jsonTexter).JSONType()
	}
	return nil
}

var jsonTextIface = reflect.TypeFor[jsonTexter]()

// WireField is one field of a struct on the wire.
type WireField struct {
	// Key is the field's name on the wire (its js tag).
	Key string
	// Index is the field's index in the struct.
	Index int
	// Type is the field's Go type.
	Type reflect.Type
	// OmitEmpty leaves a nil slice, map or pointer out.
	OmitEmpty bool
	// String sends a []byte or [][]byte as text.
	String bool
}

var wireFieldCache sync.Map // reflect.Type → []WireField

// WireFields returns the fields of struct type t that are on the wire, in
// their order. It panics when t is not a struct, or when a string option
// is on a field that is not a []byte or [][]byte: both are bugs of a
// table, found by the tests.
func WireFields(t reflect.Type) []WireField {
	if f, ok := wireFieldCache.Load(t); ok {
		return f.([]WireField)
	}
	if t.Kind() != reflect.Struct {
		panic("play: WireFields of " + t.String() + ", not a struct")
	}
	var out []WireField
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("js")
		key, opts, _ := strings.Cut(tag, ",")
		if key == "" || key == "-" || !sf.IsExported() {
			continue
		}
		f := WireField{Key: key, Index: i, Type: sf.Type}
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "omitempty":
				f.OmitEmpty = true
			case "string":
				f.String = true
				if sf.Type != reflect.TypeFor[[]byte]() && sf.Type != reflect.TypeFor[[][]byte]() {
					panic("play: " + t.String() + "." + sf.Name + ": the string option needs a []byte or [][]byte")
				}
			}
		}
		out = append(out, f)
	}
	wireFieldCache.Store(t, out)
	return out
}

// IsFloats reports whether t travels as a Float64Array.
func IsFloats(t reflect.Type) bool {
	return (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() == reflect.Float64
}

// IsBytes reports whether t travels as a Uint8Array (unless the string
// option says text).
func IsBytes(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8
}

// TypeName is the name of struct type t in Protocol.Keys and in the JSDoc
// of site/protocol.js: its Go name, prefixed with its package's name
// (capitalised) when that is not package play or one below it: Frame,
// LessonFrame, ExperimentResults. A package in wirePrefix has the prefix given there,
// so that a type keeps its name on the wire when its Go package moves.
func TypeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := t.Name()
	pkg := t.PkgPath()
	if pkg == "" || pkg == playPkg || strings.HasPrefix(pkg, playPkg+"/") {
		return name
	}
	if p, ok := wirePrefix[pkg]; ok {
		return p + name
	}
	p := pkg[strings.LastIndex(pkg, "/")+1:]
	r := []rune(p)
	r[0] = unicode.ToUpper(r[0])
	return string(r) + name
}

// playPkg is the path of package play: its types and those of the
// packages below it are named without a prefix.
const playPkg = "pcaplay/internal/play"

// wirePrefix is the prefix of the types of a package whose name on the
// wire is not its own: the results model was part of package experiment,
// and its types keep the names the page knows.
var wirePrefix = map[string]string{
	"pcaplay/internal/experiment/results": "Experiment",
}

// Type is a struct type reached from the commands' requests and replies,
// with how its keys are read (js tags, or json tags inside a JSONText).
type Type struct {
	t    reflect.Type
	json bool
}

// Types returns every struct type reachable from roots, by TypeName.
// It panics when two types have one name.
func Types(roots []reflect.Type) map[string]Type {
	out := map[string]Type{}
	var walk func(t reflect.Type, inJSON bool)
	walk = func(t reflect.Type, inJSON bool) {
		if !inJSON {
			if j := JSONTextType(t); j != nil {
				walk(j, true)
				return
			}
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			if !inJSON && (IsFloats(t) || IsBytes(t)) {
				return
			}
			walk(t.Elem(), inJSON)
			return
		case reflect.Struct:
		default:
			return
		}
		if inJSON && (t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler)) {
			return // its keys are its own
		}
		if t.Name() == "" { // an anonymous struct: a plain Object
			for _, f := range jsonFields(t) {
				walk(f.Type, true)
			}
			return
		}
		name := TypeName(t)
		if w, ok := out[name]; ok {
			if w.t != t {
				panic("play: two wire types named " + name + ": " + w.t.String() + ", " + t.String())
			}
			return
		}
		out[name] = Type{t, inJSON}
		if inJSON {
			for _, f := range jsonFields(t) {
				walk(f.Type, true)
			}
			return
		}
		for _, f := range WireFields(t) {
			if !f.String {
				walk(f.Type, false)
			}
		}
	}
	for _, t := range roots {
		walk(t, false)
	}
	return out
}

var jsonMarshaler = reflect.TypeFor[json.Marshaler]()

// jsonField is a field as encoding/json writes it.
type jsonField struct {
	Key       string
	Type      reflect.Type
	OmitEmpty bool
}

// jsonFields lists the json fields of struct type t in order, embedded
// structs' fields in their place.
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if f.Anonymous && tag == "" {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				out = append(out, jsonFields(ft)...)
				continue
			}
		}
		k, opts, _ := strings.Cut(tag, ",")
		if k == "-" || !f.IsExported() {
			continue
		}
		if k == "" {
			k = f.Name
		}
		out = append(out, jsonField{k, f.Type, slices.Contains(strings.Split(opts, ","), "omitempty")})
	}
	return out
}

// Keys lists the keys of a wire type.
func (w Type) Keys() []string {
	var out []string
	if w.json {
		for _, f := range jsonFields(w.t) {
			out = append(out, f.Key)
		}
		return out
	}
	for _, f := range WireFields(w.t) {
		out = append(out, f.Key)
	}
	return out
}

// DocType is the JSDoc type of a value of type t on the wire (in a
// reply; a request takes the same shapes, with Arrays for typed arrays).
func DocType(t reflect.Type, inJSON, str bool) string {
	if !inJSON {
		if j := JSONTextType(t); j != nil {
			return DocType(j, true, false)
		}
	}
	switch {
	case str && IsBytes(t):
		return "string"
	case str:
		return "string[]"
	case !inJSON && IsFloats(t):
		return "Float64Array"
	case !inJSON && IsBytes(t):
		return "Uint8Array"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Pointer:
		return "(" + DocType(t.Elem(), inJSON, false) + "|null)"
	case reflect.Slice, reflect.Array:
		e := DocType(t.Elem(), inJSON, false)
		if strings.ContainsAny(e, "|<") {
			return "Array<" + e + ">"
		}
		return e + "[]"
	case reflect.Map:
		return "Object<string, " + DocType(t.Elem(), inJSON, false) + ">"
	case reflect.Struct:
		if inJSON && (t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler)) {
			return "*"
		}
		if t.NumField() == 0 || t.Name() == "" {
			return "Object"
		}
		return TypeName(t)
	case reflect.Interface:
		return "*"
	}
	return "*"
}

// Typedefs writes the JSDoc typedef of every wire type, sorted by
// name.
func Typedefs(b *strings.Builder, types map[string]Type) {
	names := make([]string, 0, len(types))
	for n := range types {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		w := types[n]
		if w.t.NumField() == 0 {
			continue
		}
		b.WriteString("\n/**\n * @typedef {Object} " + n + "\n")
		if w.json {
			for _, f := range jsonFields(w.t) {
				writeProperty(b, f.Key, DocType(f.Type, true, false), f.OmitEmpty)
			}
		} else {
			for _, f := range WireFields(w.t) {
				typ := DocType(f.Type, false, f.String)
				if f.OmitEmpty {
					typ = strings.TrimSuffix(strings.TrimPrefix(typ, "("), "|null)")
				}
				writeProperty(b, f.Key, typ, f.OmitEmpty)
			}
		}
		b.WriteString(" */\n")
	}
}

// writeProperty writes the JSDoc @property line of key, in brackets when
// optional.
func writeProperty(b *strings.Builder, key, typ string, optional bool) {
	if optional {
		key = "[" + key + "]"
	}
	b.WriteString(" * @property {" + typ + "} " + key + "\n")
}

// Quote quotes s as a JavaScript string literal.
func Quote(s string) string { return strconv.Quote(s) }
