package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"rummage/formats"
	"rummage/formats/img"
)

// runBuildIMG writes a new IMG archive (VER2, or version 1 as OUT.img and
// OUT.dir) holding the files, sorted by name.
func runBuildIMG(e *env, a *args, out string) int {
	version := 2
	switch a.vals["version"] {
	case "", "2":
	case "1":
		version = 1
	default:
		return e.usagef("--version %q: an IMG is version 2 or 1", a.vals["version"])
	}
	files, err := inputFiles(a.pos[1:], nil)
	if err != nil {
		return e.fail("", "", err)
	}
	datas, err := readAll(files, img.MaxMemberSize)
	if err != nil {
		return e.fail("", "", plainErr(err))
	}
	ed := img.NewArchiveEditor(version)
	for i, f := range files {
		if err := ed.Add(filepath.Base(f), datas[i]); err != nil {
			return e.fail(f, "", err)
		}
	}
	dirPath := strings.TrimSuffix(out, filepath.Ext(out)) + ".dir"
	if version == 1 && dirPath == out {
		return e.usagef("--out %q: a version 1 archive needs an .img name (its directory goes to NAME.dir)", out)
	}
	if st := e.checkOut(a, out); st != exitOK {
		return st
	}
	if version == 1 {
		if st := e.checkOut(a, dirPath); st != exitOK {
			return st
		}
	}
	if st := e.save(a, out, ed); st != exitOK || version != 1 {
		return st
	}
	return e.save(a, dirPath, bytes.NewReader(ed.Dir()))
}

// readAll reads the regular files (each at most limit bytes) on a few
// goroutines: with many small files the work is waiting for the system.
// The error is that of the first file in list order that fails, as a
// reading one by one would give (files after a failed one are left).
func readAll(files []string, limit int64) ([][]byte, error) {
	datas := make([][]byte, len(files))
	errs := make([]error, len(files))
	var next, firstBad atomic.Int64
	firstBad.Store(int64(len(files)))
	var wg sync.WaitGroup
	for range min(4, len(files)) {
		wg.Go(func() {
			for i := next.Add(1) - 1; i < firstBad.Load(); i = next.Add(1) - 1 {
				if datas[i], errs[i] = formats.ReadRegular(files[i], limit); errs[i] != nil {
					for bad := firstBad.Load(); i < bad && !firstBad.CompareAndSwap(bad, i); bad = firstBad.Load() {
					}
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return datas, nil
}
