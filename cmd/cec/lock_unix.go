//go:build unix

package main

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f for the life of the
// process (flock), so that two cec run -o on one file — a Kubernetes pod
// and its replacement, a Slurm task and its requeued copy — cannot both
// append. It reports errBusy when another process holds the lock; a file
// system without locks is not an error.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errBusy
	}
	return nil
}
