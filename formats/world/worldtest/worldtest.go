// Package worldtest writes small San Andreas game folders for tests, with
// the project's own writers: a gta.dat, an .ide, a text .ipl, and in
// models/gta3.img the models, their texture dictionaries and a binary
// stream joined to the text file.
package worldtest

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"

	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/ide"
	"rummage/formats/img"
	"rummage/formats/ipl"
	"rummage/formats/rw"
	"rummage/formats/txd"
)

// Stamp is the RenderWare version the models and dictionaries are
// written with (3.6.0.3, San Andreas).
var Stamp = rw.Pack(0x36003, 0xFFFF)

// The small game's model ids.
const (
	HouseID    = 1000 // a textured 8×8×6 box, its LOD lodhouse
	LODHouseID = 1001
	LampID     = 1002 // a post with a lamp, textured from street.txd and its parent generic.txd
	GhostID    = 1003 // defined, but no .dff anywhere: missing
	UnknownID  = 4242 // placed by the stream, defined nowhere: missing
)

// Colours of the small game's textures.
var (
	Brick = color.NRGBA{180, 60, 40, 255}
	Metal = color.NRGBA{60, 90, 200, 255}
	Glass = color.NRGBA{250, 240, 120, 255}
)

// Text is the text file's instances: the house with its LOD (row 1),
// the LOD, the lamp turned a quarter (stored as the inverse turn), the
// ghost.
func Text() []ipl.Instance {
	s := float32(math.Sin(math.Pi / 4))
	return []ipl.Instance{
		{ID: HouseID, Model: "house", Pos: [3]float32{0, 0, 0}, Rot: [4]float32{0, 0, 0, 1}, LOD: 1},
		{ID: LODHouseID, Model: "lodhouse", Pos: [3]float32{0, 0, 0}, Rot: [4]float32{0, 0, 0, 1}, LOD: -1},
		{ID: LampID, Model: "lamp", Pos: [3]float32{12, 0, 0}, Rot: [4]float32{0, 0, s, s}, LOD: -1},
		{ID: GhostID, Model: "ghost", Pos: [3]float32{-12, 0, 0}, Rot: [4]float32{0, 0, 0, 1}, LOD: -1},
	}
}

// Stream is the binary stream's instances (ids only): a second house
// whose LOD index names the text file's row 1, a lamp and a model no .ide
// defines.
func Stream() []ipl.Instance {
	return []ipl.Instance{
		{ID: HouseID, Pos: [3]float32{0, 30, 0}, Rot: [4]float32{0, 0, 0, 1}, LOD: 1},
		{ID: LampID, Pos: [3]float32{12, 30, 0}, Rot: [4]float32{0, 0, 0, 1}, LOD: -1},
		{ID: UnknownID, Pos: [3]float32{-12, 30, 0}, Rot: [4]float32{0, 0, 0, 1}, LOD: -1},
	}
}

// Small writes the small game into dir and returns the text file's path
// (dir/data/maps/test/test.ipl).
func Small(dir string) (string, error) {
	defs := []ide.Object{
		{ID: HouseID, Model: "house", TXD: "housetex", DrawDist: 100},
		{ID: LODHouseID, Model: "lodhouse", TXD: "housetex", DrawDist: 1500},
		{ID: LampID, Model: "lamp", TXD: "street", DrawDist: 60},
		{ID: GhostID, Model: "ghost", TXD: "street", DrawDist: 80},
	}
	house, err := boxModel(geom.Vec3{-4, -4, 0}, geom.Vec3{4, 4, 6}, "brick")
	if err != nil {
		return "", err
	}
	lod, err := boxModel(geom.Vec3{-4, -4, 0}, geom.Vec3{4, 4, 6}, "brick")
	if err != nil {
		return "", err
	}
	lamp, err := lampModel()
	if err != nil {
		return "", err
	}
	entries := []img.File{
		{Name: "house.dff", Data: house}, {Name: "LODhouse.dff", Data: lod}, {Name: "lamp.dff", Data: lamp},
		{Name: "housetex.txd", Data: Dict(map[string]color.NRGBA{"brick": Brick})},
		{Name: "street.txd", Data: Dict(map[string]color.NRGBA{"metal": Metal})},
		{Name: "generic.txd", Data: Dict(map[string]color.NRGBA{"glass": Glass})},
		{Name: "test_stream0.ipl", Data: ipl.Binary(Stream(), nil)},
	}
	arch, err := img.BuildVER2(entries)
	if err != nil {
		return "", err
	}
	files := map[string][]byte{
		"data/gta.dat":            []byte("IMG MODELS\\GTA3.IMG\r\nIDE DATA\\MAPS\\TEST\\TEST.IDE\r\nIPL DATA\\MAPS\\TEST\\TEST.IPL\r\n"),
		"data/maps/test/test.ide": ide.Text(defs, [][2]string{{"street", "generic"}}),
		"data/maps/test/test.ipl": ipl.Text(Text(), nil, nil),
		"models/gta3.img":         arch,
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return "", err
		}
	}
	return filepath.Join(dir, "data", "maps", "test", "test.ipl"), nil
}

