package ifp

import (
	"os"
	"testing"

	"rummage/formats"
)

// TestRealPED opens San Andreas' ANIM/PED.IFP ($RUMMAGE_IFP_REAL names
// the file): 311 animations, every one decodes, and the ~100 KB after
// them are reported, not refused.
func TestRealPED(t *testing.T) {
	path := os.Getenv("RUMMAGE_IFP_REAL")
	if path == "" {
		t.Skip("RUMMAGE_IFP_REAL is not set")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ReadIndex(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Entries) != 311 || p.Format != TagANP3 || len(p.Diags) != 1 {
		t.Fatalf("%d animations (%s), findings %v", len(p.Entries), p.Format, p.Diags)
	}
	for _, e := range p.Entries {
		a, err := p.Decode(b, 0, e)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if e.Name == "WALK_player" && (a.Duration < 1.19 || a.Duration > 1.21 || len(a.Tracks) != 32) {
			t.Errorf("WALK_player: %v s, %d bones", a.Duration, len(a.Tracks))
		}
	}
}

// BenchmarkOpenListPED opens PED.IFP ($RUMMAGE_IFP_REAL) and lists its
// animations: read the file, walk the headers.
func BenchmarkOpenListPED(b *testing.B) {
	path := os.Getenv("RUMMAGE_IFP_REAL")
	if path == "" {
		b.Skip("RUMMAGE_IFP_REAL is not set")
	}
	for b.Loop() {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		p, err := ReadIndex(data, 0)
		if err != nil || len(p.Entries) != 311 {
			b.Fatal(err)
		}
	}
}

// BenchmarkListPEDNodes is what `rummage ls PED.IFP` does after opening:
// the root's children and each one's error state (which decodes it).
func BenchmarkListPEDNodes(b *testing.B) {
	path := os.Getenv("RUMMAGE_IFP_REAL")
	if path == "" {
		b.Skip("RUMMAGE_IFP_REAL is not set")
	}
	for b.Loop() {
		f, err := formats.Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		kids, err := f.Root.Children()
		if err != nil || len(kids) != 311 {
			b.Fatal(err)
		}
		for _, k := range kids {
			if err := k.(formats.Broken).Err(); err != nil {
				b.Fatal(err)
			}
		}
		f.Close()
	}
}
