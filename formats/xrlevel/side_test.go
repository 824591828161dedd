package xrlevel

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"rummage/formats"
)

// v12Split is a version 12 level whose buffers are in a level.geom.
func v12Split() (level, geomFile []byte) {
	var l lb
	l = l.chunk(1, lb{}.u16(12, 1), false)
	l = l.chunk(2, lb{}.str("", "default/stone,lmap#1"), false)
	var vis lb
	vis = vis.chunk(0, ogf3(0, 1, [3]uint32{0, 0, 4}, [3]uint32{0, 0, 6}, nil), false)
	l = l.chunk(3, vis, true)
	var g lb
	g = g.chunk(9, lb{}.u32(1, 6).u16(0, 1, 2, 2, 1, 3), false)
	g = g.chunk(0xa, declVB(4), false)
	return l, g
}

func openLevel(t *testing.T, p string, opts *formats.Options) (*LevelNode, *Level) {
	t.Helper()
	f, err := formats.Open(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	n := f.Root.(*LevelNode)
	lv, err := n.Level()
	if err != nil {
		t.Fatal(err)
	}
	return n, lv
}

// TestMissingGeom: without its level.geom a version 10+ level still
// describes itself, with a finding naming the missing file, while its
// geometry fails naming it; the file is found in gamedata/levels/NAME/ of
// a parent folder, or where --geom says.
func TestMissingGeom(t *testing.T) {
	level, geomFile := v12Split()
	root := t.TempDir()
	dir := filepath.Join(root, "extracted", "l01_escape")
	os.MkdirAll(dir, 0o755)
	p := filepath.Join(dir, "level")
	os.WriteFile(p, level, 0o644)

	n, lv := openLevel(t, p, nil)
	if !slices.Contains(lv.Missing, "level.geom") {
		t.Fatalf("missing %v", lv.Missing)
	}
	found := false
	for _, d := range lv.Diags {
		found = found || strings.Contains(d.Msg, "level.geom is missing")
	}
	if !found {
		t.Errorf("no finding names level.geom: %v", lv.Diags)
	}
	if _, err := n.Describe(); err != nil {
		t.Errorf("describe: %v", err)
	}
	if _, err := lv.VisualMesh(0); err == nil || !strings.Contains(err.Error(), "level.geom") {
		t.Errorf("visual mesh: %v", err)
	}
	if _, err := n.Mesh(); err == nil || !strings.Contains(err.Error(), "level.geom") {
		t.Errorf("level mesh: %v", err)
	}

	// In the usual place of a parent folder.
	usual := filepath.Join(root, "gamedata", "levels", "l01_escape")
	os.MkdirAll(usual, 0o755)
	os.WriteFile(filepath.Join(usual, "level.geom"), geomFile, 0o644)
	if _, lv := openLevel(t, p, nil); lv.GeomFile != filepath.Join(usual, "level.geom") || lv.Totals().Vertices != 4 {
		t.Errorf("gamedata/levels: geom %q, %d vertices", lv.GeomFile, lv.Totals().Vertices)
	}
	// Named by --geom.
	other := filepath.Join(root, "elsewhere.geom")
	os.WriteFile(other, geomFile, 0o644)
	os.RemoveAll(filepath.Join(root, "gamedata"))
	if _, lv := openLevel(t, p, &formats.Options{Geom: other}); lv.GeomFile != other || len(lv.Missing) != 1 {
		t.Errorf("--geom: geom %q, missing %v", lv.GeomFile, lv.Missing)
	}
}

// TestGeomHeadersOnly: a sparse level.geom of 512 MB (one vertex buffer
// claiming 32 M vertices) is read through an io.ReaderAt, headers first:
// opening the level and counting its parts reads a few bytes of it, not
// the buffer (it used to be read whole, doubling as it grew).
func TestGeomHeadersOnly(t *testing.T) {
	level, _ := v12Split()
	dir := t.TempDir()
	p := filepath.Join(dir, "level")
	os.WriteFile(p, level, 0o644)
	const n = 32 << 20 // vertices of 16 bytes
	vb := declVB(0)
	binary.LittleEndian.PutUint32(vb[len(vb)-4:], n)
	g := lb{}.chunk(9, lb{}.u32(1, 6).u16(0, 1, 2, 2, 1, 3), false)
	g = binary.LittleEndian.AppendUint32(g, 0xa)
	g = binary.LittleEndian.AppendUint32(g, uint32(len(vb)+16*n))
	g = append(g, vb...)
	gp := filepath.Join(dir, "level.geom")
	if err := os.WriteFile(gp, g, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(gp, int64(len(g))+16*n); err != nil {
		t.Skip(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, lv := openLevel(t, p, nil)
	tot := lv.Totals()
	runtime.ReadMemStats(&after)
	if tot.Vertices != n || lv.GeomFile != gp {
		t.Fatalf("vertices %d from %q, want %d from level.geom", tot.Vertices, lv.GeomFile, n)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
		t.Errorf("opening a level beside a %d MB level.geom allocated %d MB", (len(g)+16*n)>>20, got>>20)
	}
}
