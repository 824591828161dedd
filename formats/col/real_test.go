package col

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
)

// headerCount counts the models of a collision file its own way: tags
// followed by sizes, hop by hop, until bytes that are no tag.
func headerCount(b []byte) (models int, rest []byte) {
	for len(b) >= 8 {
		switch string(b[:4]) {
		case "COLL", "COL2", "COL3", "COL4":
		default:
			return models, b
		}
		n := int(binary.LittleEndian.Uint32(b[4:8]))
		if n > len(b)-8 {
			return models + 1, nil
		}
		models++
		b = b[8+n:]
	}
	return models, b
}

// TestRealCOL lists every .col of the San Andreas IMG folder named by
// $RUMMAGE_SA_REAL: as many models as their headers hold, each readable.
func TestRealCOL(t *testing.T) {
	dir := os.Getenv("RUMMAGE_SA_REAL")
	if dir == "" {
		t.Skip("RUMMAGE_SA_REAL is not set")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "MODELS", "*", "*.col"))
	if len(files) == 0 {
		t.Skip("no .col files")
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		want, rest := headerCount(b)
		f, err := formats.Open(p, nil)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		kids, err := f.Root.Children()
		if err != nil || len(kids) != want {
			t.Errorf("%s: %d models (%v), the headers hold %d", p, len(kids), err, want)
		}
		for _, k := range kids {
			if err := formats.SafeErr(k); err != nil {
				t.Errorf("%s: %s: %v", p, k.Name(), err)
			}
		}
		zeros := strings.Trim(string(rest), "\x00") == ""
		if d := formats.SafeDiagnostics(f.Root); (len(d) == 0) != zeros {
			t.Errorf("%s: trailer of %d bytes (zeros %v), warnings %v", p, len(rest), zeros, d)
		}
		if filepath.Base(p) == "countrye_1.col" && (want != 25 || len(rest) == 0 || !zeros) {
			t.Errorf("countrye_1.col: %d models, %d trailing bytes", want, len(rest))
		}
		f.Close()
	}
}
