package play

import (
	"bytes"
	"testing"
)

// readRecords gives the last call's records again for the same input and
// name, and reads anew for another input, one of the same length too.
func TestReadRecordsCache(t *testing.T) {
	a := runLines(t)
	first, err := readRecords(a, "a.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := readRecords(bytes.Clone(a), "a.jsonl")
	if &again[0] != &first[0] {
		t.Error("the same input read anew, not from the cache")
	}
	// the same length: a digit of the first record's final x changed
	b := bytes.Clone(a)
	i := bytes.Index(b, []byte(`"x":[`)) + len(`"x":[`)
	for b[i] < '0' || b[i] > '9' {
		i++
	}
	b[i] = '0' + (b[i]-'0'+1)%10
	got, err := readRecords(b, "a.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if &got[0] == &first[0] || got[0].X[0] == first[0].X[0] {
		t.Error("another input of the same length returned the cached records")
	}
	if other, _ := readRecords(a, "b.jsonl"); &other[0] == &first[0] {
		t.Error("the same input under another name returned the cached records")
	}
}
