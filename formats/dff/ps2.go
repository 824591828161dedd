package dff

import (
	"encoding/binary"
	"image/color"
	"math"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

// Platform ids of the Native Data struct.
const (
	PlatformPS2  = 4
	PlatformXbox = 5
	PlatformD3D8 = 8
	PlatformD3D9 = 9
)

// pdsPlugin is the id of the PDS plugin whose Right To Render extension
// names a material's PS2 pipeline.
const pdsPlugin = 0x131

// San Andreas PS2 material pipelines (Rockstar's PDS ids, low byte).
const (
	pipeCar         = 0x85
	pipeCarEnv      = 0x87
	pipeSkinPed     = 0x89
	pipeCarEnvUV2   = 0x8B
	pipeBuildingMin = 0x81
	pipeBuildingMax = 0x93
)

// pipeline returns the PS2 material pipeline id of m (0 when none is set):
// the Right To Render extension of the PDS plugin.
func (m *Material) pipeline() uint32 {
	if e := findExt(m.Ext, 0x1F); e != nil && len(e.Data) >= 8 && binary.LittleEndian.Uint32(e.Data) == pdsPlugin {
		return binary.LittleEndian.Uint32(e.Data[4:])
	}
	return 0
}

// NativePlatform returns the platform id of a native geometry's data.
func (g *Geometry) NativePlatform() (uint32, error) {
	if g.Native == nil || len(g.Native.Data) < rw.HeaderSize+4 {
		return 0, binread.Errorf(g.Off, "native Geometry without its Native Data struct")
	}
	return binary.LittleEndian.Uint32(g.Native.Data[rw.HeaderSize:]), nil
}

// psVert is one decoded PS2 vertex.
type psVert struct {
	p, n geom.Vec3
	uv   [2]geom.Vec2
	c    color.NRGBA
	skin [4]uint32 // the skinned ped pipe's weights with bone numbers in their low bits (skin.go)
}

// vertKey is a vertex's bits, hashed faster than its floats.
type vertKey [15]uint32

func (v *psVert) key() vertKey {
	f := math.Float32bits
	return vertKey{f(v.p[0]), f(v.p[1]), f(v.p[2]), f(v.n[0]), f(v.n[1]), f(v.n[2]),
		f(v.uv[0][0]), f(v.uv[0][1]), f(v.uv[1][0]), f(v.uv[1][1]),
		uint32(v.c.R) | uint32(v.c.G)<<8 | uint32(v.c.B)<<16 | uint32(v.c.A)<<24,
		v.skin[0], v.skin[1], v.skin[2], v.skin[3]}
}

// psSplit is what one split's instance data gives.
type psSplit struct {
	verts           []psVert
	adc             []bool
	normals, colors bool
	uvSets          int
}

// nativeMesh decodes PS2 native geometry: each Bin Mesh split's instance
// data unpacked into vertices, strips turned into triangles with the
// strip-restart (ADC) bits honoured, equal vertices merged.
func (g *Geometry) nativeMesh() (*geom.Mesh, [][][3]uint32, error) {
	plat, err := g.NativePlatform()
	if err != nil {
		return nil, nil, err
	}
	if plat != PlatformPS2 {
		return nil, nil, binread.Unsupportedf(g.Native.Off+rw.HeaderSize*2, "native geometry of platform %d (%s); only PS2 native geometry is decoded", plat, platformName(plat))
	}
	if g.BinMesh == nil {
		return nil, nil, binread.Errorf(g.Off, "PS2 native Geometry has no Bin Mesh extension")
	}
	splits, err := g.readInstances()
	if err != nil {
		return nil, nil, err
	}
	return g.assemble(splits)
}

func platformName(p uint32) string {
	switch p {
	case PlatformXbox:
		return "Xbox"
	case PlatformD3D8:
		return "PC Direct3D 8"
	case PlatformD3D9:
		return "PC Direct3D 9"
	}
	return "unknown"
}

// readInstances reads the instance data of every split.
func (g *Geometry) readInstances() ([]psSplit, error) {
	st := g.Native.Data
	base := g.Native.Off + rw.HeaderSize
	h, ok := rw.ParseHeader(st)
	if !ok || h.Type != IDStruct {
		return nil, binread.Errorf(base, "Native Data does not hold its Struct")
	}
	// Some San Andreas files state a struct size larger than the Native
	// Data extension; the splits' own sizes are what the game reads.
	body := st[rw.HeaderSize:]
	if int64(h.Size) < int64(len(body)) {
		body = body[:h.Size]
	}
	cur := binread.NewCursor(body, base+rw.HeaderSize)
	cur.U32()
	out := make([]psSplit, len(g.BinMesh.Splits))
	for i := range out {
		at := cur.Off()
		size, _ := cur.U32(), cur.U32()
		data := cur.Take(int(min(size, math.MaxInt32)))
		if cur.Err() != nil {
			return nil, binread.Errorf(at, "PS2 instance data of split %d: %v", i, cur.Err())
		}
		vif, err := walkDMA(data, at+8)
		if err != nil {
			return nil, err
		}
		batches, err := parseVIF(vif, at+8)
		if err != nil {
			return nil, err
		}
		sp := g.BinMesh.Splits[i]
		if out[i], err = g.decodeSplit(batches, g.Materials[sp.Material].pipeline(), at); err != nil {
			return nil, err
		}
		if len(out[i].verts) != int(sp.NumIndices) {
			return nil, binread.Errorf(at, "PS2 instance data of split %d gives %d vertices, the Bin Mesh says %d", i, len(out[i].verts), sp.NumIndices)
		}
	}
	return out, nil
}

// decodeSplit turns the batches of one split into vertices. Strip
// batches repeat the last two vertices of the batch before.
func (g *Geometry) decodeSplit(batches []batch, pipe uint32, at int64) (psSplit, error) {
	var s psSplit
	scale := float32(1.0 / 128)
	switch pipe & 0xFF {
	case pipeCar, pipeCarEnv, pipeCarEnvUV2, pipeSkinPed:
		scale = 1.0 / 1024
	}
	building := pipe>>16 == 0x53F2 && pipe&0xFF >= pipeBuildingMin && pipe&0xFF <= pipeBuildingMax && pipe&0xFF != pipeCar &&
		pipe&0xFF != pipeCarEnv && pipe&0xFF != pipeCarEnvUV2 && pipe&0xFF != pipeSkinPed
	s.normals, s.colors, s.uvSets = true, true, 2
	for j, b := range batches {
		pos := b.slots[0]
		if pos == nil {
			return s, binread.Errorf(at, "PS2 batch %d unpacks no positions", j)
		}
		for k, u := range b.slots {
			if u != nil && u.num < b.nverts {
				return s, binread.Errorf(at, "PS2 batch %d: slot %d holds %d elements for %d vertices", j, k, u.num, b.nverts)
			}
		}
		first := 0
		if j > 0 && g.BinMesh.Strip {
			first = 2
		}
		uv, col, nrm := b.slots[1], b.slots[2], b.slots[3]
		if col != nil && !col.usn && col.vl == 2 { // the skinned ped pipe puts normals in slot 2
			nrm, col = col, nil
		}
		wts := b.slots[4]              // RenderWare's skin pipeline; Rockstar's skinned ped pipe uses slot 3
		if nrm != nil && nrm.vl == 0 { // 32-bit slot 3: skin weights
			wts, nrm = nrm, nil
		}
		if wts != nil && (wts.vl != 0 || wts.num < b.nverts) {
			wts = nil
		}
		s.normals = s.normals && nrm != nil && nrm.vl == 2
		s.colors = s.colors && col != nil
		switch {
		case uv == nil:
			s.uvSets = 0
		case uv.vn < 3:
			s.uvSets = min(s.uvSets, 1)
		}
		for i := first; i < b.nverts; i++ {
			v, adc := decodeVertex(pos, uv, col, nrm, i, scale, building)
			v.skin = rawWeights(wts, i)
			s.verts = append(s.verts, v)
			s.adc = append(s.adc, adc)
		}
	}
	if len(batches) == 0 {
		s.normals, s.colors, s.uvSets = false, false, 0
	}
	return s, nil
}

// decodeVertex reads vertex i of a batch's slots; adc reports the
// strip-restart bit of its position.
func decodeVertex(pos, uv, col, nrm *unpack, i int, scale float32, building bool) (psVert, bool) {
	var v psVert
	var adc bool
	if pos.vl == 0 {
		for k := 0; k < min(pos.vn+1, 3); k++ {
			v.p[k] = math.Float32frombits(uint32(pos.comp(i, k)))
		}
		adc = pos.vn == 3 && pos.comp(i, 3)&0x8000 != 0
	} else {
		for k := 0; k < min(pos.vn+1, 3); k++ {
			v.p[k] = float32(pos.comp(i, k)) * scale
		}
		adc = pos.vn == 3 && pos.comp(i, 3) != 0
	}
	if uv != nil {
		for set := 0; set < 2 && 2*set+1 <= uv.vn; set++ {
			for k := 0; k < 2; k++ {
				c := uv.comp(i, 2*set+k)
				if uv.vl == 0 {
					v.uv[set][k] = math.Float32frombits(uint32(c))
				} else {
					v.uv[set][k] = float32(c) / 4096
				}
			}
		}
	}
	if col != nil {
		var c [4]int32
		for k := 0; k < 4 && k <= col.vn; k++ {
			c[k] = col.comp(i, k) & 0xFF // two colour sets (day, night): the day colour is the low byte
		}
		if building {
			for k := 0; k < 3; k++ {
				c[k] = min(c[k]*2, 255) // the building pipes store colours at half scale
			}
		}
		v.c = color.NRGBA{uint8(c[0]), uint8(c[1]), uint8(c[2]), uint8(c[3])}
	}
	if nrm != nil {
		for k := 0; k < 3; k++ {
			v.n[k] = float32(nrm.comp(i, k)) / 127
		}
	}
	return v, adc
}

// assemble merges equal vertices and makes the triangles per material.
func (g *Geometry) assemble(splits []psSplit) (*geom.Mesh, [][][3]uint32, error) {
	normals, colors, uvSets := len(splits) > 0, len(splits) > 0, 2
	for _, s := range splits {
		normals, colors, uvSets = normals && s.normals, colors && s.colors, min(uvSets, s.uvSets)
	}
	if len(splits) == 0 {
		uvSets = 0
	}
	uvSets = min(uvSets, g.UVSets())
	m := &geom.Mesh{UVs: make([][]geom.Vec2, uvSets)}
	index := map[vertKey]uint32{}
	bySlot := make([][][3]uint32, len(g.Materials))
	for si, s := range splits {
		ids := make([]uint32, len(s.verts))
		for i, v := range s.verts {
			if !normals {
				v.n = geom.Vec3{}
			}
			if !colors {
				v.c = color.NRGBA{}
			}
			key := v.key()
			id, ok := index[key]
			if !ok {
				id = uint32(len(m.Positions))
				index[key] = id
				m.Positions = append(m.Positions, v.p)
				if normals {
					m.Normals = append(m.Normals, v.n)
				}
				if colors {
					m.Colors = append(m.Colors, v.c)
				}
				for k := range m.UVs {
					m.UVs[k] = append(m.UVs[k], v.uv[k])
				}
				addNativeWeights(m, v.skin)
			}
			ids[i] = id
		}
		mat := g.BinMesh.Splits[si].Material
		bySlot[mat] = append(bySlot[mat], unroll(ids, g.BinMesh.Strip, s.adc)...)
	}
	return m, bySlot, nil
}
