//go:build !unix

package atomicfile

import "testing"

func mkfifo(t *testing.T, path string) { t.Skip("no named pipes here") }
