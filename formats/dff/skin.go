package dff

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

// Skin is a geometry's Skin extension (RpSkin): up to four bone indices
// and weights per vertex and each bone's inverse bind matrix. Bone i is
// node i of the clump's HAnim hierarchy.
type Skin struct {
	Bones      int
	UsedBones  int
	MaxWeights int
	// Old is the layout before RenderWare 3.4 (no used-bone list, four
	// skipped bytes before each matrix, no split data).
	Old bool
	// Native says the skin belongs to PS2 native geometry: its indices
	// and weights are in the instance data, not here.
	Native bool
	Used   []uint8
	// Indices and Weights are per vertex (nil for native geometry).
	Indices [][4]uint8
	Weights [][4]float32
	// InverseBind maps the clump's space to each bone's bind space.
	InverseBind []mgl32.Mat4
	// San Andreas' split data after the matrices: the most bones a draw
	// call may use, and the sizes of the remap and run tables.
	BoneLimit, Meshes, RLESize int
}

// skinMatrixBytes is one stored inverse bind matrix (an RwMatrix).
const skinMatrixBytes = 64

// readSkin decodes the Skin extension of geometry g: the PC layout
// (indices and weights per vertex), or the PS2 native one (a struct with
// the platform id, the bone header and matrices only).
func readSkin(e *Ext, g *Geometry) (*Skin, error) {
	cur := binread.NewCursor(e.Data, e.Off+rw.HeaderSize)
	s := &Skin{Native: g.IsNative()}
	if s.Native {
		h, ok := rw.ParseHeader(e.Data)
		if !ok || h.Type != IDStruct {
			return nil, binread.Errorf(e.Off+rw.HeaderSize, "native Skin extension does not start with its Struct")
		}
		cur.Skip(rw.HeaderSize)
		at := cur.Off()
		if p := cur.U32(); cur.Err() == nil && p != PlatformPS2 {
			return nil, binread.Unsupportedf(at, "native Skin of platform %d (%s); only PS2 is read", p, platformName(p))
		}
	}
	at := cur.Off()
	hdr := cur.Take(4)
	if cur.Err() != nil {
		return nil, binread.Errorf(at, "Skin extension of %d bytes is shorter than its header", len(e.Data))
	}
	s.Bones, s.UsedBones, s.MaxWeights = int(hdr[0]), int(hdr[1]), int(hdr[2])
	s.Old = s.UsedBones == 0
	if !s.Old {
		s.Used = cur.Take(s.UsedBones)
		for i, b := range s.Used {
			if int(b) >= s.Bones {
				return nil, binread.Errorf(at+4+int64(i), "Skin used bone %d is not one of the %d bones", b, s.Bones)
			}
		}
	}
	if !s.Native {
		s.readVertices(cur, g.NumVerts)
	}
	s.readMatrices(cur)
	if cur.Err() != nil {
		return nil, cur.Err()
	}
	if !s.Old {
		if s.Native {
			cur.Skip(16) // four words the PS2 skin pipeline keeps (librw skips them too)
		}
		s.readSplit(cur)
	}
	if err := cur.Err(); err != nil {
		return nil, err
	}
	if s.Old && !s.Native {
		s.findCounts()
	}
	return s, nil
}

// readVertices reads four bone indices and four weights per vertex; an
// index past the bones is an error when its weight is not zero.
func (s *Skin) readVertices(cur *binread.Cursor, nv int32) {
	if !need(cur, "skin vertex", nv, 20) {
		return
	}
	at := cur.Off()
	s.Indices = make([][4]uint8, nv)
	for i := range s.Indices {
		copy(s.Indices[i][:], cur.Take(4))
	}
	s.Weights = make([][4]float32, nv)
	for i := range s.Weights {
		for k := range s.Weights[i] {
			s.Weights[i][k] = cur.F32()
			if b := s.Indices[i][k]; int(b) >= s.Bones && s.Weights[i][k] != 0 {
				cur.Fail(binread.Errorf(at+int64(4*i+k), "skin vertex %d uses bone %d of %d", i, b, s.Bones))
				return
			}
		}
	}
}

