// Package msh reads Parkan: Iron Strategy MSH models: a nested NRes whose
// entries are streams keyed by type id (docs/formats/parkan.md). It decodes the
// nodes (type 1), slots (2), positions (3), normals (4), UVs (5), indices
// (6), batches (13) and the rest pose (8 and 19), and builds a geom.Mesh of
// LOD 0 / variant 0 with each group's material resolved through the chain
// batch → WEAR row → MAT0 → Texm.
package msh

import (
	"encoding/binary"
	"math"
	"rummage/formats/binread"
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
	NormalSize     = 4
	UVSize         = 4
)

// UVScale is what a stream 5 coordinate is divided by: 1024 units span
// the texture once.
const UVScale = 1024

// NormalScale is what a stream 4 component is divided by (the result is
// clamped to ±1).
const NormalScale = 127

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
	// Normals is stream 4 as stored: int8 x, y, z over 127 and a fourth
	// byte kept for the writer; nil when the model has none.
	Normals [][4]int8
	// UV0 is stream 5 as stored: int16 u, v over 1024 (UVScale); nil
	// when the model has none.
	UV0       [][2]int16
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
// tolerance of 1 % of its diagonal (docs/formats/parkan.md: the posed LOD 0 of
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

// Check validates the cross-stream ranges the mesh uses.
func (m *Model) Check() error {
	for i, n := range m.Nodes {
		if n.Parent != None && int(n.Parent) >= i {
			return m.errAt(StreamNodes, 0, NodeSize, i, "MSH: node %d has parent %d, parents must come first", i, n.Parent)
		}
		for _, s := range n.Slots {
			if s != None && int(s) >= len(m.Slots) {
				return m.errAt(StreamNodes, 0, NodeSize, i, "MSH: node %d names slot %d of %d", i, s, len(m.Slots))
			}
		}
	}
	for i, s := range m.Slots {
		if int(s.BatchStart)+int(s.BatchCount) > len(m.Batches) {
			return m.errAt(StreamSlots, SlotHeaderSize, SlotSize, i, "MSH: slot %d batches %d+%d exceed the %d batches", i, s.BatchStart, s.BatchCount, len(m.Batches))
		}
	}
	for i, b := range m.Batches {
		if int64(b.IndexStart)+int64(b.IndexCount) > int64(len(m.Indices)) {
			return m.errAt(StreamBatches, 0, BatchSize, i, "MSH: batch %d indices %d+%d exceed the %d indices", i, b.IndexStart, b.IndexCount, len(m.Indices))
		}
	}
	return nil
}

// RecordOffset is the absolute file offset of record i of the stream of
// type st (after a header of skip bytes, records of size bytes), or -1
// when the stream is not in the file as it is.
func (m *Model) RecordOffset(st uint32, skip, size, i int) int64 {
	for _, s := range m.Streams {
		if s.Type == st && s.Offset >= 0 {
			return s.Offset + int64(skip) + int64(i)*int64(size)
		}
	}
	return -1
}

// errAt is a FormatError at record i of a stream (a plain error when the
// record has no file offset).
func (m *Model) errAt(st uint32, skip, size, i int, format string, args ...any) error {
	return binread.ErrorAt(m.RecordOffset(st, skip, size, i), format, args...)
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
