package build

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

	"rummage/formats/material"
	"rummage/formats/nres"
	"rummage/formats/rsli"
	"rummage/formats/texm"
)

func init() {
	Register(Builder{Name: "Material.lib", Build: buildMaterialLib})
	Register(Builder{Name: "Textures.lib", Build: buildTexturesLib})
}

// prefixV6 is the version-6 prefix of shipped materials: surface class and
// an unused byte (0xFF), speed factor 1.0, damage rate 0.
var prefixV6 = []byte{0xFF, 0xFF, 0, 0, 0x80, 0x3F, 0, 0, 0, 0}

// ph makes a phase: additive RGB, opacity (0..100), directional RGBA,
// specular RGBA, extra RGBA, power, page and texture.
func ph(add [3]byte, op byte, dir, spec, extra [4]byte, power byte, page int8, tex string) material.Phase {
	var p material.Phase
	copy(p.P[0:3], add[:])
	p.P[3] = op
	copy(p.P[4:8], dir[:])
	copy(p.P[8:12], spec[:])
	copy(p.P[12:16], extra[:])
	p.P[16] = power
	p.P[17] = byte(page)
	p.SetTextureName(tex)
	return p
}

func gray(v byte) [4]byte { return [4]byte{v, v, v, 255} }

// sampleMaterials are the materials of the sample Material.lib, in
// directory order, with their attr1 flags.
func sampleMaterials() []struct {
	name  string
	attr1 uint32
	m     *material.Mat0
} {
	mk := func(phases []material.Phase, blocks ...material.Block) *material.Mat0 {
		return &material.Mat0{Version: 6, Prefix: prefixV6, Phases: phases, Blocks: blocks}
	}
	var water []material.Phase
	var waterKeys []material.Key
	for i := 0; i < 4; i++ {
		water = append(water, ph([3]byte{20, 40, byte(60 + 30*i)}, 100, [4]byte{byte(30 + 20*i), byte(90 + 25*i), 230, 255}, gray(200), [4]byte{0, 0, 0, 255}, 5, -1, "WATER"+string(rune('0'+i))+".0"))
		waterKeys = append(waterKeys, material.Key{Phase: uint16(i), EndMs: uint16(250 * (i + 1))})
	}
	var fire []material.Phase
	var fireKeys []material.Key
	for i, op := range []byte{0, 60, 80, 90, 95, 100} {
		fire = append(fire, ph([3]byte{255, byte(60 + 30*i), 0}, op, [4]byte{255, byte(120 + 20*i), 20, 255}, gray(0), [4]byte{255, byte(80 + 20*i), 0, 255}, 0, int8(i%4), "EFFECT.0"))
		fireKeys = append(fireKeys, material.Key{Phase: uint16(i), EndMs: uint16(150 * (i + 1))})
	}
	lbl := []material.Phase{}
	var lblBlocks []material.Block
	for i := 0; i < 4; i++ {
		lbl = append(lbl, ph([3]byte{90, 90, 90}, 100, gray(255), gray(64), gray(0), 3, int8(i), "EFFECT.0"))
		lblBlocks = append(lblBlocks, material.Block{Keys: []material.Key{{Phase: uint16(i), EndMs: 1000}}})
	}
	type entry = struct {
		name  string
		attr1 uint32
		m     *material.Mat0
	}
	return []entry{
		{"DEFAULT", 2, mk([]material.Phase{ph([3]byte{64, 64, 64}, 100, gray(180), gray(40), gray(0), 4, -1, "")})},
		{"HULL", 2, mk([]material.Phase{ph([3]byte{50, 55, 50}, 100, [4]byte{150, 170, 140, 255}, gray(90), gray(0), 6, -1, "HULL.0")})},
		{"TRACKS", 0, mk([]material.Phase{ph([3]byte{30, 30, 30}, 100, gray(120), gray(20), gray(0), 3, -1, "TRACKS.0")})},
		{"WATER_M", 4, mk(water, material.Block{Header: uint32(material.ModeLoop) | (material.MaskAdditive|material.MaskDirectional)<<3, Keys: waterKeys})},
		{"FIRESTORM", 8, mk(fire, material.Block{Header: uint32(material.ModePingPong) | (material.MaskAdditive|material.MaskDirectional|material.MaskExtra|material.MaskOpacity)<<3, Keys: fireKeys})},
		{"GLASS", 4, mk([]material.Phase{
			ph([3]byte{10, 30, 40}, 20, [4]byte{80, 160, 200, 255}, gray(255), gray(0), 6, -1, "GLASS.0"),
			ph([3]byte{40, 90, 120}, 80, [4]byte{160, 220, 255, 255}, gray(255), gray(0), 6, -1, "GLASS.0"),
		}, material.Block{Header: uint32(material.ModePingPong) | (material.MaskAdditive|material.MaskDirectional|material.MaskOpacity)<<3, Keys: []material.Key{{Phase: 0, EndMs: 1500}, {Phase: 1, EndMs: 3000}}})},
		// A clamp block without a mask steps through its phases once and
		// then stays on the last (with a mask it would extrapolate).
		{"FADE_IN", 2, mk([]material.Phase{
			ph([3]byte{10, 10, 10}, 100, gray(40), gray(0), gray(0), 4, -1, "HULL.0"),
			ph([3]byte{30, 30, 30}, 100, gray(120), gray(0), gray(0), 4, -1, "HULL.0"),
			ph([3]byte{60, 60, 60}, 100, gray(220), gray(0), gray(0), 4, -1, "HULL.0"),
		}, material.Block{Header: uint32(material.ModeClamp), Keys: []material.Key{{Phase: 0, EndMs: 700}, {Phase: 1, EndMs: 1400}, {Phase: 2, EndMs: 2100}}})},
		{"SPARK_RND", 8, mk([]material.Phase{
			ph([3]byte{255, 255, 128}, 100, gray(255), gray(0), [4]byte{255, 200, 0, 255}, 0, 0, "EFFECT.0"),
			ph([3]byte{255, 128, 0}, 50, gray(128), gray(0), [4]byte{128, 40, 0, 255}, 0, 3, "EFFECT.0"),
		}, material.Block{Header: uint32(material.ModeRandom) | (material.MaskAdditive|material.MaskOpacity)<<3, Keys: []material.Key{{Phase: 0, EndMs: 100}, {Phase: 1, EndMs: 400}}})},
		{"B_LBL_01", 2, mk(lbl, lblBlocks...)},
		{"ENV_STARS", 5, mk([]material.Phase{ph([3]byte{0, 0, 0}, 100, gray(255), gray(0), gray(255), 0, -1, "STARS.0")})},
	}
}

