// Package atomicfile writes whole files so that a reader, a crash or a
// full disk never leaves a partial one: the data goes to a temporary file
// beside the target, which is then renamed over it (a rename within one
// directory is atomic on POSIX file systems). cec's -o outputs and the
// build tools that write the site and the paper's numbers use it.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile writes data to path, replacing any regular file there only
// once all of data is written, with that file's permissions (a new file
// gets 0644). It refuses a path that is a folder, a symbolic link, a named
// pipe, a device or a socket: those it would replace by a regular file.
// On error path is as it was, the temporary file is removed, and the error
// names path (never the temporary file), for example
// "out/x.html: no such file or directory".
func WriteFile(path string, data []byte) error {
	if err := write(path, data); err != nil {
		var pe *os.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// ErrNotRegular is the error of a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

func write(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	switch st, err := os.Lstat(path); {
	case err == nil && !st.Mode().IsRegular():
		return fmt.Errorf("%w: %s", ErrNotRegular, Kind(st.Mode()))
	case err == nil:
		mode = st.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
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
		err = os.Chmod(tmp, mode) // CreateTemp makes it 0600
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// Kind names what a path that is not a regular file is: "a folder", "a
// symbolic link", "a named pipe", "a socket", "a device".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return "a device"
	}
	return "something else"
}
