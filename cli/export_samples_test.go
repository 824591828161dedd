package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rummage/export"
	"rummage/export/glbtest"
	"rummage/formats"
	"rummage/samples"
)

// writeSamples writes the built-in sample files into a folder.
func writeSamples(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	var names []string
	for _, f := range samples.Files() {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, f.Name)
	}
	if len(names) == 0 {
		t.Skip("no samples")
	}
	return dir, names
}

// checkExported checks that every listed file exists, is complete for its
// format, and that no temporary file is left.
func checkExported(t *testing.T, out string, written []string) {
	t.Helper()
	for _, p := range written {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("listed but missing: %s", p)
			continue
		}
		switch filepath.Ext(p) {
		case ".png":
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		case ".json", ".gltf":
			if !json.Valid(b) {
				t.Errorf("%s: invalid JSON", p)
			}
		case ".glb":
			if !bytes.HasPrefix(b, []byte("glTF")) {
				t.Errorf("%s: no glTF magic", p)
			}
			glbtest.Keep(t, p, b) // for the validator run of make test
		case ".obj":
			if !bytes.Contains(b, []byte("\nv ")) && !bytes.HasPrefix(b, []byte("v ")) {
				t.Errorf("%s: no vertices", p)
			}
		}
	}
	filepath.Walk(out, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.Contains(filepath.Base(p), ".tmp") {
			t.Errorf("temporary file left: %s", p)
		}
		return nil
	})
}

// Every sample file exports whole with the default formats, keeping its
// folders: one entry per child at the top, nested containers as folders.
func TestExportEverySample(t *testing.T) {
	dir, names := writeSamples(t)
	kinds := map[string]bool{}
	for _, name := range names {
		file := filepath.Join(dir, name)
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, errs := run(t, "export", "--out", out, file)
		if code != 0 {
			t.Errorf("%s: status %d: %s", name, code, errs)
			continue
		}
		written := strings.Fields(stdout)
		if len(written) == 0 {
			t.Errorf("%s: nothing written", name)
		}
		checkExported(t, out, written)

		// The tree's structure: every container child of the root is a folder.
		f, err := formats.Open(file, nil)
		if err != nil {
			t.Fatal(err)
		}
		kids, _ := f.Root.Children()
		segs := formats.ChildNames(kids, formats.Folds(f.Root))
		for i, k := range kids {
			kinds[string(k.Kind())] = true
			// (a level root is exported whole, as one mesh)
			if export.IsContainer(f.Root) && export.IsContainer(k) {
				if st, err := os.Stat(filepath.Join(out, export.SafeName(segs[i]))); err != nil || !st.IsDir() {
					t.Errorf("%s: container %s is not a folder of the export", name, segs[i])
				}
			}
		}
		f.Close()
	}
	for _, k := range []string{"texture", "material", "mesh", "wear"} {
		if !kinds[k] {
			t.Errorf("no sample has a %s at the top: the test covers less than it says", k)
		}
	}
}

// Meshes and levels also export as glTF and JSON; textures as raw bytes.
func TestExportSampleFormats(t *testing.T) {
	dir, names := writeSamples(t)
	for _, name := range names {
		file := filepath.Join(dir, name)
		for _, as := range []string{"gltf", "json", "raw"} {
			out := filepath.Join(t.TempDir(), as)
			code, stdout, errs := run(t, "export", "--as", as, "--out", out, file)
			if code != 0 {
				t.Errorf("%s --as %s: status %d: %s", name, as, code, errs)
				continue
			}
			checkExported(t, out, strings.Fields(stdout))
		}
	}
}

// Duplicate names: the same node named twice, and two nodes with one name.
func TestExportSampleDuplicates(t *testing.T) {
	dir, _ := writeSamples(t)
	file := filepath.Join(dir, "gta3.img")
	if _, err := os.Stat(file); err != nil {
		t.Skip("no gta3.img sample")
	}
	out := t.TempDir()
	code, stdout, errs := run(t, "export", "--out", out, file, "ps2_sa.txd/brick", "pc_d3d9.txd/brick", "ps2_sa.txd/brick")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	written := strings.Fields(stdout)
	if len(written) != 2 || filepath.Base(written[0]) != "brick.png" || filepath.Base(written[1]) != "brick_2.png" {
		t.Errorf("written %v, want brick.png and brick_2.png", written)
	}
	checkExported(t, out, written)
}

// A cancelled export of a sample stops early and leaves only whole files.
func TestExportSampleCancel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	dir, _ := writeSamples(t)
	f, err := formats.Open(filepath.Join(dir, "Textures.lib"), nil)
	if err != nil {
		t.Skip("no Textures.lib sample")
	}
	defer f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	out := t.TempDir()
	p, err := export.NewPlan(ctx, []export.Item{{Node: f.Root}}, export.Options{Dir: out,
		Progress: func(done, total int, _ string) {
			if done == 1 {
				cancel()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Jobs) < 3 {
		t.Fatalf("only %d jobs", len(p.Jobs))
	}
	res, err := p.Run(ctx)
	if err != context.Canceled {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	// Jobs run on 2 goroutines here: the first job, the one running beside
	// it and the one its goroutine may take before the cancel can
	// complete; no other starts.
	if len(res.Written) == 0 || len(res.Written) > 3*len(p.Jobs[0].Files) {
		t.Errorf("written %v after cancelling at the first job; want the jobs started before it", res.Written)
	}
	checkExported(t, out, res.Written)
	ents, _ := os.ReadDir(out)
	if len(ents) != len(res.Written) {
		t.Errorf("%d files in the folder, %d written", len(ents), len(res.Written))
	}
}

// A model's textures keep their names on export (issue 30): the sample
// rumbler.dff as OBJ writes rumbler_body.png and its MTL names it; as
// glTF its images are named after the textures.
func TestExportModelTextureNames(t *testing.T) {
	dir, _ := writeSamples(t)
	out := t.TempDir()
	if code, _, errs := run(t, "export", "-q", "--as", "obj", "--out", out, filepath.Join(dir, "rumbler.dff")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range []string{"rumbler_body.png", "rumbler_glass.png", "rumbler_tyre.png", "rumbler_rim.png"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("%s not written: %v", name, err)
		}
	}
	mtl, err := os.ReadFile(filepath.Join(out, "rumbler.dff.mtl"))
	if err != nil || !strings.Contains(string(mtl), "map_Kd rumbler_body.png\n") {
		t.Errorf("MTL does not name rumbler_body.png (%v):\n%s", err, mtl)
	}
	if code, _, errs := run(t, "export", "-q", "--as", "gltf", "--out", out, filepath.Join(dir, "rumbler.dff")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	glb, err := os.ReadFile(filepath.Join(out, "rumbler.dff.glb"))
	if err != nil || !bytes.Contains(glb, []byte(`"name":"rumbler_body"`)) {
		t.Errorf("glTF image not named rumbler_body (%v)", err)
	}
}
