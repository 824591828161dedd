package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"syscall"

	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/img"
	"rummage/formats/nres"
	"rummage/formats/txd"
	"rummage/formats/xray"
	"rummage/formats/xrlevel"
	"rummage/samples"
)

// The inputs of issue 23's items, written by the project's own writers
// (and bytes built here), each under dir/NAME. build2 writes them; the
// cases (cases.go) know where they are.

// bigLevelMB is the unpacked size of each of the big level's three LZHUF
// chunks (item 5).
const bigLevelMB = 40

// sparseGeomMB is the size of the sparse level.geom (item 6).
const sparseGeomMB = 1000

func build2(dir string, quick bool) error {
	steps := []func(string) error{
		dotNames, existingOutputs, oddBuildInputs, claimedImages,
		bigLevel, sparseGeom, killInputs, brokenData, offsetErrors,
	}
	for _, s := range steps {
		if err := s(dir); err != nil {
			return err
		}
	}
	if !quick {
		return realFlatPNG(dir)
	}
	return nil
}

func put(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

// dotNames (item 1): entries named .bashrc, .., ..@4 and .._.. in one
// archive, and an output folder that already holds a .bashrc.
func dotNames(dir string) error {
	b, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: ".bashrc", Data: []byte("echo planted")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "..", Data: []byte("up")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "..", Data: []byte("up again")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: ".._..", Data: []byte("x")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: ".ssh", Data: []byte("keys")},
	})
	if err != nil {
		return err
	}
	if err := put(filepath.Join(dir, "dots", "evil.lib"), b); err != nil {
		return err
	}
	return put(filepath.Join(dir, "out-dots", ".bashrc"), []byte("mine"))
}

// existingOutputs (item 2): a PNG where render would write, and a samples
// folder that holds one of the sample names.
func existingOutputs(dir string) error {
	for _, f := range samples.Files() {
		if err := put(filepath.Join(dir, "samples", f.Name), f.Data); err != nil {
			return err
		}
	}
	if err := put(filepath.Join(dir, "out-render", "x.png"), []byte("mine")); err != nil {
		return err
	}
	fs := samples.Files()
	return put(filepath.Join(dir, "out-samples", fs[len(fs)-1].Name), []byte("mine"))
}

// oddBuildInputs (item 3): a FIFO named like an image, a link to
// /dev/zero, and a folder named like a TXD.
func oddBuildInputs(dir string) error {
	d := filepath.Join(dir, "odd")
	if err := os.MkdirAll(filepath.Join(d, "folder.txd"), 0o755); err != nil {
		return err
	}
	os.Remove(filepath.Join(d, "pipe.png")) // from an earlier run
	os.Remove(filepath.Join(d, "zero.png"))
	if err := syscall.Mkfifo(filepath.Join(d, "pipe.png"), 0o644); err != nil {
		return err
	}
	return os.Symlink("/dev/zero", filepath.Join(d, "zero.png"))
}

// pngClaiming is a PNG whose header claims w×h RGBA pixels, followed by
// pad bytes of nonsense.
func pngClaiming(w, h uint32, pad int) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		start := len(b)
		b = append(append(b, typ...), data...)
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
	}
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, w), h)
	chunk("IHDR", append(ihdr, 8, 6, 0, 0, 0))
	chunk("IDAT", make([]byte, pad))
	chunk("IEND", nil)
	return b
}

// claimedImages (item 4): a 1 MB PNG claiming 16384², a 64 KB one
// claiming 4096² (for --format 8888), and a PNG that is not one.
func claimedImages(dir string) error {
	d := filepath.Join(dir, "images")
	if err := put(filepath.Join(d, "huge", "huge.png"), pngClaiming(16384, 16384, 1<<20)); err != nil {
		return err
	}
	if err := put(filepath.Join(d, "big", "big.png"), pngClaiming(4096, 4096, 64<<10)); err != nil {
		return err
	}
	return put(filepath.Join(d, "bad", "bad.png"), pngClaiming(8, 8, 16))
}

// realFlatPNG (item 4, full set): a real 4096² PNG of one colour (75 KB).
func realFlatPNG(dir string) error {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 4096, 4096))); err != nil {
		return err
	}
	return put(filepath.Join(dir, "images", "flat", "flat.png"), b.Bytes())
}

// bigLevel (item 5): the sample level with its three compressed chunks
// (visuals, vertex buffers, CFORM) each grown by bigLevelMB of zeros.
func bigLevel(dir string) error {
	big := bigLevelMB << 20
	lv := xrlevel.SampleLevel()
	f, _ := xrlevel.ParseFVF(0x002)
	lv.VBs = append(lv.VBs, &xrlevel.VertexBuffer{Format: f, Count: big / f.Stride, Data: make([]byte, big/f.Stride*f.Stride)})
	v := *lv.Visuals[0]
	v.Index, v.Material = len(lv.Visuals), make([]byte, big)
	lv.Visuals = append(lv.Visuals, &v)
	lv.CForm.Verts = append(lv.CForm.Verts, make([]geom.Vec3, big/12)...)
	b, err := xrlevel.WriteV4(lv, xrlevel.WriteOptions{})
	if err != nil {
		return err
	}
	return put(filepath.Join(dir, "biglevel", "level"), b)
}

// chunk is an X-Ray chunk: id, size, payload.
func chunk(id uint32, payload []byte) []byte {
	b := binary.LittleEndian.AppendUint32(nil, id)
	return append(binary.LittleEndian.AppendUint32(b, uint32(len(payload))), payload...)
}

