//go:build !pcaplay_playground

package export

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"
)

// Zip's archive holds the files by name, in name order, byte for byte;
// the same files give the same bytes; bad names and sizes are refused
// naming the value.
func TestZip(t *testing.T) {
	files := map[string][]byte{"step-2.png": []byte("two"), "step-1.png": []byte("one"), "all.gif": {0, 1, 2, 255}}
	b, err := Zip(files)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Zip(map[string][]byte{"all.gif": {0, 1, 2, 255}, "step-1.png": []byte("one"), "step-2.png": []byte("two")})
	if !bytes.Equal(b, again) {
		t.Error("the same files gave two archives")
	}
	r, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, files[f.Name]) || f.Method != zip.Store || !f.Modified.Equal(zipTime) {
			t.Errorf("%s: %q, method %d, time %v", f.Name, got, f.Method, f.Modified)
		}
	}
	if strings.Join(names, " ") != "all.gif step-1.png step-2.png" {
		t.Errorf("names %v", names)
	}
	for _, c := range []struct {
		files map[string][]byte
		msg   string
	}{
		{map[string][]byte{}, "zip of 0 files"},
		{map[string][]byte{"../x.png": nil}, `file name "../x.png"`},
		{map[string][]byte{"a/b.png": nil}, `file name "a/b.png"`},
		{map[string][]byte{"": nil}, `file name ""`},
		{map[string][]byte{"..": nil}, `file name ".."`},
		{map[string][]byte{"big": make([]byte, MaxZipBytes+1)}, "more than the limit of 64 MiB"},
	} {
		if _, err := Zip(c.files); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Zip(%d files): %v, want %q", len(c.files), err, c.msg)
		}
	}
	many := map[string][]byte{}
	for i := range MaxZipFiles + 1 {
		many[strings.Repeat("a", i+1)] = nil
	}
	if _, err := Zip(many); err == nil || !strings.Contains(err.Error(), "zip of 65 files") {
		t.Errorf("65 files: %v", err)
	}
}
