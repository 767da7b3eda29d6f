//go:build js && wasm

package main

import (
	"fmt"
	"reflect"
	"strconv"
	"syscall/js"
	"unsafe"

	"github.com/norunners/vert"

	"pcaplay/internal/play"
	"pcaplay/internal/play/wire"
)

// The one encoder of replies and the one decoder of requests, both driven
// by the js tags as package pcaplay/internal/play/wire says.
//
// Decisions made here:
//   - Each type's encoder and decoder are built once, by reflection, on a
//     command's first call, and kept (a type the rules do not cover panics
//     then; TestCodecs builds every command's).
//   - Values without structs or float slices in them ([]string, []int,
//     [][]int, map[string]string) are made by vert.ValueOf; a []float64
//     anywhere is one Float64Array (vert would build an Array element by
//     element, a call each), a []byte one Uint8Array; a request's []byte
//     is a Uint8Array or a Uint8ClampedArray, copied in one call.
//   - A request's URL values (map[string]string) are read as the page's
//     address holds them: every value as its text (String(v)), so numbers
//     and booleans are accepted; undefined and null values are left out.
//   - A bad request field is a bad-argument error naming the command, the
//     field and what came: "step options.n: want a number, got a string".

var (
	jsObject            = js.Global().Get("Object")
	jsArray             = js.Global().Get("Array")
	jsFloat64Array      = js.Global().Get("Float64Array")
	jsUint8Array        = js.Global().Get("Uint8Array")
	jsUint8ClampedArray = js.Global().Get("Uint8ClampedArray")
	jsString            = js.Global().Get("String")
	jsJSON              = js.Global().Get("JSON")
)

func object() js.Value { return jsObject.New() }

// f64 copies a into a new Float64Array.
func f64(a []float64) js.Value {
	arr := jsFloat64Array.New(len(a))
	if len(a) > 0 {
		u8 := jsUint8Array.New(arr.Get("buffer"))
		js.CopyBytesToJS(u8, unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), len(a)*8))
	}
	return arr
}

// u8 copies a into a new Uint8Array.
func u8(a []byte) js.Value {
	arr := jsUint8Array.New(len(a))
	js.CopyBytesToJS(arr, a)
	return arr
}

// encoder makes the JS value of a Go value of its type.
type encoder func(v reflect.Value) js.Value

// encoders are the encoders built so far. The module is single-threaded
// and an encoder is built and run without yielding, so a plain map does.
var encoders = map[reflect.Type]encoder{}

// encoderOf returns the encoder of type t.
func encoderOf(t reflect.Type) encoder {
	if e, ok := encoders[t]; ok {
		return e
	}
	var e encoder
	encoders[t] = func(v reflect.Value) js.Value { return e(v) } // a type that contains itself
	e = newEncoder(t, false)
	encoders[t] = e
	return e
}

// encode returns the JS value of x.
func encode(x any) js.Value {
	if x == nil {
		return js.Null()
	}
	v := reflect.ValueOf(x)
	return encoderOf(v.Type())(v)
}

