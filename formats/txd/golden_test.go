package txd_test

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"rummage/formats/rw"
	"rummage/formats/txd"
	"rummage/samples"
)

var update = flag.Bool("update", false, "rewrite the golden dumps in testdata")

// dump is a text description of a dictionary: its sections, every
// texture's facts and an FNV hash of every decoded level.
func dump(b []byte) (string, error) {
	var out strings.Builder
	secs, err := rw.Parse(b, 0)
	if err != nil {
		return "", err
	}
	rw.Walk(secs, func(s *rw.Section, d int) {
		fmt.Fprintf(&out, "%s%s size=%d off=%d v=%s\n", strings.Repeat("  ", d), s.Name(), s.Size, s.Off, rw.VersionString(s.Version()))
	})
	d, err := txd.Parse(b, 0)
	if err != nil {
		return "", err
	}
	for _, t := range d.Textures() {
		m := t.Describe()
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(&out, "texture %q\n", t.Name)
		for _, k := range keys {
			fmt.Fprintf(&out, "  %s: %v\n", k, m[k])
		}
		for lv := range t.Levels {
			img, err := t.Image(lv)
			if err != nil {
				return "", err
			}
			h := fnv.New64a()
			h.Write(img.Pix)
			fmt.Fprintf(&out, "  level %d: %dx%d fnv %016x\n", lv, img.Rect.Dx(), img.Rect.Dy(), h.Sum64())
		}
		if t.PS2 != nil {
			for _, f := range t.PS2.Registers() {
				fmt.Fprintf(&out, "  %s.%s = %s\n", f.Group, f.Name, f.Value)
			}
		}
	}
	return out.String(), nil
}

func TestGoldenSampleDumps(t *testing.T) {
	n := 0
	for _, f := range samples.Files() {
		if !strings.HasSuffix(f.Name, ".txd") {
			continue
		}
		n++
		got, err := dump(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		path := filepath.Join("testdata", f.Name+".golden")
		if *update {
			os.WriteFile(path, []byte(got), 0o644)
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal([]byte(got), want) {
			t.Errorf("%s: dump differs from %s (run go test -update after checking)", f.Name, path)
		}
		// The sample saves back byte-identically.
		d, _ := txd.Parse(f.Data, 0)
		if b, _ := d.Bytes(); !bytes.Equal(b, f.Data) {
			t.Errorf("%s: re-save differs", f.Name)
		}
	}
	if n < 4 {
		t.Fatalf("only %d TXD samples", n)
	}
}