// readMatrices reads each bone's inverse bind matrix (the old PC layout
// puts four bytes before each).
func (s *Skin) readMatrices(cur *binread.Cursor) {
	per := skinMatrixBytes
	if s.Old && !s.Native {
		per += 4
	}
	if err := binread.CheckCount(cur.Off(), "skin bone matrix", int64(s.Bones), int64(per), int64(cur.Len())); err != nil {
		cur.Fail(err)
		return
	}
	s.InverseBind = make([]mgl32.Mat4, s.Bones)
	for i := range s.InverseBind {
		if per > skinMatrixBytes {
			cur.Skip(4)
		}
		m := &s.InverseBind[i]
		for k := range m {
			m[k] = cur.F32()
		}
		m[3], m[7], m[11], m[15] = 0, 0, 0, 1 // the RwMatrix flags and padding words
	}
}

// readSplit reads San Andreas' split data: bone limit, mesh and run
// counts, then the remap and run tables when there are meshes.
func (s *Skin) readSplit(cur *binread.Cursor) {
	if cur.Len() == 0 {
		return // 3.4 files before San Andreas end after the matrices
	}
	at := cur.Off()
	s.BoneLimit, s.Meshes, s.RLESize = int(cur.I32()), int(cur.I32()), int(cur.I32())
	if cur.Err() != nil {
		return
	}
	if s.BoneLimit < 0 || s.Meshes < 0 || s.RLESize < 0 {
		cur.Fail(binread.Errorf(at, "Skin split data counts %d, %d, %d are negative", s.BoneLimit, s.Meshes, s.RLESize))
		return
	}
	if s.Meshes > 0 {
		n := int64(s.Bones) + 2*(int64(s.Meshes)+int64(s.RLESize))
		if n > int64(cur.Len()) {
			cur.Fail(binread.Errorf(at+4, "Skin split data of %d bytes runs past the extension (%d bytes left)", n, cur.Len()))
			return
		}
		cur.Skip(int(n))
	}
	if cur.Len() != 0 {
		cur.Fail(binread.Errorf(cur.Off(), "%d bytes left over at the end of the Skin extension", cur.Len()))
	}
}

// findCounts works out the used bones and the most weights per vertex of
// an old-layout skin, which does not store them.
func (s *Skin) findCounts() {
	used := make([]bool, s.Bones)
	s.Used = s.Used[:0]
	for i, w := range s.Weights {
		n := 0
		for k := range w {
			if w[k] != 0 {
				n++
				if b := s.Indices[i][k]; int(b) < len(used) && !used[b] {
					used[b] = true
				}
			}
		}
		s.MaxWeights = max(s.MaxWeights, n)
	}
	for b, u := range used {
		if u {
			s.Used = append(s.Used, uint8(b))
		}
	}
	s.UsedBones = len(s.Used)
}

// rawWeights returns vertex i's four skin words of the skinned ped pipe's
// weight slot (zero without one): each a float weight whose low ten bits
// hold (bone + 1) << 2, 0 for an unused link.
func rawWeights(wts *unpack, i int) [4]uint32 {
	var out [4]uint32
	if wts == nil {
		return out
	}
	for k := 0; k < 4 && k <= wts.vn; k++ {
		out[k] = uint32(wts.comp(i, k))
	}
	return out
}

// addNativeWeights appends a PS2 vertex's bone links to the mesh's skin
// (joints are skin bone numbers here; Clump.Rig maps them to frames).
func addNativeWeights(m *geom.Mesh, raw [4]uint32) {
	if raw == ([4]uint32{}) && m.Skin == nil {
		return
	}
	if m.Skin == nil {
		n := len(m.Positions) - 1 // the vertices before this one had no weights
		m.Skin = &geom.Skin{Joints: make([][4]uint16, n), Weights: make([][4]float32, n)}
	}
	var j [4]uint16
	var w [4]float32
	for k, c := range raw {
		w[k] = math.Float32frombits(c &^ 0x3FF)
		if b := (c & 0x3FF) >> 2; b > 0 && w[k] != 0 {
			j[k] = uint16(b - 1)
		} else {
			w[k] = 0
		}
	}
	m.Skin.Joints, m.Skin.Weights = append(m.Skin.Joints, j), append(m.Skin.Weights, w)
}