func u32s(v ...uint32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

// sparseGeom (item 6): a version 12 level whose level.geom is a sparse
// file of sparseGeomMB, one vertex buffer claiming its whole size.
func sparseGeom(dir string) error {
	// OGF v3 visual: header, TEXTURE_L, BBOX, SPHERE, VCONTAINER, ICONTAINER.
	vis := chunk(1, []byte{3, 0, 0, 0})
	vis = append(vis, chunk(3, u32s(0, 0))...)
	vis = append(vis, chunk(6, make([]byte, 24))...)
	vis = append(vis, chunk(0xb, make([]byte, 16))...)
	vis = append(vis, chunk(0xa, u32s(0, 0, 4))...)
	vis = append(vis, chunk(0x13, u32s(0, 0, 6))...)
	level := chunk(1, []byte{12, 0, 1, 0})
	level = append(level, chunk(2, append(u32s(1), "default/stone,lmap#1\x00"...))...)
	level = xray.AppendChunk(level, 3, chunk(0, vis), true)
	const stride = 16
	n := uint32((sparseGeomMB << 20) / stride)
	decl := []byte{ // position, texcoord0, end
		0, 0, 0, 0, xrlevel.TypeFloat3, 0, 0, 0,
		0, 0, 12, 0, xrlevel.TypeShort2, 0, 5, 0,
		0xFF, 0, 0, 0, xrlevel.TypeUnused, 0, 0, 0}
	vb := append(append(u32s(1), decl...), u32s(n)...)
	g := chunk(9, append(u32s(1, 6), 0, 0, 1, 0, 2, 0, 2, 0, 1, 0, 3, 0))
	g = append(g, u32s(0xa, uint32(len(vb))+n*stride)...)
	g = append(g, vb...)
	d := filepath.Join(dir, "sparse")
	if err := put(filepath.Join(d, "level"), level); err != nil {
		return err
	}
	if err := put(filepath.Join(d, "level.geom"), g); err != nil {
		return err
	}
	return os.Truncate(filepath.Join(d, "level.geom"), int64(len(g))+int64(n)*stride)
}

// killInputs (item 7): files for build img, images for build txd, and a
// TXD of three 1024² textures for convert txd and export.
func killInputs(dir string) error {
	d := filepath.Join(dir, "kill")
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 4; i++ {
		b := make([]byte, 16<<20)
		rng.Read(b[:2<<20])
		if err := put(filepath.Join(d, "files", "part"+string(rune('a'+i))+".dat"), b); err != nil {
			return err
		}
	}
	dict := txd.NewDictionary(txd.StampSA, txd.DeviceID(txd.PlatformD3D9, txd.StampSA))
	for i := 0; i < 3; i++ {
		m := image.NewNRGBA(image.Rect(0, 0, 1024, 1024))
		rng.Read(m.Pix)
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			return err
		}
		name := "tex" + string(rune('a'+i))
		if err := put(filepath.Join(d, "images", name+".png"), b.Bytes()); err != nil {
			return err
		}
		t, err := txd.NewD3D(txd.PlatformD3D9, m, txd.Options{Name: name, Format: txd.Fmt8888})
		if err != nil {
			return err
		}
		dict.Add(t)
	}
	b, err := dict.Marshal()
	if err != nil {
		return err
	}
	return put(filepath.Join(d, "three.txd"), b)
}

// brokenData (item 9): a nested NRes whose directory is out of range, a
// level with a hole cut in its visuals, a TXD whose version stamp is no
// RenderWare 3 one, and a version 1 IMG whose first entry is a DFF.
func brokenData(dir string) error {
	d := filepath.Join(dir, "broken")
	inner, err := nres.Build([]nres.Entry{{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "a.txt", Data: []byte("hello")}})
	if err != nil {
		return err
	}
	binary.LittleEndian.PutUint32(inner[8:], 1000)
	outer, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("NRES"), Attr3: 1, Name: "Inner.lib", Data: inner},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "ok.txt", Data: []byte("fine")},
	})
	if err != nil {
		return err
	}
	if err := put(filepath.Join(d, "nested.lib"), outer); err != nil {
		return err
	}
	lv, err := xrlevel.WriteV4(xrlevel.SampleLevel(), xrlevel.WriteOptions{})
	if err != nil {
		return err
	}
	c, _ := xray.Scan(lv, 0).Find(4)
	at := c.DataOff + int64(c.Size)/10
	if err := put(filepath.Join(d, "hole", "level"), append(append([]byte{}, lv[:at]...), lv[at+40:]...)); err != nil {
		return err
	}
	files := map[string][]byte{}
	for _, f := range samples.Files() {
		files[f.Name] = f.Data
	}
	odd := bytes.Clone(files["pc_d3d9.txd"])
	odd[10], odd[11] = 0xFF, 0xFF
	if err := put(filepath.Join(d, "odd.txd"), odd); err != nil {
		return err
	}
	imgData, dirData, err := img.BuildV1([]img.File{{Name: "a_first.dff", Data: files["rumbler.dff"]}, {Name: "b.txd", Data: files["rumbler.txd"]}})
	if err != nil {
		return err
	}
	if err := put(filepath.Join(d, "v1", "gta3.img"), imgData); err != nil {
		return err
	}
	return put(filepath.Join(d, "v1", "gta3.dir"), dirData)
}

// offsetErrors (item 10): a DFF whose second frame's matrix holds a NaN.
func offsetErrors(dir string) error {
	var b []byte
	for _, f := range samples.Files() {
		if f.Name == "rumbler.dff" {
			b = bytes.Clone(f.Data)
		}
	}
	f, err := dff.Parse(b, 0)
	if err != nil {
		return err
	}
	binary.LittleEndian.PutUint32(b[f.Clump.Frames[1].Off+4:], 0x7FC00000) // NaN
	return put(filepath.Join(dir, "frames", "nan.dff"), b)
}
