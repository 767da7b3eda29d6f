// Package atomicfile writes whole files so that a reader, a crash or a
// full disk never leaves a partial one: the data goes to a temporary file
// beside the target, which is then renamed over it (a rename within one
// directory is atomic on POSIX file systems). cec's -o outputs and the
// build tools that write the site and the paper's numbers use it.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes data to path with permissions 0644, replacing any file
// there only once all of data is written. On error path is as it was, the
// temporary file is removed, and the error names path (never the
// temporary file), for example "out/x.html: no such file or directory".
func WriteFile(path string, data []byte) error {
	if err := write(path, data); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func write(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644) // CreateTemp makes it 0600
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
