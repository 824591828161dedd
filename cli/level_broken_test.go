package cli

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/xray"
	"rummage/formats/xrlevel"
)

// TestBrokenLevel: a level whose vertex buffers are cut, whose LZHUF
// stream claims 0xFFFFFFF0 bytes, whose last chunk runs past the end or
// whose visual indexes past its vertices is never reported as fine: info
// and export exit 1 naming the offset, and intact chunks still work.
func TestBrokenLevel(t *testing.T) {
	good, err := xrlevel.WriteV4(xrlevel.SampleLevel(), xrlevel.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	vb, ok := xray.Scan(good, 0).Find(5)
	if !ok {
		t.Fatal("no vertex_buffers chunk")
	}
	badIndex := xrlevel.SampleLevel()
	badIndex.Visuals[0].Indices[0] = 60000
	indexed, err := xrlevel.WriteV4(badIndex, xrlevel.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]byte{
		"cut stream": func() []byte {
			b := append([]byte{}, good...)
			for i := vb.DataOff + int64(vb.Size)/2; i < vb.DataOff+int64(vb.Size); i++ {
				b[i] = 0
			}
			return b
		}(),
		"huge claim": func() []byte {
			b := append([]byte{}, good...)
			binary.LittleEndian.PutUint32(b[vb.DataOff:], 0xFFFFFFF0)
			return b
		}(),
		"past the end":        good[:len(good)-20],
		"index past vertices": indexed,
	}
	dir := t.TempDir()
	for name, data := range cases {
		file := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		os.WriteFile(file, data, 0o644)
		for _, args := range [][]string{
			{"info", "--json", file},
			{"export", "--as", "obj", "--out", filepath.Join(dir, "out"), file},
		} {
			code, _, errs := run(t, args...)
			if code != 1 || !strings.Contains(errs, "offset 0x") {
				t.Errorf("%s: %s: status %d, %q; want 1 with the offset", name, args[0], code, errs)
			}
		}
		if code, _, errs := run(t, "info", "--json", file, "textures"); code != 0 {
			t.Errorf("%s: the intact textures chunk: %d %s", name, code, errs)
		}
	}
	for _, name := range []string{"cut stream", "huge claim", "index past vertices"} {
		file := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		code, _, errs := run(t, "export", "--as", "obj", "--out", filepath.Join(dir, "v0"), file, "visuals/0")
		if code != 1 || !strings.Contains(errs, "offset 0x") {
			t.Errorf("%s: export visuals/0: status %d, %q", name, code, errs)
		}
	}
}

// TestLevelVisualsWithAHole: bytes cut out of the middle of the visuals
// chunk (stored plain or compressed) leave visuals whose chunk lists end
// early: info of the level or of the visual and export exit 1 naming the
// visual and the offset, never "batches": 0 and an OBJ without vertices.
func TestLevelVisualsWithAHole(t *testing.T) {
	dir := t.TempDir()
	for _, plain := range []bool{true, false} {
		good, err := xrlevel.WriteV4(xrlevel.SampleLevel(), xrlevel.WriteOptions{Plain: plain})
		if err != nil {
			t.Fatal(err)
		}
		c, _ := xray.Scan(good, 0).Find(4)
		at := c.DataOff + int64(c.Size)/10
		holed := append(append([]byte{}, good[:at]...), good[at+40:]...)
		file := filepath.Join(dir, "level")
		os.WriteFile(file, holed, 0o644)
		out := filepath.Join(dir, "out")
		for _, args := range [][]string{
			{"info", "--json", file},
			{"info", "--json", file, "visuals/0"},
			{"export", "--out", out, file},
		} {
			code, stdout, errs := run(t, args...)
			if code != 1 || !strings.Contains(errs, "visual 0 is cut short") || !strings.Contains(errs, "offset 0x") {
				t.Errorf("plain %v: %v: status %d, stdout %.80q, stderr %q; want 1 naming the visual and the offset", plain, args[:len(args)-1], code, stdout, errs)
			}
		}
		if ents, _ := os.ReadDir(out); len(ents) != 0 {
			t.Errorf("plain %v: export wrote %d files from a level with a hole", plain, len(ents))
		}
	}
}
