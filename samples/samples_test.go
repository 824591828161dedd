package samples_test

import (
	"bytes"
	"testing"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/samples"
	"rummage/samples/build"
)

// TestEmbeddedUpToDate fails when samples/data is stale: every embedded
// file must equal what its builder writes now, and every builder's file
// must be embedded. Regenerate with `cd samples && go run ./gen`.
func TestEmbeddedUpToDate(t *testing.T) {
	list, built, err := build.All()
	if err != nil {
		t.Fatal(err)
	}
	embedded := map[string][]byte{}
	for _, f := range samples.Files() {
		embedded[f.Name] = f.Data
	}
	for _, b := range list {
		got, ok := embedded[b.Name]
		if !ok {
			t.Errorf("%s is built but not in samples/data (run: cd samples && go run ./gen)", b.Name)
			continue
		}
		if !bytes.Equal(got, built[b.Name]) {
			t.Errorf("samples/data/%s is stale (run: cd samples && go run ./gen)", b.Name)
		}
	}
	for name := range embedded {
		if _, ok := built[name]; !ok {
			t.Errorf("samples/data/%s has no builder", name)
		}
	}
	if len(list) == 0 {
		t.Error("no sample builders registered")
	}
}

// TestSamplesOpen opens every sample through the format registry and walks
// its whole tree: no sample may be unrecognised, and no node broken.
func TestSamplesOpen(t *testing.T) {
	for _, f := range samples.Files() {
		t.Run(f.Name, func(t *testing.T) {
			root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(f.Data), Size: int64(len(f.Data)), Name: f.Name, Opts: &formats.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			var walk func(n formats.Node, path string, depth int)
			walk = func(n formats.Node, path string, depth int) {
				if depth > 32 {
					t.Fatalf("%s: nested too deep", path)
				}
				if b, ok := n.(formats.Broken); ok && b.Err() != nil {
					t.Errorf("%s is broken: %v", path, b.Err())
				}
				kids, err := n.Children()
				if err != nil {
					t.Errorf("%s: children: %v", path, err)
					return
				}
				names := formats.ChildNames(kids, formats.Folds(n))
				for i, k := range kids {
					p := path + "/" + names[i]
					if got, err := formats.Resolve(root, p[len(f.Name)+1:]); err != nil || got != k {
						t.Errorf("path %s does not resolve to its node: %v", p, err)
					}
					walk(k, p, depth+1)
				}
			}
			walk(root, f.Name, 0)
		})
	}
}
