package xrlevel

import (
	"encoding/binary"
	"fmt"

	"rummage/formats/binread"
	"rummage/formats/xray"
)

// A stand-alone OGF model (gamedata/meshes/**.ogf) is one visual whose
// sub-chunks are read by the same code as a level's visuals. It is decoded
// into a Level of its own: visual 0 is the model, and the child visuals a
// hierarchy or skeleton stores inside its OGF_CHILDREN chunk follow it, so
// meshes, materials and textures come out exactly as for level visuals.

// Model is a decoded stand-alone OGF file.
type Model struct {
	*Level
	Bones      []Bone     // S_BONE_NAMES
	Binds      []BoneBind // S_IKDATA: each bone's bind pose (nil when not stored)
	Source     string     // S_DESC: the file the model was exported from
	MotionRefs []string   // S_MOTION_REFS / S_MOTION_REFS2: animation files it uses
}

// Bone is one skeleton bone: its name and its parent's ("" for the root).
type Bone struct {
	Name   string `json:"name"`
	Parent string `json:"parent"`
}

// Caps on what a model may hold.
const (
	// MaxModelVisuals caps the visuals of one model, children included.
	MaxModelVisuals = 1 << 14
	// MaxBones caps the bones read from S_BONE_NAMES.
	MaxBones = 1 << 12
	// obbBytes is the oriented box stored after each bone's names.
	obbBytes = 60
)

// ProbeOGF reports whether head (the first bytes of a file) is an OGF
// model: chunk 1 first, uncompressed, holding the OGF header (4 bytes in
// OGF v2 and v3, 44 in v4) with a known version and a model type.
func ProbeOGF(head []byte, size int64) bool {
	if len(head) < 12 {
		return false
	}
	id := binary.LittleEndian.Uint32(head)
	sz := binary.LittleEndian.Uint32(head[4:])
	if id != 1 || int64(sz)+8 > size {
		return false
	}
	ver, typ := head[8], head[9]
	switch {
	case ver == 4:
		return sz == 44 && typ < 16
	case ver == 2 || ver == 3:
		return sz == 4 && typ < 16
	}
	return false
}

// ParseModel decodes a stand-alone OGF file held in b. dir, when not
// empty, is its folder (for the textures of its game data). Only a file
// that is not an OGF model at all is an error; a broken part leaves the
// rest readable, with findings in Diags and the broken visual's Err set.
func ParseModel(b []byte, dir string) (*Model, error) {
	if !ProbeOGF(b, int64(len(b))) {
		return nil, binread.Errorf(0, "not an OGF model: no OGF header chunk at the start")
	}
	lv := &Level{nestedLeft: nestedBase + nestedFactor*int64(len(b)), dataBytes: int64(len(b))}
	m := &Model{Level: lv}
	l := loc{name: "model", path: NameVisuals}
	top := xray.Chunk{ID: 0, Off: 0, DataOff: 0, Size: uint32(len(b)), Avail: int64(len(b))}
	m.addVisual(b, 0, top, l, 0)
	if len(lv.Visuals) > 0 && lv.Visuals[0].OGFVersion == 0 {
		return nil, binread.Errorf(8, "OGF header: version %d is not supported", b[8])
	}
	m.readSkeleton(b)
	lv.findTextures(dir)
	m.check()
	return m, nil
}

// addVisual decodes the visual whose payload is body (byte 0 at base in
// the file), appends it and, recursively, the children stored inside it;
// it returns the visual's index.
func (m *Model) addVisual(body []byte, base int64, ch xray.Chunk, l loc, depth int) int {
	lv := m.Level
	i := len(lv.Visuals)
	v := lv.parseVisual(i, body, base, ch, l)
	lv.Visuals = append(lv.Visuals, v)
	for _, c := range v.Nested {
		m.addChildren(v, body[c.DataOff-base:c.DataOff-base+c.Avail], c.DataOff, l, depth)
	}
	return i
}

// addChildren decodes an OGF_CHILDREN payload p (byte 0 at base): a chunk
// list whose every chunk is a whole child visual.
func (m *Model) addChildren(v *Visual, p []byte, base int64, l loc, depth int) {
	lv := m.Level
	if depth >= MaxDepth {
		lv.diagAt(l.item(v.Index), base, "visual %d: children nested deeper than %d levels are not read", v.Index, MaxDepth)
		return
	}
	list := xray.ScanN(p, base, MaxModelVisuals)
	for _, d := range list.Diags {
		lv.diagAt(l.item(v.Index), d.Off, "visual %d children: %s", v.Index, d.Msg)
	}
	for _, c := range list.Chunks {
		if len(lv.Visuals) >= MaxModelVisuals {
			lv.diagAt(l.item(v.Index), c.Off, "more than %d visuals; the rest are not read", MaxModelVisuals)
			return
		}
		body := p[c.DataOff-base : c.DataOff-base+c.Avail]
		if c.Compressed {
			d, err := lv.decodeNested(body)
			if err != nil {
				lv.diagAt(l.item(v.Index), c.Off, "visual %d child %d: %v", v.Index, c.ID, err)
				continue
			}
			body = d // offsets inside are approximate
		}
		v.Children = append(v.Children, m.addVisual(body, c.DataOff, c, l, depth+1))
	}
}