func buildMaterialLib() ([]byte, error) {
	var ents []nres.Entry
	for _, e := range sampleMaterials() {
		data, err := e.m.Encode()
		if err != nil {
			return nil, err
		}
		ents = append(ents, nres.Entry{TypeID: material.TypeMAT0, Attr1: e.attr1, Attr2: e.m.Version, Attr3: 0, Name: e.name, Data: data})
	}
	return nres.Build(ents)
}

// paint fills an image from a colour function.
func paint(w, h int, f func(x, y int) color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, f(x, y))
		}
	}
	return img
}

func clamp8(v float64) uint8 { return uint8(math.Max(0, math.Min(255, v))) }

func buildTexturesLib() ([]byte, error) {
	type tex struct {
		name   string
		format uint32
		mips   int
		img    *image.NRGBA
		pal    []byte
		pages  []texm.Page
	}
	hull := paint(64, 64, func(x, y int) color.NRGBA {
		v := 120 + 30*((x/16+y/16)%2)
		if x%16 == 0 || y%16 == 0 {
			v = 70
		}
		return color.NRGBA{uint8(v - 10), uint8(v), uint8(v - 20), 255}
	})
	tracks := paint(32, 16, func(x, y int) color.NRGBA {
		v := uint8(40)
		if x%8 < 3 {
			v = 90
		}
		return color.NRGBA{v, v, v, 255}
	})
	var list []tex
	list = append(list, tex{"HULL.0", texm.Format565, 4, hull, nil, nil}, tex{"TRACKS.0", texm.Format888, 1, tracks, nil, nil})
	for i := 0; i < 4; i++ {
		ph := float64(i) * math.Pi / 2
		list = append(list, tex{"WATER" + string(rune('0'+i)) + ".0", texm.Format8888, 3, paint(32, 32, func(x, y int) color.NRGBA {
			s := math.Sin(float64(x)/4+ph) + math.Cos(float64(y)/5+ph)
			return color.NRGBA{clamp8(30 + 20*s), clamp8(90 + 30*s), clamp8(200 + 40*s), 200}
		}), nil, nil})
	}
	effect := paint(64, 64, func(x, y int) color.NRGBA {
		cx, cy := float64(x%32)-15.5, float64(y%32)-15.5
		d := math.Sqrt(cx*cx+cy*cy) / 16
		cell := (x/32 + 2*(y/32))
		return color.NRGBA{255, clamp8(255 - 60*float64(cell) - 100*d), clamp8(80 * (1 - d)), clamp8(255 * (1 - d))}
	})
	pages := []texm.Page{{X: 0, Y: 0, W: 32, H: 32}, {X: 32, Y: 0, W: 32, H: 32}, {X: 0, Y: 32, W: 32, H: 32}, {X: 32, Y: 32, W: 32, H: 32}}
	list = append(list, tex{"EFFECT.0", texm.Format4444, 2, effect, nil, pages})
	glass := paint(16, 16, func(x, y int) color.NRGBA {
		if x == y || x == 15-y {
			return color.NRGBA{230, 250, 255, 255}
		}
		return color.NRGBA{120, 180, 210, 255}
	})
	list = append(list, tex{"GLASS.0", texm.Format888, 1, glass, nil, nil})
	pal := make([]byte, texm.PaletteSize)
	for i := 0; i < 256; i++ {
		binary.LittleEndian.PutUint32(pal[4*i:], uint32(i/2)<<16|uint32(i/4)<<8|uint32(i)) // B=i, G=i/4, R=i/2
	}
	stars := paint(32, 32, func(x, y int) color.NRGBA {
		h := uint32(x*73856093) ^ uint32(y*19349663)
		if h%23 == 0 {
			return color.NRGBA{127, 63, 255, 255}
		}
		return color.NRGBA{uint8(y / 2), uint8(y / 8), uint8(y), 255}
	})
	list = append(list, tex{"STARS.0", texm.FormatPal8, 1, stars, pal, nil})
	var ents []nres.Entry
	for _, t := range list {
		data, err := texm.Build(t.img, t.format, t.mips, t.pal, t.pages)
		if err != nil {
			return nil, err
		}
		ents = append(ents, nres.Entry{TypeID: nres.TypeID("Texm"), Attr3: 1, Name: t.name, Data: data})
	}
	return nres.Build(ents)
}

