package dff

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// SetRotation sets frame's rotation: its right, up and at vectors.
func (b *Builder) SetRotation(frame int, rot [9]float32) { b.c.Frames[frame].Rot = rot }

// SetHAnim gives frame an HAnim extension with node id; nodes, when not
// empty, makes the frame the hierarchy's holder (node k is skin bone k).
func (b *Builder) SetHAnim(frame int, id int32, nodes []HAnimNode) {
	h := &HAnim{Version: 0x100, ID: id, Nodes: nodes, KeySize: 36}
	f := &b.c.Frames[frame]
	f.Ext = withExt(f.Ext, Ext{Type: IDHAnim, Stamp: b.stamp, Off: -1, Data: h.Bytes()})
}

// SkinSpec is a geometry's skin for SetSkin: four bone indices and weights
// per vertex and one inverse bind matrix per bone.
type SkinSpec struct {
	Indices     [][4]uint8
	Weights     [][4]float32
	InverseBind []mgl32.Mat4
	// Old writes the layout before RenderWare 3.4 (no used-bone list,
	// 0xDEADDEAD before each matrix, no split data).
	Old bool
}

// SetSkin gives geometry g a Skin extension.
func (b *Builder) SetSkin(g int, s SkinSpec) error {
	geo := b.c.Geometries[g]
	if len(s.Indices) != int(geo.NumVerts) || len(s.Weights) != int(geo.NumVerts) || len(s.InverseBind) > 255 {
		return fmt.Errorf("skin: %d indices and %d weights for %d vertices, %d bones", len(s.Indices), len(s.Weights), geo.NumVerts, len(s.InverseBind))
	}
	sk := &Skin{Bones: len(s.InverseBind), Indices: s.Indices, Weights: s.Weights, InverseBind: s.InverseBind, Old: s.Old}
	if !s.Old {
		sk.findCounts()
		if sk.UsedBones == 0 {
			return fmt.Errorf("skin: no vertex has a weight")
		}
	}
	geo.Skin = sk
	geo.Ext = withExt(geo.Ext, Ext{Type: IDSkin, Stamp: b.stamp, Off: -1, Data: sk.Bytes()})
	return nil
}

// Bytes encodes the HAnim extension's payload.
func (h *HAnim) Bytes() []byte {
	out := u32s(h.Version, uint32(h.ID), uint32(len(h.Nodes)))
	if len(h.Nodes) == 0 {
		return out
	}
	out = u32sTo(out, h.Flags, h.KeySize)
	for _, n := range h.Nodes {
		out = u32sTo(out, uint32(n.ID), uint32(n.Index), n.Flags)
	}
	return out
}

// Bytes encodes a PC Skin extension's payload in its layout (Old or the
// 3.4+ one with an empty split-data block).
func (s *Skin) Bytes() []byte {
	used := s.UsedBones
	if s.Old {
		used = 0
	}
	out := []byte{uint8(s.Bones), uint8(used), uint8(s.MaxWeights), 0}
	if s.Old {
		out[2] = 0
	} else {
		out = append(out, s.Used...)
	}
	for _, ix := range s.Indices {
		out = append(out, ix[:]...)
	}
	for _, w := range s.Weights {
		out = appendF32(out, w[:]...)
	}
	for _, m := range s.InverseBind {
		if s.Old {
			out = binary.LittleEndian.AppendUint32(out, 0xDEADDEAD)
		}
		for k, v := range m {
			if k == 3 || k == 7 || k == 11 {
				v = 0
			}
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v))
		}
	}
	if !s.Old {
		out = u32sTo(out, uint32(s.BoneLimit), 0, 0)
	}
	return out
}