// Dict is a PC dictionary of one 8×8 texture of each colour, by name.
func Dict(textures map[string]color.NRGBA) []byte {
	d := txd.NewDictionary(txd.StampSA, 2)
	for name, c := range textures {
		m := image.NewNRGBA(image.Rect(0, 0, 8, 8))
		for i := 0; i < len(m.Pix); i += 4 {
			m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		tex, err := txd.NewD3D(txd.PlatformD3D9, m, txd.Options{Name: name, Format: txd.Fmt8888})
		if err != nil {
			panic(fmt.Sprintf("worldtest: %v", err))
		}
		d.Add(tex)
	}
	b, err := d.Marshal()
	if err != nil {
		panic(fmt.Sprintf("worldtest: %v", err))
	}
	return b
}

// Model is a geometry being built: positions, UVs and triangles with
// their material slots.
type Model struct{ S dff.GeometrySpec }

// Quad adds a, b, c, d (counter-clockwise seen from outside) in slot mat,
// the texture once across it.
func (m *Model) Quad(a, b, c, d geom.Vec3, mat uint16) {
	base := uint16(len(m.S.Positions))
	if len(m.S.UVs) == 0 {
		m.S.UVs = [][]geom.Vec2{nil}
	}
	for i, p := range []geom.Vec3{a, b, c, d} {
		m.S.Positions = append(m.S.Positions, p)
		m.S.UVs[0] = append(m.S.UVs[0], [4]geom.Vec2{{0, 1}, {1, 1}, {1, 0}, {0, 0}}[i])
		m.S.Prelit = append(m.S.Prelit, color.NRGBA{255, 255, 255, 255})
	}
	m.S.Tris = append(m.S.Tris, [3]uint16{base, base + 1, base + 2}, [3]uint16{base, base + 2, base + 3})
	m.S.TriMats = append(m.S.TriMats, mat, mat)
}

// Box adds the box lo..hi in slot mat.
func (m *Model) Box(lo, hi geom.Vec3, mat uint16) {
	x0, y0, z0, x1, y1, z1 := lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]
	m.Quad(geom.Vec3{x0, y0, z0}, geom.Vec3{x1, y0, z0}, geom.Vec3{x1, y0, z1}, geom.Vec3{x0, y0, z1}, mat)
	m.Quad(geom.Vec3{x1, y1, z0}, geom.Vec3{x0, y1, z0}, geom.Vec3{x0, y1, z1}, geom.Vec3{x1, y1, z1}, mat)
	m.Quad(geom.Vec3{x0, y1, z0}, geom.Vec3{x0, y0, z0}, geom.Vec3{x0, y0, z1}, geom.Vec3{x0, y1, z1}, mat)
	m.Quad(geom.Vec3{x1, y0, z0}, geom.Vec3{x1, y1, z0}, geom.Vec3{x1, y1, z1}, geom.Vec3{x1, y0, z1}, mat)
	m.Quad(geom.Vec3{x0, y0, z1}, geom.Vec3{x1, y0, z1}, geom.Vec3{x1, y1, z1}, geom.Vec3{x0, y1, z1}, mat)
}

// Bytes writes the model as a .dff of one atomic, its materials textured
// with the names given (one per slot).
func (m *Model) Bytes(textures ...string) ([]byte, error) {
	for _, t := range textures {
		m.S.Materials = append(m.S.Materials, dff.MaterialSpec{Color: color.NRGBA{255, 255, 255, 255}, Texture: t})
	}
	b := dff.NewBuilder(Stamp)
	g, err := b.AddGeometry(m.S)
	if err != nil {
		return nil, err
	}
	b.AddAtomic(b.AddFrame("", -1, geom.Vec3{}), g)
	return b.File().Bytes()
}

// boxModel is a box without a floor, textured name.
func boxModel(lo, hi geom.Vec3, name string) ([]byte, error) {
	m := &Model{}
	m.Box(lo, hi, 0)
	return m.Bytes(name)
}

// lampModel is a post (metal) with a lamp on top (glass), 5 units high.
func lampModel() ([]byte, error) {
	m := &Model{}
	m.Box(geom.Vec3{-0.2, -0.2, 0}, geom.Vec3{0.2, 0.2, 5}, 0)
	m.Box(geom.Vec3{-0.2, -0.2, 5}, geom.Vec3{1.5, 0.2, 5.4}, 1)
	return m.Bytes("metal", "glass")
}
