package all_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/formats/dds"
	"rummage/formats/dxt"
	"rummage/formats/geom"
	"rummage/formats/ifp"
	"rummage/formats/img"
	"rummage/formats/tga"
	"rummage/formats/world/worldtest"
	"rummage/samples"
)

// tagCorpus writes files of every kind the project can make into a new
// folder: the built-in samples, the entries of their archives as files of
// their own, a small GTA game folder, images, IMG version 1 and VERF
// archives and an ANPK animation package.
func tagCorpus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, b []byte) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range samples.Files() {
		write(s.Name, s.Data)
	}
	if _, err := worldtest.Small(filepath.Join(dir, "game")); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Textures.lib", "tank.rlb", "gta3.img", "walker.ifp", "game/models/gta3.img"} {
		entriesOf(t, filepath.Join(dir, s), write)
	}
	pic := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	pic.SetNRGBA(1, 1, color.NRGBA{200, 10, 10, 255})
	var pb, tb bytes.Buffer
	png.Encode(&pb, pic)
	tga.Encode(&tb, pic)
	write("pic.png", pb.Bytes())
	write("pic.tga", tb.Bytes())
	if b, err := dds.Encode(pic, dds.BlockFormat(dxt.DXT1), 1); err == nil {
		write("pic.dds", b)
	} else {
		t.Fatal(err)
	}
	files := []img.File{{Name: "a.txd", Data: samples.Files()[0].Data}}
	if imgData, dirData, err := img.BuildV1(files); err == nil {
		write("v1/gta3.img", imgData)
		write("v1/gta3.dir", dirData)
	}
	if b, err := img.BuildVERF(files, 0); err == nil {
		write("verf.img", b)
	}
	return dir
}

// entriesOf writes the entries of the archive at path that are whole
// files of their own (textures, meshes, WEAR tables, a motion as an ANPK
// package) beside it.
func entriesOf(t *testing.T, path string, write func(string, []byte)) {
	t.Helper()
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kids, _ := formats.SafeChildren(f.Root)
	var anims []*geom.Animation
	for _, k := range kids {
		if a, ok := k.(formats.Animator); ok {
			if an, err := a.Animation(); err == nil {
				anims = append(anims, an)
			}
			continue
		}
		r, ok := k.(formats.Rawer)
		if !ok {
			continue
		}
		b, _ := io.ReadAll(r.Open())
		name := k.Name()
		if formats.SafeType(k) == "MSH" && !strings.HasSuffix(strings.ToLower(name), ".msh") {
			name += ".msh"
		}
		write("entries/"+filepath.Base(path)+"/"+name, b)
	}
	if len(anims) > 0 {
		if b, err := ifp.WriteANPK("walk", anims, false); err == nil {
			write("anpk.ifp", b)
		}
	}
}

// A file's format, kind and type tag known from its first bytes (Sniff,
// what a folder lists unopened files by) are those of the root the file
// opens as.
func TestSniffTagsMatchOpenedRoots(t *testing.T) {
	dir := tagCorpus(t)
	seen := map[string]bool{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		s, err := formats.Sniff(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		f, err := formats.Open(p, nil)
		rel, _ := filepath.Rel(dir, p)
		defer f.Close() // a File in every case, a broken root when err is set
		if s.Format == nil {
			if err == nil {
				t.Errorf("%s: not recognised by Sniff, opens as %s %s", rel, formats.SafeKind(f.Root), formats.SafeType(f.Root))
			}
			return nil
		}
		seen[s.Format.Name] = true
		if err != nil {
			return nil // a broken or stand-in file: its root says nothing
		}
		if kind, tag := formats.SafeKind(f.Root), formats.SafeType(f.Root); kind != s.Kind() || tag != s.Tag {
			t.Errorf("%s (%s): sniffed %s %q, opens as %s %q", rel, s.Format.Name, s.Kind(), s.Tag, kind, tag)
		}
		return nil
	})
	if _, err := os.Stat(filepath.Join(dir, "anpk.ifp")); err != nil {
		t.Error("the corpus has no ANPK package")
	}
	for _, name := range []string{"nres", "rsli", "txd", "dff", "col", "ifp", "img-ver2", "img-v1", "img-verf", "ide", "ipl-text", "ipl-binary", "gta-dat", "xray-level", "png", "tga", "dds", "texm", "msh", "wear-file"} {
		if !seen[name] {
			t.Errorf("the corpus has no %s file", name)
		}
	}
}