func init() {
	Register(Builder{Name: "sprites.lib", Build: buildSpritesLib})
}

// buildSpritesLib writes a small RsLi archive like the game's sprites.lib:
// Texm members packed with raw Deflate, XOR + LZSS and Huffman + LZSS.
func buildSpritesLib() ([]byte, error) {
	cursor := paint(16, 16, func(x, y int) color.NRGBA {
		if x <= y && x+y < 24 {
			return color.NRGBA{255, 255, 255, 255}
		}
		return color.NRGBA{0, 0, 0, 0}
	})
	logo := paint(32, 16, func(x, y int) color.NRGBA {
		return color.NRGBA{uint8(x * 8), 80, uint8(255 - y*16), 255}
	})
	var ents []rsli.BuildEntry
	for _, m := range []struct {
		name   string
		img    *image.NRGBA
		format uint32
		method int
	}{
		{"CURSOR.TEX", cursor, texm.Format4444, rsli.MethodDeflate},
		{"LOGO.TEX", logo, texm.Format565, rsli.MethodXORLZSS},
		{"FRAME.TEX", cursor, texm.Format8888, rsli.MethodHuffman},
	} {
		data, err := texm.Build(m.img, m.format, 1, nil, nil)
		if err != nil {
			return nil, err
		}
		ents = append(ents, rsli.BuildEntry{Name: m.name, Method: m.method, Data: data})
	}
	return rsli.Build(ents, 0x5EED)
}
