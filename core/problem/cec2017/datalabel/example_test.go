package datalabel_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"pcaplay/core/problem/cec2017/datalabel"
)

// Files whose SHA-256 match the official sums are "official"; others get a
// label of their contents, the same wherever they are read from.
func ExampleOf() {
	shift := []byte("1.5 -2.25 3\n")
	sum := sha256.Sum256(shift)
	official := map[string]string{"shift_data_1.txt": hex.EncodeToString(sum[:])}

	fmt.Println(datalabel.Of(map[string][]byte{"shift_data_1.txt": shift}, official))
	changed := datalabel.Of(map[string][]byte{"shift_data_1.txt": []byte("1.5 -2.25 4\n")}, official)
	fmt.Println(changed[:7], len(changed))
	// Output:
	// official
	// sha256: 23
}
