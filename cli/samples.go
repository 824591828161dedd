package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"rummage/samples"
)

func runSamples(e *env, a *args) int {
	if len(a.pos) != 1 {
		if len(a.pos) == 0 {
			return e.usagef("missing DIR")
		}
		return e.usagef("too many arguments")
	}
	dir := a.pos[0]
	files := samples.Files()
	if len(files) == 0 {
		return e.fail("", "", errors.New("this build has no sample files"))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return e.fail(dir, "", plainErr(err))
	}
	for _, f := range files {
		p := filepath.Join(dir, f.Name)
		if err := writeAtomic(p, f.Data); err != nil {
			return e.fail(p, "", plainErr(err))
		}
		fmt.Fprintln(e.stdout, p)
	}
	return exitOK
}

// writeAtomic writes data to a temporary file beside path and renames it
// into place.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	tmp.Chmod(0o644) // CreateTemp makes it private
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(name)
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}
