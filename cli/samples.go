package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"rummage/internal/atomicfile"
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
	for _, f := range files { // refuse before writing anything
		if st := e.checkOut(a, filepath.Join(dir, f.Name)); st != exitOK {
			return st
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return e.fail(dir, "", plainErr(err))
	}
	for _, f := range files {
		if st := e.writeOut(a, filepath.Join(dir, f.Name), f.Data); st != exitOK {
			return st
		}
	}
	return exitOK
}

// writeOut writes data to out atomically with one write call (replacing
// an existing file only with --overwrite) and prints its name.
func (e *env) writeOut(a *args, out string, data []byte) int {
	o := atomicfile.Options{}
	if a.bools["overwrite"] {
		o.Policy = atomicfile.Replace
	}
	err := atomicfile.WriteFile(out, data, o)
	if errors.Is(err, fs.ErrExist) {
		err = errExists
	}
	if err != nil {
		return e.fail(out, "", plainErr(err))
	}
	fmt.Fprintln(e.stdout, out)
	return exitOK
}
