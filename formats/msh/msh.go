// Package msh reads Parkan: Iron Strategy MSH models: a nested NRes whose
// entries are streams keyed by type id (specs/nres.md §4). It decodes the
// nodes (type 1), slots (2), positions (3), indices (6), batches (13) and
// the rest pose (8 and 19), and builds a geom.Mesh of LOD 0 / variant 0.
package msh

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"rummage/formats/binread"
	"rummage/formats/nres"
)

// Stream type ids.
const (
	StreamNodes     = 1
	StreamSlots     = 2
	StreamPositions = 3
	StreamNormals   = 4
	StreamUV0       = 5
	StreamIndices   = 6
	StreamFaces     = 7
	StreamKeys      = 8
	StreamNames     = 9
	StreamBatches   = 13
	StreamFrameMap  = 19
)

// Record sizes.
const (
	NodeSize       = 38
	NodeSizeShort  = 24 // system.rlb::MTCHECK.MSH
	SlotHeaderSize = 140
	SlotSize       = 68
	BatchSize      = 20
	KeySize        = 24
)

// FlagCockpit marks nodes drawn only by the unit's own first-person view;
// they are left out of the mesh.
const FlagCockpit = 0x20

// None is the 0xFFFF "no index" value of u16 fields.
const None = 0xFFFF

// Node is one Node38 record.
type Node struct {
	Flags        uint16
	Parent       uint16 // None for a root
	AnimMapStart uint16 // start in the frame map, None when not animated
	FallbackKey  uint16 // key index of the static pose
	Slots        [15]uint16
}

// Slot is the part of a Slot68 record the mesh needs.
type Slot struct {
	TriStart, TriCount     uint16
	BatchStart, BatchCount uint16
	Min, Max               [3]float32
}

// Batch is one Batch20 record.
type Batch struct {
	Flags        uint32
	Material     uint8 // WEAR row (byte +4, the recommended reading)
	LightmapFlag uint8
	Node         uint16
	IndexCount   uint16
	IndexStart   uint32
	VertexCount  uint16
	BaseVertex   uint32
}

// Key is one pose key (type 8).
type Key struct {
	T    [3]float32
	Time float32
	Q    [4]int16 // stored w, x, y, z (/32767)
}

// Stream is one entry of the inner archive.
type Stream struct {
	Type                uint32
	Attr1, Attr2, Attr3 uint32
	Name                string
	Size                int64
	Offset              int64 // absolute, -1 in memory
	Index               int   // directory index
}

// Model is a decoded MSH.
type Model struct {
	Streams   []Stream
	Nodes     []Node
	Slots     []Slot
	Positions [][3]float32
	Indices   []uint16
	Batches   []Batch
	Keys      []Key
	FrameMap  []uint16
	Frames    uint32 // type 19 attr2
	Landscape bool   // a terrain variant (types 11/21, no index buffer)
	// Box is the authored box of the posed model: the extent of the eight
	// corners at the start of the type 2 header (HasBox false when they
	// are all zero).
	Box    [2][3]float32
	HasBox bool
}

// readBox takes the extent of the eight box corners of a type 2 header.
func (m *Model) readBox(h []byte) {
	for i := 0; i < 8; i++ {
		for k := 0; k < 3; k++ {
			v := math.Float32frombits(binary.LittleEndian.Uint32(h[12*i+4*k:]))
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				m.HasBox = false
				return
			}
			if i == 0 || v < m.Box[0][k] {
				m.Box[0][k] = v
			}
			if i == 0 || v > m.Box[1][k] {
				m.Box[1][k] = v
			}
			if v != 0 {
				m.HasBox = true
			}
		}
	}
}

// BoxFits reports whether the bounds lie inside the authored box, with a
// tolerance of 1 % of its diagonal (specs/nres.md §8: the posed LOD 0 of
// every shipped model fits its box with the (w,x,y,z)-conjugated reading
// of the pose keys). It is true when the model has no box.
func (m *Model) BoxFits(min, max [3]float32) bool {
	if !m.HasBox {
		return true
	}
	var d float64
	for k := 0; k < 3; k++ {
		e := float64(m.Box[1][k] - m.Box[0][k])
		d += e * e
	}
	tol := float32(0.01*math.Sqrt(d) + 1e-3)
	for k := 0; k < 3; k++ {
		if min[k] < m.Box[0][k]-tol || max[k] > m.Box[1][k]+tol {
			return false
		}
	}
	return true
}

