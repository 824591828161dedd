package worldtest

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"

	"rummage/formats/geom"
	"rummage/formats/ide"
	"rummage/formats/img"
	"rummage/formats/ipl"
	"rummage/formats/txd"
)

// City says what City generates: a grid of buildings, nine high-detail
// instances to each low-detail stand-in.
type City struct {
	Instances int // placed instances, stand-ins included
	Models    int // distinct models: a tenth of them stand-ins
	Triangles int // triangles of every instance placed
	Texture   int // the side of each model's DXT1 texture
}

// Budget is the city of the scene budgets: 5,000 instances of 200 models,
// 1.5 million triangles placed, 128×128 textures.
var Budget = City{Instances: 5000, Models: 200, Triangles: 1_500_000, Texture: 128}

// CityInfo is what a generated city holds.
type CityInfo struct {
	IPL       string // the text file (the stand-ins; the buildings are in its two streams)
	Triangles int    // placed
	Bytes     int64  // of every file written: what reading the scene reads
	Spacing   float32
	Grid      int // buildings per row
}

// The city's layout: buildings on a grid of Spacing units, each a box of
// 14..26 units across and 10..60 high; its stand-in a box over the nine
// buildings it stands in for.
const (
	citySpacing = 40
	lodPer      = 9
	hdDist      = 250
	lodDist     = 2500
	firstID     = 20000
)

// GenerateCity writes a San Andreas-like game folder into dir: data/gta.dat,
// an .ide of every model, data/maps/city/city.ipl with the stand-ins and
// models/gta3.img holding every model, its texture dictionary and the two
// binary streams of the buildings.
func GenerateCity(dir string, c City) (CityInfo, error) {
	nLOD := max(c.Models/10, 1)
	nHD := max(c.Models-nLOD, 1)
	lodInst := max(c.Instances/(lodPer+1), 1)
	hdInst := c.Instances - lodInst
	hdTris := (c.Triangles - lodInst*10) / max(hdInst, 1) // a stand-in box has 10 triangles
	grid := int(math.Ceil(math.Sqrt(float64(hdInst))))
	info := CityInfo{Spacing: citySpacing, Grid: grid}
	var defs []ide.Object
	var files []img.File
	modelTris := make([]int, nHD)
	for m := range nHD {
		// triangle counts from half to one and a half times the mean
		t := int(float64(hdTris) * (0.5 + float64(m)/float64(max(nHD-1, 1))))
		modelTris[m] = t
		name := fmt.Sprintf("bld%03d", m)
		data, err := building(m, t)
		if err != nil {
			return info, err
		}
		files = append(files, img.File{Name: name + ".dff", Data: data}, img.File{Name: name + ".txd", Data: texDict(name, m, c.Texture)})
		defs = append(defs, ide.Object{ID: int32(firstID + m), Model: name, TXD: name, DrawDist: hdDist})
	}
	for l := range nLOD {
		name := fmt.Sprintf("lodbld%02d", l)
		m := &Model{}
		m.Box(geom.Vec3{-citySpacing * lodPer / 2, -citySpacing / 2, 0}, geom.Vec3{citySpacing * lodPer / 2, citySpacing / 2, float32(20 + 4*l)}, 0)
		data, err := m.Bytes(name)
		if err != nil {
			return info, err
		}
		files = append(files, img.File{Name: name + ".dff", Data: data}, img.File{Name: name + ".txd", Data: texDict(name, 1000+l, 32)})
		defs = append(defs, ide.Object{ID: int32(firstID + nHD + l), Model: name, TXD: name, DrawDist: lodDist})
	}
	// the stand-ins in the text file, the buildings in two streams
	var lods []ipl.Instance
	var streams [2][]ipl.Instance
	for j := range hdInst {
		gx, gy := j%grid, j/grid
		m := j % nHD
		l := j / lodPer
		q := quarterTurn(j)
		streams[j%2] = append(streams[j%2], ipl.Instance{ID: int32(firstID + m), Pos: [3]float32{float32(gx) * citySpacing, float32(gy) * citySpacing, 0},
			Rot: q, LOD: int32(min(l, lodInst-1)), Scale: [3]float32{1, 1, 1}})
		info.Triangles += modelTris[m]
	}
	for l := range lodInst {
		first := l * lodPer
		gx, gy := first%grid, first/grid
		lods = append(lods, ipl.Instance{ID: int32(firstID + nHD + l%nLOD), Model: fmt.Sprintf("lodbld%02d", l%nLOD),
			Pos: [3]float32{(float32(gx) + lodPer/2) * citySpacing, float32(gy) * citySpacing, 0}, Rot: [4]float32{0, 0, 0, 1}, LOD: -1})
		info.Triangles += 10
	}
	files = append(files, img.File{Name: "city_stream0.ipl", Data: ipl.Binary(streams[0], nil)}, img.File{Name: "city_stream1.ipl", Data: ipl.Binary(streams[1], nil)})
	arch, err := img.BuildVER2(files)
	if err != nil {
		return info, err
	}
	out := map[string][]byte{
		"data/gta.dat":            []byte("IMG MODELS\\GTA3.IMG\r\nIDE DATA\\MAPS\\CITY\\CITY.IDE\r\nIPL DATA\\MAPS\\CITY\\CITY.IPL\r\n"),
		"data/maps/city/city.ide": ide.Text(defs, nil),
		"data/maps/city/city.ipl": ipl.Text(lods, nil, nil),
		"models/gta3.img":         arch,
	}
	for name, b := range out {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return info, err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return info, err
		}
		info.Bytes += int64(len(b))
	}
	info.IPL = filepath.Join(dir, "data", "maps", "city", "city.ipl")
	return info, nil
}

