package xrlevel

import (
	"fmt"

	"rummage/formats/geom"
)

// ModelVisual is one visual of a stand-alone OGF model to write: the
// visual's header fields, material names, bounds and geometry (OGFVersion,
// Type, Flags, TextureName, ShaderName, BBox, Sphere, OwnVertices,
// Indices, SWI) and the child visuals stored inside it.
type ModelVisual struct {
	Visual   *Visual
	Children []*ModelVisual
}

// ModelWriteOptions adds the skeleton facts of a model to WriteModel.
type ModelWriteOptions struct {
	Bones  []Bone // written as S_BONE_NAMES (with an empty box per bone)
	Source string // written as S_DESC (OGF v4)
	// Binds, one per bone, are written as S_IKDATA (OGF v4; bone version
	// 1, no collision shape or joint limits).
	Binds []BoneBind
	// Motions is written as it is: the S_SMPARAMS and S_MOTIONS chunks
	// of an .omf (see package omf), nil for none.
	Motions []byte
	// MotionRefs are written as S_MOTION_REFS2 (OGF v4).
	MotionRefs []string
}

// WriteModel writes a stand-alone OGF file (version 3 or 4, the root
// visual's OGFVersion), the way the SDK's exporter lays it out: header,
// material, geometry, children, then the skeleton chunks.
func WriteModel(root *ModelVisual, opt ModelWriteOptions) ([]byte, error) {
	w := &wbuf{}
	if err := writeModelVisual(w, root, 0); err != nil {
		return nil, err
	}
	ver := root.Visual.OGFVersion
	if len(opt.Bones) > 0 {
		w.sub(0xd, func(b *wbuf) {
			b.u32(uint32(len(opt.Bones)))
			for _, bone := range opt.Bones {
				b.zstr(bone.Name)
				b.zstr(bone.Parent)
				b.b = append(b.b, make([]byte, obbBytes)...)
			}
		})
	}
	if len(opt.Binds) > 0 && ver == 4 {
		w.sub(0x10, func(b *wbuf) {
			for _, bb := range opt.Binds {
				b.u32(1)
				b.zstr("default_object")
				b.b = append(b.b, make([]byte, ikFixed-24-16+4)...)
				b.vec(bb.Rot)
				b.vec(bb.Pos)
				b.f32(1)
				b.vec(geom.Vec3{})
			}
		})
	}
	w.b = append(w.b, opt.Motions...)
	if len(opt.MotionRefs) > 0 && ver == 4 {
		w.sub(0x18, func(b *wbuf) {
			b.u32(uint32(len(opt.MotionRefs)))
			for _, r := range opt.MotionRefs {
				b.zstr(r)
			}
		})
	}
	if opt.Source != "" && ver == 4 {
		w.sub(0x12, func(b *wbuf) {
			b.zstr(opt.Source)
			b.zstr("rummage")
			b.u32(0)
			b.zstr("")
			b.u32(0)
			b.zstr("")
			b.u32(0)
		})
	}
	return w.b, nil
}

// writeModelVisual appends one visual's sub-chunks to w.
func writeModelVisual(w *wbuf, mv *ModelVisual, depth int) error {
	v := mv.Visual
	ids, ok := ogfIDTable[v.OGFVersion]
	if !ok || v.OGFVersion < 3 {
		return fmt.Errorf("OGF version %d: stand-alone models are written as version 3 or 4", v.OGFVersion)
	}
	if depth > MaxDepth {
		return fmt.Errorf("children nested deeper than %d levels", MaxDepth)
	}
	writeModelHeader(w, v)
	if v.TextureName != "" || v.ShaderName != "" {
		w.sub(ids.texture, func(t *wbuf) {
			t.zstr(v.TextureName)
			t.zstr(v.ShaderName)
		})
	}
	if ov := v.OwnVertices; ov != nil {
		w.sub(ids.vertices, func(b *wbuf) {
			b.u32s(ov.Format.FVF, uint32(ov.Count))
			b.b = append(b.b, ov.Data...)
		})
	}
	if v.HasIndices {
		w.sub(ids.indices, func(b *wbuf) {
			b.u32(uint32(len(v.Indices)))
			b.b = append(b.b, u16List(v.Indices)...)
		})
	}
	if len(v.SWI) > 0 {
		if v.OGFVersion != 4 {
			return fmt.Errorf("sliding-window progressive meshes are OGF v4")
		}
		w.sub(ids.swidata, func(b *wbuf) {
			b.u32s(0, 0, 0, 0, uint32(len(v.SWI)))
			for _, s := range v.SWI {
				b.u32(s.Offset)
				b.u16(s.NumTris)
				b.u16(s.NumVerts)
			}
		})
	}
	if len(mv.Children) > 0 {
		kids := &wbuf{}
		for k, c := range mv.Children {
			cw := &wbuf{}
			if err := writeModelVisual(cw, c, depth+1); err != nil {
				return fmt.Errorf("child %d: %w", k, err)
			}
			kids.chunk(uint32(k), cw.b, false)
		}
		w.chunk(ids.nested, kids.b, false)
	}
	return nil
}

// writeModelHeader writes the OGF header: in v4 with the bounds inside it,
// in v3 followed by BBOX and BSPHERE chunks.
func writeModelHeader(w *wbuf, v *Visual) {
	bounds := func(b *wbuf) {
		b.vec(v.BBox[0])
		b.vec(v.BBox[1])
	}
	sphere := func(b *wbuf) {
		for _, f := range v.Sphere {
			b.f32(f)
		}
	}
	w.sub(1, func(h *wbuf) {
		h.u8(uint8(v.OGFVersion))
		h.u8(uint8(v.Type))
		h.u16(v.Flags)
		if v.OGFVersion == 4 {
			bounds(h)
			sphere(h)
		}
	})
	if v.OGFVersion == 3 {
		w.sub(ogfIDTable[3].bbox, bounds)
		w.sub(ogfIDTable[3].bsphere, sphere)
	}
}
