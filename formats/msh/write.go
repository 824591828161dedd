package msh

import (
	"encoding/binary"
	"math"

	"rummage/formats/nres"
)

// Encode writes a model as the nested NRes the game uses: streams 1, 2, 3,
// 4 and 5 when the model has normals and UVs, 6, 13 and, when there are
// keys, 8 and 19, each with the count in attr1 and the stride in attr3
// (type 19 carries the frame count in attr2).
// bounds is the type 2 header's 35 floats (zeros when nil).
func (m *Model) Encode(bounds []float32) ([]byte, error) {
	le := binary.LittleEndian
	var pos []byte
	for _, p := range m.Positions {
		for _, v := range p {
			pos = le.AppendUint32(pos, math.Float32bits(v))
		}
	}
	var idx []byte
	for _, v := range m.Indices {
		idx = le.AppendUint16(idx, v)
	}
	ents := []nres.Entry{
		{TypeID: StreamNodes, Attr1: uint32(len(m.Nodes)), Attr3: NodeSize, Name: "nodes", Data: m.encodeNodes()},
		{TypeID: StreamSlots, Attr1: uint32(len(m.Slots)), Attr3: SlotSize, Name: "slots", Data: m.encodeSlots(bounds)},
		{TypeID: StreamPositions, Attr1: uint32(len(m.Positions)), Attr3: 12, Name: "positions", Data: pos},
	}
	if len(m.Normals) > 0 {
		ents = append(ents, nres.Entry{TypeID: StreamNormals, Attr1: uint32(len(m.Normals)), Attr3: NormalSize, Name: "normals", Data: m.encodeNormals()})
	}
	if len(m.UV0) > 0 {
		ents = append(ents, nres.Entry{TypeID: StreamUV0, Attr1: uint32(len(m.UV0)), Attr3: UVSize, Name: "uv0", Data: m.encodeUV0()})
	}
	ents = append(ents,
		nres.Entry{TypeID: StreamIndices, Attr1: uint32(len(m.Indices)), Attr3: 2, Name: "indices", Data: idx},
		nres.Entry{TypeID: StreamBatches, Attr1: uint32(len(m.Batches)), Attr3: BatchSize, Name: "batches", Data: m.encodeBatches()})
	if len(m.Keys) > 0 {
		var fm []byte
		for _, v := range m.FrameMap {
			fm = le.AppendUint16(fm, v)
		}
		ents = append(ents,
			nres.Entry{TypeID: StreamKeys, Attr1: uint32(len(m.Keys)), Attr3: 4, Name: "keys", Data: m.encodeKeys()},
			nres.Entry{TypeID: StreamFrameMap, Attr1: uint32(len(m.FrameMap)), Attr2: m.Frames, Attr3: 2, Name: "frames", Data: fm})
	}
	return nres.Build(ents)
}

// encodeNodes is stream 1: 38-byte node records.
func (m *Model) encodeNodes() []byte {
	var nodes []byte
	for _, n := range m.Nodes {
		for _, v := range append([]uint16{n.Flags, n.Parent, n.AnimMapStart, n.FallbackKey}, n.Slots[:]...) {
			nodes = binary.LittleEndian.AppendUint16(nodes, v)
		}
	}
	return nodes
}

// encodeSlots is stream 2: the 140-byte header holding bounds (at most 35
// floats), then 68-byte slots.
func (m *Model) encodeSlots(bounds []float32) []byte {
	le := binary.LittleEndian
	slots := make([]byte, SlotHeaderSize)
	for i := 0; i < len(bounds) && i < 35; i++ {
		le.PutUint32(slots[4*i:], math.Float32bits(bounds[i]))
	}
	for _, s := range m.Slots {
		rec := make([]byte, SlotSize)
		le.PutUint16(rec[0:], s.TriStart)
		le.PutUint16(rec[2:], s.TriCount)
		le.PutUint16(rec[4:], s.BatchStart)
		le.PutUint16(rec[6:], s.BatchCount)
		for k := 0; k < 3; k++ {
			le.PutUint32(rec[8+4*k:], math.Float32bits(s.Min[k]))
			le.PutUint32(rec[20+4*k:], math.Float32bits(s.Max[k]))
		}
		slots = append(slots, rec...)
	}
	return slots
}

// encodeBatches is stream 13: 20-byte batches.
func (m *Model) encodeBatches() []byte {
	le := binary.LittleEndian
	var bat []byte
	for _, b := range m.Batches {
		bat = le.AppendUint32(bat, b.Flags)
		bat = append(bat, b.Material, b.LightmapFlag)
		bat = le.AppendUint16(bat, b.Node)
		bat = le.AppendUint16(bat, b.IndexCount)
		bat = le.AppendUint32(bat, b.IndexStart)
		bat = le.AppendUint16(bat, b.VertexCount)
		bat = le.AppendUint32(bat, b.BaseVertex)
	}
	return bat
}

// encodeKeys is stream 8: 24-byte pose keys.
func (m *Model) encodeKeys() []byte {
	le := binary.LittleEndian
	var keys []byte
	for _, k := range m.Keys {
		for _, v := range k.T {
			keys = le.AppendUint32(keys, math.Float32bits(v))
		}
		keys = le.AppendUint32(keys, math.Float32bits(k.Time))
		for _, q := range k.Q {
			keys = le.AppendUint16(keys, uint16(q))
		}
	}
	return keys
}

// encodeNormals is stream 4: four signed bytes per vertex.
func (m *Model) encodeNormals() []byte {
	out := make([]byte, 0, NormalSize*len(m.Normals))
	for _, n := range m.Normals {
		out = append(out, byte(n[0]), byte(n[1]), byte(n[2]), byte(n[3]))
	}
	return out
}

// encodeUV0 is stream 5: two int16 per vertex.
func (m *Model) encodeUV0() []byte {
	out := make([]byte, 0, UVSize*len(m.UV0))
	for _, uv := range m.UV0 {
		out = binary.LittleEndian.AppendUint16(out, uint16(uv[0]))
		out = binary.LittleEndian.AppendUint16(out, uint16(uv[1]))
	}
	return out
}
