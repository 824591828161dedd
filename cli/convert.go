package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"rummage/formats"
	"rummage/formats/dxt"
	"rummage/formats/txd"
)

// convertCommand is `rummage convert txd`: a TXD stored for another
// platform.
var convertCommand = &command{
	usage: withChoices("rummage convert txd --platform {platform} [--version {rw-version}] [--quality {quality}] [--overwrite] --out OUT.txd|DIR IN.txd|DIR..."),
	flags: map[string]bool{"platform": true, "version": true, "quality": true, "out": true, "overwrite": false},
	run:   runConvert,
}

func runConvert(e *env, a *args) int {
	if len(a.pos) < 2 || a.pos[0] != "txd" {
		return e.usagef("want: convert txd ... IN.txd|DIR...")
	}
	out := a.vals["out"]
	if out == "" {
		return e.usagef("--out OUT.txd|DIR is required")
	}
	c, err := convertOptions(a)
	if err != nil {
		return e.usagef("%v", err)
	}
	jobs, err := convertJobs(a.pos[1:], out)
	if err != nil {
		return e.fail("", "", err)
	}
	for _, j := range jobs {
		if st := e.checkOut(a, j.out); st != exitOK {
			return st
		}
	}
	status := exitOK
	for _, j := range jobs {
		if st := e.convertOne(a, c, j); st != exitOK {
			status = st
		}
	}
	return status
}

// conversion is what convert txd stores: the platform, the RW version
// stamp (0: the input's) and the DXT quality.
type conversion struct {
	platform, stamp uint32
	quality         dxt.Quality
}

// convertOptions reads --platform, --version and --quality.
func convertOptions(a *args) (conversion, error) {
	var c conversion
	p, ok := a.vals["platform"]
	if !ok {
		return c, errors.New(withChoices("--platform {platform} is required"))
	}
	var err error
	if c.platform, err = txd.ParsePlatform(p); err != nil {
		return c, err
	}
	if v, ok := a.vals["version"]; ok {
		if c.stamp, err = txd.VersionStamp(v); err != nil {
			return c, err
		}
	}
	c.quality, err = dxt.ParseQuality(a.vals["quality"])
	return c, err
}

// convertJob is one TXD to convert and the file it becomes.
type convertJob struct{ in, out string }

// convertJobs pairs inputs with outputs: one file is written as --out;
// several files, or a folder (its .txd files, recursively), go into the
// folder --out under their names, a folder's keeping its subfolders.
func convertJobs(inputs []string, out string) ([]convertJob, error) {
	if len(inputs) == 1 {
		if st, err := os.Stat(inputs[0]); err == nil && !st.IsDir() {
			return []convertJob{{inputs[0], out}}, nil
		}
	}
	if st, err := os.Stat(out); err == nil && !st.IsDir() || strings.EqualFold(filepath.Ext(out), ".txd") {
		return nil, fmt.Errorf("--out %s: with several TXDs or a folder, --out names the folder they go into", out)
	}
	var jobs []convertJob
	seen := map[string]string{}
	add := func(in, rel string) error {
		key := strings.ToLower(rel)
		if prev, ok := seen[key]; ok {
			return fmt.Errorf("%s and %s would both be %s", prev, in, filepath.Join(out, rel))
		}
		seen[key] = in
		jobs = append(jobs, convertJob{in, filepath.Join(out, rel)})
		return nil
	}
	for _, p := range inputs {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, plainErr(err))
		}
		if !st.IsDir() {
			if err := add(p, filepath.Base(p)); err != nil {
				return nil, err
			}
			continue
		}
		found, err := txdsUnder(p)
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			rel, _ := filepath.Rel(p, f)
			if err := add(f, rel); err != nil {
				return nil, err
			}
		}
	}
	return jobs, nil
}

// txdsUnder lists the regular .txd files under folder p, sorted.
func txdsUnder(p string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(p, func(f string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.EqualFold(filepath.Ext(f), ".txd") {
			out = append(out, f)
		}
		return err
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("%s: no .txd file in the folder", p)
	}
	return out, err
}

// convertOne converts one TXD and writes it.
func (e *env) convertOne(a *args, c conversion, j convertJob) int {
	b, err := formats.ReadRegular(j.in, maxInputBytes)
	if err != nil {
		return e.fail("", "", plainErr(err))
	}
	d, err := readableTXD(b)
	if err != nil {
		return e.fail(j.in, "", err)
	}
	nd, err := txd.ConvertDictionary(d, c.platform, c.stamp, c.quality)
	if err != nil {
		return e.fail(j.in, "", err)
	}
	data, err := nd.Marshal()
	if err == nil {
		_, err = readableTXD(data) // never write what nothing can read
	}
	if err != nil {
		return e.fail(j.out, "", err)
	}
	if dir := filepath.Dir(j.out); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return e.fail(j.out, "", plainErr(err))
		}
	}
	return e.save(a, j.out, bytes.NewReader(data))
}

// readableTXD parses b as a whole texture dictionary the way `ls` opens
// one: a header the format registry recognises and no broken texture.
func readableTXD(b []byte) (*txd.Dictionary, error) {
	if err := txd.CheckHeader(b, int64(len(b)), 0); err != nil {
		return nil, err
	}
	d, err := txd.Parse(b, 0)
	if err != nil {
		return nil, err
	}
	if d.Truncated != nil {
		return nil, d.Truncated
	}
	for _, it := range d.Items {
		if it.Err != nil {
			return nil, it.Err
		}
	}
	return d, nil
}
