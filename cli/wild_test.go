package cli

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/img"
	"rummage/formats/rw"
	"rummage/formats/txd"
)

// writeFile writes data as name in a temporary folder and returns its path.
func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A clump followed, inside itself, by a second empty Extension opens:
// info exits 0 and names the skipped chunk's offset in "warnings".
func TestInfoWarnsOfSkippedChunk(t *testing.T) {
	stamp := rw.Pack(0x36003, 0xFFFF)
	b := dff.NewBuilder(stamp)
	fr := b.AddFrame("root", -1, geom.Vec3{})
	g, err := b.AddGeometry(dff.GeometrySpec{Positions: []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Tris: [][3]uint16{{0, 1, 2}},
		TriMats: []uint16{0}, Materials: []dff.MaterialSpec{{Color: color.NRGBA{255, 255, 255, 255}}}})
	if err != nil {
		t.Fatal(err)
	}
	b.AddAtomic(fr, g)
	data, err := b.File().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	at := len(data)
	data = append(data, rw.Chunk(rw.IDExtension, stamp)...)
	binary.LittleEndian.PutUint32(data[4:], binary.LittleEndian.Uint32(data[4:])+rw.HeaderSize)
	obj, ok := infoJSON(t, writeFile(t, "two.dff", data), "")
	if !ok {
		return
	}
	w, _ := obj["warnings"].([]any)
	if obj["kind"] != "mesh" || len(w) != 1 || !strings.Contains(w[0].(string), fmt.Sprintf("offset 0x%X", at)) {
		t.Fatalf("kind %v, warnings %v (want the Extension at 0x%X)", obj["kind"], w, at)
	}
}

// A fastman92 archive lists its entries with how each is stored; an
// encrypted one is refused with its name and status 1.
func TestVERFFromTheCommandLine(t *testing.T) {
	tex, err := txd.NewD3D(txd.PlatformD3D9, image.NewNRGBA(image.Rect(0, 0, 4, 4)), txd.Options{Name: "t", Compression: txd.CompDXT4})
	if err != nil {
		t.Fatal(err)
	}
	d := txd.NewDictionary(txd.StampSA, 2)
	d.Add(tex)
	dict, _ := d.Marshal()
	arch, err := img.BuildVERF([]img.File{{Name: "a.txd", Data: dict}, {Name: "b.dat", Data: []byte("raw bytes")}}, img.CompLZ4)
	if err != nil {
		t.Fatal(err)
	}
	p := writeFile(t, "gta3.img", arch)
	code, out, errs := run(t, "ls", "--json", p)
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 2 || rows[1]["compression"] != "lz4" {
		t.Fatalf("ls: %d %s %s", code, out, errs)
	}
	obj, ok := infoJSON(t, p, "a.txd/t")
	if ok && obj["format"] != "DXT4" {
		t.Fatalf("texture format %v, want DXT4", obj["format"])
	}
	arch[4] |= 1 << 4
	code, _, errs = run(t, "info", writeFile(t, "enc.img", arch))
	if code != 1 || !strings.Contains(errs, "fastman92 IMG (VERF), encrypted: not supported") {
		t.Fatalf("encrypted: %d %q", code, errs)
	}
}

// An archive whose header claims more entries than fit lists every row
// with status 0, the unreadable ones with their "error"; info on one of
// them exits 1.
func TestOverstatedIMGFromTheCommandLine(t *testing.T) {
	arch, _ := img.BuildVER2([]img.File{{Name: "a.dat", Data: []byte("a")}})
	binary.LittleEndian.PutUint32(arch[4:], 70)
	arch = append(arch, make([]byte, 2048)...) // a second sector of data
	copy(arch[2048:], "data, not records")
	p := writeFile(t, "gta3.img", arch)
	code, out, errs := run(t, "ls", "--json", p)
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 70 {
		t.Fatalf("ls: %d rows, status %d, %s", len(rows), code, errs)
	}
	if rows[0]["error"] != nil || rows[69]["error"] == nil {
		t.Fatalf("rows 0 and 69: %v / %v", rows[0], rows[69])
	}
	if code, _, _ := run(t, "info", p, rows[69]["path"].(string)); code != 1 {
		t.Fatalf("info on a broken entry: status %d", code)
	}
}
