package datalabel

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"testing"
)

func sum(b string) string {
	s := sha256.Sum256([]byte(b))
	return hex.EncodeToString(s[:])
}

func TestOf(t *testing.T) {
	files := map[string][]byte{"shift_data_1.txt": []byte("1 2 3\n"), "M_2_D10.txt": []byte("4 5\n")}
	known := map[string]string{"shift_data_1.txt": sum("1 2 3\n"), "M_2_D10.txt": sum("4 5\n"), "other.txt": sum("x")}
	if l := Of(files, known); l != Official {
		t.Errorf("matching files: %q, want %q", l, Official)
	}
	content := regexp.MustCompile(`^sha256:[0-9a-f]{16}$`)
	changed := map[string][]byte{"shift_data_1.txt": []byte("1 2 4\n"), "M_2_D10.txt": []byte("4 5\n")}
	l1 := Of(changed, known)
	if !content.MatchString(l1) {
		t.Fatalf("a changed file: %q, want a content label", l1)
	}
	if l2 := Of(changed, nil); l2 != l1 {
		t.Errorf("the same files without a manifest: %q, want %q (the label depends on the contents only)", l2, l1)
	}
	if l3 := Of(files, nil); l3 == l1 || !content.MatchString(l3) {
		t.Errorf("other files, no manifest: %q (changed files gave %q)", l3, l1)
	}
	if l := Of(nil, known); !content.MatchString(l) {
		t.Errorf("no files: %q, want a content label, never official", l)
	}
	// a name the manifest does not know is not official even with known contents
	if l := Of(map[string][]byte{"renamed.txt": []byte("1 2 3\n")}, known); l == Official {
		t.Errorf("an unknown name: %q", l)
	}
}

// TestLabel: Label decides "official" by the compiled sums alone; a file
// changed by one digit is labelled by its content.
func TestLabel(t *testing.T) {
	if got := Label(map[string][]byte{"shift_data_1.txt": []byte("1 2 3\n")}); got == Official {
		t.Errorf("made-up contents labelled %q", got)
	}
	if _, ok := OfficialSHA256("shift_data_1.txt"); !ok {
		t.Error("no compiled sum of shift_data_1.txt")
	}
	if _, ok := OfficialSHA256("shift_data_1.txt.bak"); ok {
		t.Error("a compiled sum of a name that is not official")
	}
	if n := len(OfficialNames()); n != 77 {
		t.Errorf("%d compiled names, want the 77 official files", n)
	}
	if Label(nil) == Official {
		t.Error("no files labelled official")
	}
}