// readSkeleton reads the model's bone names, source file and motion
// references from the root visual's S_* chunks.
func (m *Model) readSkeleton(b []byte) {
	if len(m.Visuals) == 0 {
		return
	}
	root := m.Visuals[0]
	var ik *xray.Chunk
	for _, c := range root.Skeleton {
		p := b[c.DataOff : c.DataOff+c.Avail]
		if c.Compressed {
			continue // not written compressed by the SDK
		}
		switch OGFChunkName(root.OGFVersion, c.ID) {
		case "S_BONE_NAMES":
			m.readBones(c, p)
		case "S_DESC":
			m.Source = cstr(p)
		case "S_MOTION_REFS":
			m.MotionRefs = append(m.MotionRefs, cstr(p))
		case "S_MOTION_REFS2":
			m.MotionRefs = append(m.MotionRefs, zstrings(p[min(4, len(p)):])...)
		case "S_IKDATA":
			ik = &c
		}
	}
	if ik != nil && len(m.Bones) > 0 {
		m.readIK(*ik, b[ik.DataOff:ik.DataOff+ik.Avail])
	}
}

// readBones decodes S_BONE_NAMES: a count, then per bone its name, its
// parent's name and an oriented box.
func (m *Model) readBones(c xray.Chunk, p []byte) {
	cur := binread.NewCursor(p, c.DataOff)
	n := cur.Count("bone", 2+obbBytes)
	if cur.Err() != nil {
		m.diag(NameVisuals+"/0", c.DataOff, "S_BONE_NAMES: %v", cur.Err())
		return
	}
	n = min(n, MaxBones)
	rest := p[cur.Pos():]
	for k := 0; k < n; k++ {
		name, r1, ok1 := cutZ(rest)
		parent, r2, ok2 := cutZ(r1)
		if !ok1 || !ok2 || len(r2) < obbBytes {
			m.diag(NameVisuals+"/0", c.DataOff+int64(len(p)-len(rest)), "S_BONE_NAMES: bone %d of %d is cut short", k, n)
			return
		}
		m.Bones = append(m.Bones, Bone{Name: name, Parent: parent})
		rest = r2[obbBytes:]
	}
}

// cutZ splits a NUL-terminated string off p.
func cutZ(p []byte) (s string, rest []byte, ok bool) {
	for i, c := range p {
		if c == 0 {
			return latin1(p[:i]), p[i+1:], true
		}
	}
	return "", nil, false
}

// zstrings splits p into its NUL-terminated strings.
func zstrings(p []byte) []string {
	var out []string
	for len(p) > 0 {
		s, rest, ok := cutZ(p)
		if !ok {
			break
		}
		out = append(out, s)
		p = rest
	}
	return out
}

// check marks each visual whose geometry cannot be drawn as it is stored
// (see Visual.Err) and records why.
func (m *Model) check() {
	for _, v := range m.Visuals {
		broken := func(off int64, format string, args ...any) {
			msg := fmt.Sprintf(format, args...)
			m.diag(fmt.Sprintf("%s/%d", NameVisuals, v.Index), off, "visual %d: %s", v.Index, msg)
			if v.Err == nil {
				v.Err = binread.ErrorAt(off, "visual %d: %s", v.Index, msg)
			}
		}
		m.checkGeometry(v, broken)
	}
}

// checkGeometry checks that a visual's indices make whole triangles of its
// own vertices.
func (m *Model) checkGeometry(v *Visual, broken func(off int64, format string, args ...any)) {
	off := v.Rel
	ic, hasIdx := findChunk(v.Chunks, m.ogfID(v, "INDICES"))
	if hasIdx {
		off = ic.Off
	}
	if hasIdx && !v.HasIndices {
		broken(off, "its indices could not be read")
		return
	}
	if hasChunk(v.Chunks, m.ogfID(v, "VERTICES")) && v.OwnVertices == nil {
		c, _ := findChunk(v.Chunks, m.ogfID(v, "VERTICES"))
		broken(c.Off, "its vertices could not be read")
		return
	}
	idx := m.visualIndices(v)
	if len(v.SWI) > 0 && int64(v.SWI[0].Offset)+3*int64(v.SWI[0].NumTris) > int64(len(v.Indices)) {
		broken(off, "full detail needs indices %d..%d, %d stored", v.SWI[0].Offset, int64(v.SWI[0].Offset)+3*int64(v.SWI[0].NumTris), len(v.Indices))
	}
	if len(idx) == 0 {
		return
	}
	if v.OwnVertices == nil {
		broken(off, "%d indices and no vertices", len(idx))
		return
	}
	if len(idx)%3 != 0 {
		broken(off, "%d indices, not a multiple of 3", len(idx))
	}
	for _, i := range idx {
		if int(i) >= v.OwnVertices.Count {
			broken(off, "index %d ≥ vertex count %d", i, v.OwnVertices.Count)
			return
		}
	}
}

// ogfID returns the id of the named sub-chunk in v's OGF version (0 when
// the version has none).
func (m *Model) ogfID(v *Visual, name string) uint32 {
	for id, n := range ogfChunkNames[v.OGFVersion] {
		if n == name {
			return id
		}
	}
	return 0
}

func findChunk(list []xray.Chunk, id uint32) (xray.Chunk, bool) {
	for _, c := range list {
		if c.ID == id && id != 0 {
			return c, true
		}
	}
	return xray.Chunk{}, false
}

func hasChunk(list []xray.Chunk, id uint32) bool {
	_, ok := findChunk(list, id)
	return ok
}
