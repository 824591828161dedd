package cli

import (
	"bytes"
	"path/filepath"
	"strings"

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
	ed := img.NewArchiveEditor(version)
	for _, f := range files {
		b, err := formats.ReadRegular(f, img.MaxMemberSize)
		if err != nil {
			return e.fail("", "", plainErr(err))
		}
		if err := ed.Add(filepath.Base(f), b); err != nil {
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