func newEncoder(t reflect.Type, text bool) encoder {
	switch {
	case wire.JSONTextType(t) != nil:
		return func(v reflect.Value) js.Value {
			if v.Len() == 0 {
				return js.Null()
			}
			return jsJSON.Call("parse", string(v.Bytes()))
		}
	case text && wire.IsBytes(t):
		return func(v reflect.Value) js.Value { return js.ValueOf(string(v.Bytes())) }
	case wire.IsFloats(t) && t.Kind() == reflect.Slice:
		return func(v reflect.Value) js.Value {
			if v.Len() == 0 {
				return f64(nil)
			}
			return f64(unsafe.Slice((*float64)(v.UnsafePointer()), v.Len()))
		}
	case wire.IsFloats(t):
		return func(v reflect.Value) js.Value {
			a := make([]float64, v.Len())
			reflect.Copy(reflect.ValueOf(a), v)
			return f64(a)
		}
	case wire.IsBytes(t):
		return func(v reflect.Value) js.Value { return u8(v.Bytes()) }
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(v reflect.Value) js.Value { return js.ValueOf(v.Bool()) }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(v reflect.Value) js.Value { return js.ValueOf(v.Int()) }
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return func(v reflect.Value) js.Value { return js.ValueOf(v.Uint()) }
	case reflect.Float32, reflect.Float64:
		return func(v reflect.Value) js.Value { return js.ValueOf(v.Float()) }
	case reflect.String:
		return func(v reflect.Value) js.Value { return js.ValueOf(v.String()) }
	case reflect.Pointer:
		elem := encoderOf(t.Elem())
		return func(v reflect.Value) js.Value {
			if v.IsNil() {
				return js.Null()
			}
			return elem(v.Elem())
		}
	case reflect.Struct:
		return structEncoder(t)
	case reflect.Slice, reflect.Array, reflect.Map:
		if plainCollection(t) {
			empty := jsArray
			if t.Kind() == reflect.Map {
				empty = jsObject
			}
			return func(v reflect.Value) js.Value {
				if v.Len() == 0 {
					return empty.New()
				}
				return vert.ValueOf(v.Interface()).JSValue()
			}
		}
		if t.Kind() == reflect.Map {
			if t.Key().Kind() != reflect.String {
				break
			}
			elem := encoderOf(t.Elem())
			return func(v reflect.Value) js.Value {
				o := object()
				for it := v.MapRange(); it.Next(); {
					o.Set(it.Key().String(), elem(it.Value()))
				}
				return o
			}
		}
		elem := newEncoder(t.Elem(), text)
		return func(v reflect.Value) js.Value {
			n := v.Len()
			a := jsArray.New(n)
			for i := range n {
				a.SetIndex(i, elem(v.Index(i)))
			}
			return a
		}
	}
	panic("wasm: no wire encoding for " + t.String())
}