// quarterTurn is the stored quaternion of building j: a turn of 0, 90,
// 180 or 270 degrees about Z.
func quarterTurn(j int) [4]float32 {
	a := float64(j%4) * math.Pi / 4 // half the angle
	return [4]float32{0, 0, float32(math.Sin(a)), float32(math.Cos(a))}
}

// building is model m: a box whose five faces are cut into cells so that
// it has about tris triangles, textured by one texture over each face.
func building(m, tris int) ([]byte, error) {
	w := float32(14 + (m*7)%13)
	d := float32(14 + (m*11)%13)
	h := float32(10 + (m*13)%51)
	cells := max(tris/10, 1) // cells per face (two triangles each)
	a := max(int(math.Sqrt(float64(cells))), 1)
	b := max(cells/a, 1)
	md := &Model{}
	lo, hi := geom.Vec3{-w / 2, -d / 2, 0}, geom.Vec3{w / 2, d / 2, h}
	x0, y0, z0, x1, y1, z1 := lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]
	faces := [5][4]geom.Vec3{
		{{x0, y0, z0}, {x1, y0, z0}, {x1, y0, z1}, {x0, y0, z1}},
		{{x1, y1, z0}, {x0, y1, z0}, {x0, y1, z1}, {x1, y1, z1}},
		{{x0, y1, z0}, {x0, y0, z0}, {x0, y0, z1}, {x0, y1, z1}},
		{{x1, y0, z0}, {x1, y1, z0}, {x1, y1, z1}, {x1, y0, z1}},
		{{x0, y0, z1}, {x1, y0, z1}, {x1, y1, z1}, {x0, y1, z1}},
	}
	for _, f := range faces {
		md.grid(f, a, b)
	}
	return md.Bytes(fmt.Sprintf("bld%03d", m))
}

// grid adds the quad f cut into a×b cells sharing their corners.
func (m *Model) grid(f [4]geom.Vec3, a, b int) {
	base := uint16(len(m.S.Positions))
	if len(m.S.UVs) == 0 {
		m.S.UVs = [][]geom.Vec2{nil}
	}
	lerp := func(p, q geom.Vec3, t float32) geom.Vec3 {
		return geom.Vec3{p[0] + (q[0]-p[0])*t, p[1] + (q[1]-p[1])*t, p[2] + (q[2]-p[2])*t}
	}
	for j := 0; j <= b; j++ {
		v := float32(j) / float32(b)
		l, r := lerp(f[0], f[3], v), lerp(f[1], f[2], v)
		for i := 0; i <= a; i++ {
			u := float32(i) / float32(a)
			m.S.Positions = append(m.S.Positions, lerp(l, r, u))
			m.S.UVs[0] = append(m.S.UVs[0], geom.Vec2{u, 1 - v})
			m.S.Prelit = append(m.S.Prelit, color.NRGBA{230, 230, 230, 255})
		}
	}
	at := func(i, j int) uint16 { return base + uint16(j*(a+1)+i) }
	for j := range b {
		for i := range a {
			p, q, r, s := at(i, j), at(i+1, j), at(i+1, j+1), at(i, j+1)
			m.S.Tris = append(m.S.Tris, [3]uint16{p, q, r}, [3]uint16{p, r, s})
			m.S.TriMats = append(m.S.TriMats, 0, 0)
		}
	}
}

// texDict is a dictionary of one side×side DXT1 texture named name: a
// window pattern in a colour of seed's.
func texDict(name string, seed, side int) []byte {
	im := image.NewNRGBA(image.Rect(0, 0, side, side))
	base := geom.Palette(seed)
	for y := range side {
		for x := range side {
			c := base
			if (x/8)%2 == 1 && (y/8)%3 != 0 { // windows
				c = color.NRGBA{40, 50, 70, 255}
			}
			im.SetNRGBA(x, y, c)
		}
	}
	d := txd.NewDictionary(txd.StampSA, 2)
	tex, err := txd.NewD3D(txd.PlatformD3D9, im, txd.Options{Name: name, Format: txd.Fmt565, Compression: 1})
	if err != nil {
		panic(fmt.Sprintf("worldtest: %v", err))
	}
	d.Add(tex)
	b, err := d.Marshal()
	if err != nil {
		panic(fmt.Sprintf("worldtest: %v", err))
	}
	return b
}
