package dff

import (
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// readPlugins decodes the geometry extensions Rummage understands: the Bin
// Mesh split, the skin facts and the native data. The rest stay as they
// were stored.
func (g *Geometry) readPlugins() error {
	for i := range g.Ext {
		e := &g.Ext[i]
		var err error
		switch e.Type {
		case IDBinMesh:
			g.BinMesh, err = readBinMesh(e, g)
		case IDSkin:
			g.Skin, err = readSkin(e, g)
		case IDNativeData:
			g.Native = e
		}
		if err != nil {
			return err
		}
	}
	if g.IsNative() && g.Native == nil {
		return binread.Errorf(g.Off, "native Geometry (flag 0x01000000) has no Native Data extension")
	}
	return nil
}

// maxSplits caps the Bin Mesh splits of a native geometry, whose headers
// are 8 bytes each and stand for no stored indices.
const maxSplits = 1 << 16

func readBinMesh(e *Ext, g *Geometry) (*BinMesh, error) {
	cur := binread.NewCursor(e.Data, e.Off+rw.HeaderSize)
	flags := cur.U32()
	at := cur.Off()
	n := cur.Count("Bin Mesh split", 8)
	bm := &BinMesh{Strip: flags&1 != 0, Total: cur.U32(), Native: g.IsNative()}
	if cur.Err() != nil {
		return nil, cur.Err()
	}
	if flags > 1 {
		return nil, binread.Errorf(at-4, "Bin Mesh flags 0x%X (0 list, 1 strip expected)", flags)
	}
	if n > maxSplits {
		return nil, binread.Errorf(at, "Bin Mesh has %d splits (at most %d)", n, maxSplits)
	}
	bm.Splits = make([]Split, n)
	for i := range bm.Splits {
		s := &bm.Splits[i]
		s.NumIndices, s.Material = cur.U32(), cur.U32()
		if cur.Err() != nil {
			return nil, cur.Err()
		}
		if int(s.Material) >= len(g.Materials) {
			return nil, binread.Errorf(cur.Off()-4, "Bin Mesh split %d uses material %d of %d", i, s.Material, len(g.Materials))
		}
		if bm.Native {
			continue
		}
		if !need(cur, "Bin Mesh index", int32(min(s.NumIndices, 1<<31-1)), 4) {
			return nil, cur.Err()
		}
		s.Indices = make([]uint32, s.NumIndices)
		for k := range s.Indices {
			at := cur.Off()
			v := cur.U32()
			if int64(v) >= int64(g.NumVerts) {
				return nil, binread.Errorf(at, "Bin Mesh split %d index %d is past the %d vertices", i, v, g.NumVerts)
			}
			s.Indices[k] = v
		}
	}
	if cur.Len() != 0 {
		return nil, binread.Errorf(cur.Off(), "%d bytes left over at the end of the Bin Mesh", cur.Len())
	}
	return bm, nil
}

// Triangles returns the split's triangles: a list taken three by three, or
// a strip unrolled with alternate windings; degenerate triangles (two equal
// corners) are dropped.
func (bm *BinMesh) Triangles(s *Split) [][3]uint32 {
	return unroll(s.Indices, bm.Strip, nil)
}

// unroll makes triangles of a list or a strip; a strip skips the triangle
// ending at index i when restart[i] is set (PS2 ADC bits; nil: none).
// Degenerate triangles are dropped.
func unroll(idx []uint32, strip bool, restart []bool) [][3]uint32 {
	var out [][3]uint32
	if !strip {
		out = make([][3]uint32, 0, len(idx)/3)
		for i := 0; i+2 < len(idx); i += 3 {
			t := [3]uint32{idx[i], idx[i+1], idx[i+2]}
			if !degenerate(t) {
				out = append(out, t)
			}
		}
		return out
	}
	out = make([][3]uint32, 0, max(len(idx)-2, 0))
	for i := 0; i+2 < len(idx); i++ {
		if restart != nil && restart[i+2] {
			continue
		}
		t := [3]uint32{idx[i], idx[i+1], idx[i+2]}
		if i&1 == 1 {
			t[0], t[1] = t[1], t[0]
		}
		if !degenerate(t) {
			out = append(out, t)
		}
	}
	return out
}

func degenerate(t [3]uint32) bool { return t[0] == t[1] || t[1] == t[2] || t[0] == t[2] }
