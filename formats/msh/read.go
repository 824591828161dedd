package msh

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"rummage/formats/binread"
	"rummage/formats/nres"
)

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
	{StreamNormals, true, (*Model).readNormals},
	{StreamUV0, true, (*Model).readUV0},
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
