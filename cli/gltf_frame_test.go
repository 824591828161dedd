package cli

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/dff"
)

// TestGLTFNonFiniteFrameNamesIt: a DFF frame whose matrix holds a NaN
// cannot go into glTF; the error names the frame and its record's offset.
func TestGLTFNonFiniteFrameNamesIt(t *testing.T) {
	dir, _ := writeSamples(t)
	b, err := os.ReadFile(filepath.Join(dir, "rumbler.dff"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := dff.Parse(b, 0)
	if err != nil || len(f.Clump.Frames) < 2 {
		t.Fatalf("%v", err)
	}
	fr := f.Clump.Frames[1]
	binary.LittleEndian.PutUint32(b[fr.Off+4:], math.Float32bits(float32(math.NaN())))
	file := filepath.Join(dir, "nan.dff")
	os.WriteFile(file, b, 0o644)
	code, _, stderr := run(t, "export", "--as", "gltf", "--out", t.TempDir(), file)
	want := fmt.Sprintf("offset 0x%X (%d): frame 1 (%q) has a non-finite matrix", fr.Off, fr.Off, fr.Name)
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("status %d, stderr %q; want 1 and %q", code, stderr, want)
	}
}