func streamData(a *nres.Archive, i int) ([]byte, int64, error) {
	r, base, size, err := a.EntryReader(i)
	if err != nil {
		return nil, 0, err
	}
	if base < 0 {
		base = 0
	}
	b, err := binread.ReadAt(r, base, 0, size, size)
	return b, base, err
}

// NewModel reads the streams of an inner archive: base is the absolute file
// offset of r's byte 0 (for errors), size the archive's byte size.
func NewModel(r io.ReaderAt, base, size int64) (*Model, error) {
	a, err := nres.NewArchive(r, base, size)
	if err != nil {
		return nil, err
	}
	return FromArchive(a, base)
}

// StreamsOf lists the streams of an inner archive from its directory.
func StreamsOf(a *nres.Archive) []Stream {
	var out []Stream
	for i := 0; i < a.Len(); i++ {
		e := a.Entry(i)
		out = append(out, Stream{Type: e.TypeID, Attr1: e.Attr1, Attr2: e.Attr2, Attr3: e.Attr3, Name: e.Name(), Size: int64(e.Size), Offset: a.EntryOffset(i), Index: i})
	}
	return out
}

// FromArchive decodes a model from an opened inner archive whose byte 0
// sits at file offset base.
func FromArchive(a *nres.Archive, base int64) (*Model, error) {
	m := &Model{Streams: StreamsOf(a)}
	find := map[uint32]int{}
	for i, st := range m.Streams {
		if _, dup := find[st.Type]; !dup {
			find[st.Type] = i
		}
	}
	_, has6 := find[StreamIndices]
	_, has11 := find[11]
	_, has21 := find[21]
	if !has6 && (has11 || has21) {
		m.Landscape = true
		return m, nil
	}
	for _, s := range modelStreams {
		if _, ok := find[s.id]; !ok && !s.optional {
			return nil, binread.Errorf(base, "MSH: stream %d is missing (a model needs streams 1, 2, 3, 6 and 13)", s.id)
		}
	}
	for _, s := range modelStreams {
		i, ok := find[s.id]
		if !ok {
			continue
		}
		b, sbase, err := streamData(a, i)
		if err != nil {
			return nil, fmt.Errorf("MSH stream %d: %w", s.id, err)
		}
		if err := s.read(m, b, sbase, m.Streams[i]); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// modelStreams are the streams a model is decoded from, in order: each
// reader fills the model from the stream's bytes b (byte 0 at file offset
// base).
var modelStreams = []struct {
	id       uint32
	optional bool
	read     func(m *Model, b []byte, base int64, st Stream) error
}{
	{StreamNodes, false, (*Model).readNodes},
	{StreamSlots, false, (*Model).readSlots},
	{StreamPositions, false, (*Model).readPositions},
	{StreamIndices, false, (*Model).readIndices},
	{StreamBatches, false, (*Model).readBatches},
	{StreamKeys, true, (*Model).readKeys},
	{StreamFrameMap, true, (*Model).readFrameMap},
}

// readNodes decodes stream 1: node records of the stream's attr3 bytes
// (38, or 24 in the short form).
func (m *Model) readNodes(b []byte, base int64, st Stream) error {
	stride := int(st.Attr3)
	if stride != NodeSize && stride != NodeSizeShort {
		stride = NodeSize
	}
	if len(b)%stride != 0 {
		return binread.Errorf(base, "MSH: node stream of %d bytes is not a multiple of the %d-byte record", len(b), stride)
	}
	m.Nodes = make([]Node, len(b)/stride)
	for i := range m.Nodes {
		c := binread.NewCursor(b[i*stride:(i+1)*stride], base+int64(i*stride))
		n := &m.Nodes[i]
		n.Flags, n.Parent, n.AnimMapStart, n.FallbackKey = c.U16(), c.U16(), c.U16(), c.U16()
		for s := range n.Slots {
			if c.Len() >= 2 {
				n.Slots[s] = c.U16()
			} else {
				n.Slots[s] = None
			}
		}
	}
	return nil
}

// readSlots decodes stream 2: the model's box, then 68-byte slots.
func (m *Model) readSlots(b []byte, base int64, _ Stream) error {
	if len(b) < SlotHeaderSize || (len(b)-SlotHeaderSize)%SlotSize != 0 {
		return binread.Errorf(base, "MSH: slot stream of %d bytes is not 140 + n × 68", len(b))
	}
	m.readBox(b[:SlotHeaderSize])
	m.Slots = make([]Slot, (len(b)-SlotHeaderSize)/SlotSize)
	for i := range m.Slots {
		c := binread.NewCursor(b[SlotHeaderSize+i*SlotSize:SlotHeaderSize+(i+1)*SlotSize], base+int64(SlotHeaderSize+i*SlotSize))
		s := &m.Slots[i]
		s.TriStart, s.TriCount, s.BatchStart, s.BatchCount = c.U16(), c.U16(), c.U16(), c.U16()
		for k := 0; k < 3; k++ {
			s.Min[k] = c.F32()
		}
		for k := 0; k < 3; k++ {
			s.Max[k] = c.F32()
		}
	}
	return nil
}

// readPositions decodes stream 3: float triples.
func (m *Model) readPositions(b []byte, base int64, _ Stream) error {
	if len(b)%12 != 0 {
		return binread.Errorf(base, "MSH: position stream of %d bytes is not a multiple of 12", len(b))
	}
	m.Positions = make([][3]float32, len(b)/12)
	for i := range m.Positions {
		for k := 0; k < 3; k++ {
			m.Positions[i][k] = math.Float32frombits(binary.LittleEndian.Uint32(b[12*i+4*k:]))
		}
	}
	return nil
}

// readIndices decodes stream 6: u16 vertex indices.
func (m *Model) readIndices(b []byte, base int64, _ Stream) error {
	if len(b)%2 != 0 {
		return binread.Errorf(base, "MSH: index stream of %d bytes is odd", len(b))
	}
	m.Indices = make([]uint16, len(b)/2)
	for i := range m.Indices {
		m.Indices[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return nil
}

// readBatches decodes stream 13: 20-byte draw batches.
func (m *Model) readBatches(b []byte, base int64, _ Stream) error {
	if len(b)%BatchSize != 0 {
		return binread.Errorf(base, "MSH: batch stream of %d bytes is not a multiple of 20", len(b))
	}
	m.Batches = make([]Batch, len(b)/BatchSize)
	for i := range m.Batches {
		c := binread.NewCursor(b[i*BatchSize:(i+1)*BatchSize], base+int64(i*BatchSize))
		bt := &m.Batches[i]
		bt.Flags = c.U32()
		bt.Material, bt.LightmapFlag = c.U8(), c.U8()
		bt.Node, bt.IndexCount = c.U16(), c.U16()
		bt.IndexStart = c.U32()
		bt.VertexCount = c.U16()
		bt.BaseVertex = c.U32()
	}
	return nil
}

// readKeys decodes the optional stream 8: 24-byte pose keys.
func (m *Model) readKeys(b []byte, base int64, _ Stream) error {
	if len(b)%KeySize != 0 {
		return binread.Errorf(base, "MSH: key stream of %d bytes is not a multiple of 24", len(b))
	}
	m.Keys = make([]Key, len(b)/KeySize)
	for i := range m.Keys {
		c := binread.NewCursor(b[i*KeySize:(i+1)*KeySize], base+int64(i*KeySize))
		k := &m.Keys[i]
		k.T = [3]float32{c.F32(), c.F32(), c.F32()}
		k.Time = c.F32()
		k.Q = [4]int16{c.I16(), c.I16(), c.I16(), c.I16()}
	}
	return nil
}

// readFrameMap decodes the optional stream 19: u16 key indices, with the
// frame count in the stream's attr2.
func (m *Model) readFrameMap(b []byte, base int64, st Stream) error {
	if len(b)%2 != 0 {
		return binread.Errorf(base, "MSH: frame map of %d bytes is odd", len(b))
	}
	m.FrameMap = make([]uint16, len(b)/2)
	for k := range m.FrameMap {
		m.FrameMap[k] = binary.LittleEndian.Uint16(b[2*k:])
	}
	m.Frames = st.Attr2
	return nil
}

// Check validates the cross-stream ranges the mesh uses.
func (m *Model) Check() error {
	for i, n := range m.Nodes {
		if n.Parent != None && int(n.Parent) >= i {
			return fmt.Errorf("MSH: node %d has parent %d, parents must come first", i, n.Parent)
		}
		for _, s := range n.Slots {
			if s != None && int(s) >= len(m.Slots) {
				return fmt.Errorf("MSH: node %d names slot %d of %d", i, s, len(m.Slots))
			}
		}
	}
	for i, s := range m.Slots {
		if int(s.BatchStart)+int(s.BatchCount) > len(m.Batches) {
			return fmt.Errorf("MSH: slot %d batches %d+%d exceed the %d batches", i, s.BatchStart, s.BatchCount, len(m.Batches))
		}
	}
	for i, b := range m.Batches {
		if int64(b.IndexStart)+int64(b.IndexCount) > int64(len(m.Indices)) {
			return fmt.Errorf("MSH: batch %d indices %d+%d exceed the %d indices", i, b.IndexStart, b.IndexCount, len(m.Indices))
		}
	}
	return nil
}

// quat is a rotation (w, x, y, z).
type quat [4]float64

func (q quat) mul(r quat) quat {
	return quat{
		q[0]*r[0] - q[1]*r[1] - q[2]*r[2] - q[3]*r[3],
		q[0]*r[1] + q[1]*r[0] + q[2]*r[3] - q[3]*r[2],
		q[0]*r[2] - q[1]*r[3] + q[2]*r[0] + q[3]*r[1],
		q[0]*r[3] + q[1]*r[2] - q[2]*r[1] + q[3]*r[0],
	}
}

func (q quat) rotate(v [3]float64) [3]float64 {
	p := q.mul(quat{0, v[0], v[1], v[2]}).mul(quat{q[0], -q[1], -q[2], -q[3]})
	return [3]float64{p[1], p[2], p[3]}
}

// Pose is a node's world transform: rotate, then translate.
type Pose struct {
	Q quat
	T [3]float64
}

// Apply transforms a point.
func (p Pose) Apply(v [3]float32) [3]float32 {
	r := p.Q.rotate([3]float64{float64(v[0]), float64(v[1]), float64(v[2])})
	return [3]float32{float32(r[0] + p.T[0]), float32(r[1] + p.T[1]), float32(r[2] + p.T[2])}
}

// keyPose converts a stored key: quaternion (w, x, y, z)/32767, normalised
// and conjugated (specs/nres.md §4.6); all-zero is the identity.
func keyPose(k Key) Pose {
	q := quat{float64(k.Q[0]) / 32767, -float64(k.Q[1]) / 32767, -float64(k.Q[2]) / 32767, -float64(k.Q[3]) / 32767}
	l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if l == 0 {
		q = quat{1, 0, 0, 0}
	} else {
		for i := range q {
			q[i] /= l
		}
	}
	return Pose{Q: q, T: [3]float64{float64(k.T[0]), float64(k.T[1]), float64(k.T[2])}}
}

// RestPose returns each node's world pose: frame 0 of the frame map for
// animated nodes, the fallback key otherwise, composed down the parent
// chain; the root's translation is zeroed. Without keys every pose is the
// identity.
func (m *Model) RestPose() []Pose {
	out := make([]Pose, len(m.Nodes))
	for i, n := range m.Nodes {
		local := Pose{Q: quat{1, 0, 0, 0}}
		key := -1
		if n.AnimMapStart != None && int(n.AnimMapStart) < len(m.FrameMap) {
			key = int(m.FrameMap[n.AnimMapStart])
		} else if n.FallbackKey != None {
			key = int(n.FallbackKey)
		}
		if key >= 0 && key < len(m.Keys) {
			local = keyPose(m.Keys[key])
		}
		if n.Parent == None || int(n.Parent) >= i {
			local.T = [3]float64{}
			out[i] = local
			continue
		}
		p := out[n.Parent]
		rt := p.Q.rotate(local.T)
		out[i] = Pose{Q: p.Q.mul(local.Q), T: [3]float64{p.T[0] + rt[0], p.T[1] + rt[1], p.T[2] + rt[2]}}
	}
	return out
}

// DrawBatch is a batch drawn by LOD 0 / variant 0, with its node.
type DrawBatch struct {
	Index int // into Batches
	Node  int
	Slot  int
}

// DrawBatches lists the batches of slot 0 of every node without the
// cockpit flag, in node order.
func (m *Model) DrawBatches() []DrawBatch {
	var out []DrawBatch
	for ni, n := range m.Nodes {
		if n.Flags&FlagCockpit != 0 || n.Slots[0] == None || int(n.Slots[0]) >= len(m.Slots) {
			continue
		}
		s := m.Slots[n.Slots[0]]
		for b := int(s.BatchStart); b < int(s.BatchStart)+int(s.BatchCount) && b < len(m.Batches); b++ {
			out = append(out, DrawBatch{Index: b, Node: ni, Slot: int(n.Slots[0])})
		}
	}
	return out
}
