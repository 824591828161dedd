package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/dxt"
	"rummage/formats/txd"
)

// buildCommand is `rummage build txd|img`: a new TXD from images, or a new
// IMG archive from files.
var buildCommand = &command{
	usage: usageBuildTXD + " ; " + usageBuildIMG, // cli/flags.go: each also has its own command
	flags: buildTXDFlags,                         // build img's are a subset
	run:   runBuild,
}

func runBuild(e *env, a *args) int {
	if len(a.pos) < 1 {
		return e.usagef("missing what to build (txd or img)")
	}
	out := a.vals["out"]
	if out == "" {
		return e.usagef("--out OUT is required")
	}
	if len(a.pos) < 2 {
		return e.usagef("missing input files")
	}
	switch a.pos[0] {
	case "txd":
		return runBuildTXD(e, a, out)
	case "img":
		return runBuildIMG(e, a, out)
	}
	return e.usagef("cannot build %q (want txd or img)", a.pos[0])
}

// txdBuildOptions reads --platform, --format, --mips, --quality,
// --version, --resize, --filter and --addressing.
func txdBuildOptions(a *args) (txd.BuildOptions, error) {
	var o txd.BuildOptions
	p, ok := a.vals["platform"]
	if !ok {
		return o, errors.New(withChoices("--platform {platform} is required"))
	}
	var err error
	if o.Platform, err = txd.ParsePlatform(p); err != nil {
		return o, err
	}
	o.Format = a.vals["format"]
	if _, _, err := txd.ParseFormat(o.Format); err != nil {
		return o, err
	}
	if m, ok := a.vals["mips"]; ok && m != "auto" {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 || n > 16 {
			return o, fmt.Errorf("--mips %q: want auto or a level count from 1 to 16", m)
		}
		o.Mips = n
	}
	if o.Quality, err = dxt.ParseQuality(a.vals["quality"]); err != nil {
		return o, err
	}
	o.Version = a.vals["version"]
	if _, err := txd.VersionStamp(o.Version); err != nil {
		return o, err
	}
	if o.Resize, err = txd.ParseResize(a.vals["resize"]); err != nil {
		return o, err
	}
	if f, ok := a.vals["filter"]; ok {
		if o.Filter, err = txd.ParseFilterMode(f); err != nil {
			return o, err
		}
	}
	if ad, ok := a.vals["addressing"]; ok {
		if o.AddressU, o.AddressV, err = txd.ParseAddressing(ad); err != nil {
			return o, err
		}
	}
	return o, nil
}

// maxInputBytes caps one input file of build and convert (1 GiB): it is
// read whole, with one allocation of its size.
const maxInputBytes = binread.MaxAlloc

// inputFiles expands the arguments: a folder gives its regular files with
// one of exts (any file when exts is nil), sorted by name, not recursing;
// a file gives itself when it is a regular file (a FIFO, a device or a
// socket is refused without being opened).
func inputFiles(list []string, exts []string) ([]string, error) {
	var out []string
	for _, p := range list {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, plainErr(err))
		}
		if !st.IsDir() {
			if _, err := formats.StatRegular(p); err != nil {
				return nil, err
			}
			out = append(out, p)
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, plainErr(err))
		}
		n := len(out)
		for _, de := range ents {
			if de.Type().IsRegular() && hasExt(de.Name(), exts) {
				out = append(out, filepath.Join(p, de.Name()))
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s: no input files in the folder", p)
		}
	}
	return out, nil
}

func hasExt(name string, exts []string) bool {
	if exts == nil {
		return true
	}
	ext := strings.ToLower(filepath.Ext(name))
	for _, x := range exts {
		if ext == x {
			return true
		}
	}
	return false
}

// uniqueNames refuses two inputs that give the same texture name (the
// games look names up ignoring case).
func uniqueNames(files []string) error {
	seen := map[string]string{}
	for _, f := range files {
		b := filepath.Base(f)
		k := strings.ToLower(strings.TrimSuffix(b, filepath.Ext(b)))
		if prev, ok := seen[k]; ok {
			return fmt.Errorf("%s and %s give the same texture name %q", prev, f, k)
		}
		seen[k] = f
	}
	return nil
}

// errExists is the refusal of a write over an existing file.
var errExists = errors.New("the file exists (give --overwrite to replace it)")

// checkOut refuses an existing OUT unless --overwrite, before any work is
// done (the write itself refuses a file that appears meanwhile).
func (e *env) checkOut(a *args, out string) int {
	if a.bools["overwrite"] {
		return exitOK
	}
	if _, err := os.Lstat(out); err == nil {
		return e.fail(out, "", errExists)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return e.fail(out, "", plainErr(err))
	}
	return exitOK
}

// save writes s to out as a save does (atomic, synced; a replaced file's
// first original kept as OUT.bak), never over an existing file without
// --overwrite, and prints its name.
func (e *env) save(a *args, out string, s io.WriterTo) int {
	err := formats.SaveFileWith(out, s, formats.SaveOptions{New: !a.bools["overwrite"]})
	if errors.Is(err, fs.ErrExist) {
		err = errExists
	}
	if err != nil {
		return e.fail(out, "", err)
	}
	fmt.Fprintln(e.stdout, out)
	return exitOK
}