// plain reports whether t is a predeclared boolean, number or string type
// (js.ValueOf takes no named type).
func plain(t reflect.Type) bool {
	if t.PkgPath() != "" {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// plainCollection reports whether vert makes the JS value of t, a slice,
// array or map, as the wire rules say: its elements are booleans, numbers
// or strings (not float64s: a Float64Array), and a map's keys strings. A
// nil or empty one is made here (vert makes a nil one null).
func plainCollection(t reflect.Type) bool {
	if t.Kind() == reflect.Map && t.Key().Kind() != reflect.String {
		return false
	}
	return !wire.IsFloats(t) && !wire.IsBytes(t) && wire.JSONTextType(t) == nil && plain(t.Elem())
}

func structEncoder(t reflect.Type) encoder {
	fields := wire.WireFields(t)
	encs := make([]encoder, len(fields))
	for i, f := range fields {
		if f.String {
			encs[i] = newEncoder(f.Type, true)
		} else {
			encs[i] = encoderOf(f.Type)
		}
	}
	return func(v reflect.Value) js.Value {
		o := object()
		for i, f := range fields {
			fv := v.Field(f.Index)
			if f.OmitEmpty && isNil(fv) {
				continue
			}
			o.Set(f.Key, encs[i](fv))
		}
		return o
	}
}

// isNil reports whether v is a nil slice, map or pointer.
func isNil(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// decoder reads the JS value v into out (settable), path naming it in
// errors.
type decoder func(v js.Value, path string, out reflect.Value) error

var decoders = map[reflect.Type]decoder{}

// decoderOf returns the decoder of type t.
func decoderOf(t reflect.Type) decoder {
	if d, ok := decoders[t]; ok {
		return d
	}
	var d decoder
	decoders[t] = func(v js.Value, path string, out reflect.Value) error { return d(v, path, out) }
	d = newDecoder(t)
	decoders[t] = d
	return d
}

// absent reports whether v stands for no value.
func absent(v js.Value) bool { return v.IsUndefined() || v.IsNull() }

// badType is the error for a value of the wrong JS type.
func badType(path, want string, v js.Value) error {
	return wire.Errorf(wire.CodeBadArgument, "%s: want %s, got %s", path, want, kindOf(v))
}

// kindOf names the JS type of v for a message: "a string", "null".
func kindOf(v js.Value) string {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return v.Type().String()
	case js.TypeObject:
		if v.InstanceOf(jsArray) {
			return "an array"
		}
		return "an object"
	}
	return "a " + v.Type().String()
}

var (
	runIDType = reflect.TypeFor[wire.RunID]()
	stateType = reflect.TypeFor[map[string]string]()
	filesType = reflect.TypeFor[map[string][]byte]()
	bytesType = reflect.TypeFor[[]byte]()
)

// newDecoder returns the decoder of type t by the wire rules: a type the
// wire names first (RunID, JSONText, URL values, files), then by t's kind.
// It panics for a type the wire does not carry.
func newDecoder(t reflect.Type) decoder {
	if d := namedDecoder(t); d != nil {
		return d
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolDecoder
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intDecoder
	case reflect.Float32, reflect.Float64:
		return floatDecoder
	case reflect.String:
		return stringDecoder
	case reflect.Pointer:
		return pointerDecoder(t)
	case reflect.Slice:
		return sliceDecoder(t)
	case reflect.Struct:
		return structDecoder(t)
	}
	panic("wasm: no wire decoding for " + t.String())
}

// namedDecoder returns the decoder of a type the wire treats apart from
// its kind, or nil for any other type.
func namedDecoder(t reflect.Type) decoder {
	switch {
	case t == runIDType:
		return func(v js.Value, _ string, out reflect.Value) error {
			id, err := runID(v)
			out.SetInt(int64(id))
			return err
		}
	case wire.JSONTextType(t) != nil:
		return jsonTextDecoder
	case t == stateType:
		return func(v js.Value, _ string, out reflect.Value) error {
			out.Set(reflect.ValueOf(urlValues(v)))
			return nil
		}
	case t == filesType:
		return filesDecoder
	case t == bytesType:
		return bytesDecoder
	}
	return nil
}

// bytesDecoder decodes a Uint8Array or a Uint8ClampedArray (a canvas'
// pixels) into a []byte, copied at once; nil when absent.
func bytesDecoder(v js.Value, path string, out reflect.Value) error {
	if absent(v) {
		return nil
	}
	if !v.InstanceOf(jsUint8Array) && !v.InstanceOf(jsUint8ClampedArray) {
		return badType(path, "a Uint8Array", v)
	}
	b := make([]byte, v.Length())
	js.CopyBytesToGo(b, v)
	out.SetBytes(b)
	return nil
}

// jsonTextDecoder decodes a JSONText: a string as it is, an object as
// JSON.stringify writes it; nothing when absent.
func jsonTextDecoder(v js.Value, path string, out reflect.Value) error {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil
	case js.TypeString:
		out.SetBytes([]byte(v.String()))
	case js.TypeObject:
		out.SetBytes([]byte(jsJSON.Call("stringify", v).String()))
	default:
		return badType(path, "an object", v)
	}
	return nil
}

// filesDecoder decodes files: an object of Uint8Arrays by name into a
// map[string][]byte (empty when v is not an object).
func filesDecoder(v js.Value, path string, out reflect.Value) error {
	files := map[string][]byte{}
	if v.Type() == js.TypeObject {
		keys := jsObject.Call("keys", v)
		for i := range keys.Length() {
			k := keys.Index(i).String()
			f := v.Get(k)
			if !f.InstanceOf(jsUint8Array) {
				return wire.Errorf(wire.CodeBadArgument, "%s: file %s is not a Uint8Array", path, play.Cut(k, play.EchoMax))
			}
			b := make([]byte, f.Length())
			js.CopyBytesToGo(b, f)
			files[k] = b
		}
	}
	out.Set(reflect.ValueOf(files))
	return nil
}

// boolDecoder decodes a boolean; nothing when absent.
func boolDecoder(v js.Value, path string, out reflect.Value) error {
	if absent(v) {
		return nil
	}
	if v.Type() != js.TypeBoolean {
		return badType(path, "a boolean", v)
	}
	out.SetBool(v.Bool())
	return nil
}

// intDecoder decodes a number into an integer, truncated; nothing when
// absent.
func intDecoder(v js.Value, path string, out reflect.Value) error {
	if absent(v) {
		return nil
	}
	if v.Type() != js.TypeNumber {
		return badType(path, "a number", v)
	}
	out.SetInt(int64(v.Float()))
	return nil
}

// floatDecoder decodes a number; nothing when absent.
func floatDecoder(v js.Value, path string, out reflect.Value) error {
	if absent(v) {
		return nil
	}
	if v.Type() != js.TypeNumber {
		return badType(path, "a number", v)
	}
	out.SetFloat(v.Float())
	return nil
}

// stringDecoder decodes a string; nothing when absent.
func stringDecoder(v js.Value, path string, out reflect.Value) error {
	if absent(v) {
		return nil
	}
	if v.Type() != js.TypeString {
		return badType(path, "a string", v)
	}
	out.SetString(v.String())
	return nil
}

// pointerDecoder decodes the value a pointer of type t points to into a
// new one; nil when absent.
func pointerDecoder(t reflect.Type) decoder {
	elem := decoderOf(t.Elem())
	return func(v js.Value, path string, out reflect.Value) error {
		if absent(v) {
			return nil
		}
		p := reflect.New(t.Elem())
		if err := elem(v, path, p.Elem()); err != nil {
			return err
		}
		out.Set(p)
		return nil
	}
}

// sliceDecoder decodes an Array, or a typed array, into a slice of type t,
// its elements named path[i] in errors; nil when absent.
func sliceDecoder(t reflect.Type) decoder {
	elem := decoderOf(t.Elem())
	return func(v js.Value, path string, out reflect.Value) error {
		if absent(v) {
			return nil
		}
		if v.Type() != js.TypeObject || v.Get("length").Type() != js.TypeNumber {
			return badType(path, "an array", v)
		}
		n := v.Length()
		s := reflect.MakeSlice(t, n, n)
		for i := range n {
			if err := elem(v.Index(i), path+"["+strconv.Itoa(i)+"]", s.Index(i)); err != nil {
				return err
			}
		}
		out.Set(s)
		return nil
	}
}

// structDecoder decodes an object into a struct of type t by its fields'
// js keys (wire.WireFields), each named path.key in errors; the zero
// value when absent.
func structDecoder(t reflect.Type) decoder {
	fields := wire.WireFields(t)
	decs := make([]decoder, len(fields))
	for i, f := range fields {
		decs[i] = decoderOf(f.Type)
	}
	return func(v js.Value, path string, out reflect.Value) error {
		if absent(v) {
			return nil
		}
		if v.Type() != js.TypeObject {
			return badType(path, "an object", v)
		}
		for i, f := range fields {
			if err := decs[i](v.Get(f.Key), path+"."+f.Key, out.Field(f.Index)); err != nil {
				return err
			}
		}
		return nil
	}
}

// requestDecoder returns the decoder of the requests of a command: a
// request (an object, or nothing for a command that takes nothing) into a
// new *T, its fields named "cmd field" in errors.
func requestDecoder(t reflect.Type) func(cmd string, v js.Value) (any, error) {
	fields := wire.WireFields(t)
	decs := make([]decoder, len(fields))
	for i, f := range fields {
		decs[i] = decoderOf(f.Type)
	}
	return func(cmd string, v js.Value) (any, error) {
		p := reflect.New(t)
		if len(fields) == 0 {
			return p.Interface(), nil
		}
		if v.Type() != js.TypeObject {
			return nil, badType(cmd, "a request object", v)
		}
		for i, f := range fields {
			if err := decs[i](v.Get(f.Key), cmd+" "+f.Key, p.Elem().Field(f.Index)); err != nil {
				return nil, err
			}
		}
		return p.Interface(), nil
	}
}

// runID reads a run id (a number from open()).
func runID(v js.Value) (int, error) {
	if v.Type() != js.TypeNumber {
		return 0, wire.Errorf(wire.CodeBadArgument, "run id: want a number from open(), got %s", jsString.Invoke(v).String())
	}
	return play.ParseID(strconv.FormatFloat(v.Float(), 'f', -1, 64))
}

// urlValues reads a plain JS object into key → text (String(v) of each
// value, so numbers and booleans are accepted; undefined and null are
// left out). Anything but an object is no values.
func urlValues(v js.Value) map[string]string {
	m := map[string]string{}
	if v.Type() != js.TypeObject {
		return m
	}
	keys := jsObject.Call("keys", v)
	for i := range keys.Length() {
		k := keys.Index(i).String()
		x := v.Get(k)
		if absent(x) {
			continue
		}
		m[k] = jsString.Invoke(x).String()
	}
	return m
}

// errValue is the value a failed command answers: {error, code}.
func errValue(code, msg string) js.Value {
	o := object()
	o.Set("error", msg)
	o.Set("code", code)
	return o
}

// panicValue is the value of a command that panicked.
func panicValue(r any) js.Value {
	return errValue(wire.CodeInternal, fmt.Sprintf("internal error: %v", r))
}
