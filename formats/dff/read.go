package dff

import (
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// Parse reads a .dff from b, whose byte 0 sits at file offset base: the
// first clump and the sections around it.
func Parse(b []byte, base int64) (*File, error) {
	f := &File{}
	pos := 0
	for pos < len(b) {
		h, ok := rw.ParseHeader(b[pos:])
		if f.Clump != nil && (!ok || !rw.Plausible(h.Stamp) || int64(h.Size) > int64(len(b)-pos-rw.HeaderSize)) {
			// Bytes after the clump that are not a section: the padding of
			// the IMG sector the file was cut from (zeros, or old bytes).
			f.Trailer = b[pos:]
			break
		}
		if !ok {
			return nil, binread.Errorf(base+int64(pos), "%d trailing bytes are not a chunk header", len(b)-pos)
		}
		if int64(h.Size) > int64(len(b)-pos-rw.HeaderSize) {
			return nil, binread.Errorf(base+int64(pos)+4, "%s size %d runs past the end of the file (%d bytes remain)", rw.TypeName(h.Type), h.Size, len(b)-pos-rw.HeaderSize)
		}
		s := sub{Header: h, off: base + int64(pos), data: b[pos+rw.HeaderSize : pos+rw.HeaderSize+int(h.Size)]}
		pos += rw.HeaderSize + int(h.Size)
		switch {
		case h.Type == IDClump && f.Clump == nil:
			c, err := readClump(s)
			if err != nil {
				return nil, err
			}
			f.Clump = c
		case f.Clump == nil:
			f.Before = append(f.Before, Chunk{Type: h.Type, Stamp: h.Stamp, Off: s.off, Data: s.data})
		default:
			f.After = append(f.After, Chunk{Type: h.Type, Stamp: h.Stamp, Off: s.off, Data: s.data})
		}
	}
	if f.Clump == nil {
		return nil, binread.Errorf(base, "no Clump section (0x10) in the file")
	}
	return f, nil
}

func readClump(s sub) (*Clump, error) {
	kids, err := s.children("Clump")
	if err != nil {
		return nil, err
	}
	c := &Clump{Stamp: s.Stamp, Off: s.off}
	cur := kids[0].cursor()
	c.NumAtomics = cur.U32()
	if len(kids[0].data) >= 12 {
		c.NumLights, c.NumCameras = cur.U32(), cur.U32()
	} else {
		c.OldStruct = true
	}
	if err := cur.Err(); err != nil {
		return nil, err
	}
	if len(kids[0].data) != 4 && len(kids[0].data) != 12 {
		return nil, binread.Errorf(kids[0].off+4, "Clump struct of %d bytes (4 or 12 expected)", len(kids[0].data))
	}
	if err := binread.CheckCount(kids[0].off+rw.HeaderSize, "atomic", int64(c.NumAtomics), 2*rw.HeaderSize+16, int64(len(s.data))); err != nil {
		return nil, err
	}
	i := 1
	if i >= len(kids) || kids[i].Type != IDFrameList {
		return nil, binread.Errorf(s.off+rw.HeaderSize, "Clump has no Frame List after its struct")
	}
	c.FrameListStamp = kids[i].Stamp
	if c.Frames, err = readFrames(kids[i]); err != nil {
		return nil, err
	}
	i++
	if i < len(kids) && kids[i].Type == IDGeometryList {
		c.GeomListStamp = kids[i].Stamp
		if c.Geometries, err = readGeometryList(kids[i]); err != nil {
			return nil, err
		}
		i++
	}
	for ; i < len(kids) && kids[i].Type == IDAtomic; i++ {
		a, err := readAtomic(kids[i], len(c.Frames), len(c.Geometries))
		if err != nil {
			return nil, err
		}
		c.Atomics = append(c.Atomics, a)
	}
	if len(c.Atomics) != int(c.NumAtomics) {
		return nil, binread.Errorf(kids[0].off+rw.HeaderSize, "Clump says %d atomics, %d follow", c.NumAtomics, len(c.Atomics))
	}
	for ; i < len(kids) && kids[i].Type != IDExtension; i++ {
		c.Extra = append(c.Extra, Chunk{Type: kids[i].Type, Stamp: kids[i].Stamp, Off: kids[i].off, Data: kids[i].data})
	}
	if c.Ext, err = optExt(kids, i, "Clump"); err != nil {
		return nil, err
	}
	if i+1 < len(kids) {
		return nil, binread.Errorf(kids[i+1].off, "%s after the Clump's extension", rw.TypeName(kids[i+1].Type))
	}
	return c, nil
}

func readAtomic(s sub, frames, geoms int) (Atomic, error) {
	kids, err := s.children("Atomic")
	if err != nil {
		return Atomic{}, err
	}
	a := Atomic{Stamp: s.Stamp, Off: s.off}
	cur := kids[0].cursor()
	a.Frame, a.Geometry, a.Flags, a.Unused = cur.I32(), cur.I32(), cur.U32(), cur.U32()
	if err := cur.Err(); err != nil {
		return a, err
	}
	if len(kids[0].data) != 16 {
		return a, binread.Errorf(kids[0].off+4, "Atomic struct of %d bytes (16 expected; atomics with their own geometry are not read)", len(kids[0].data))
	}
	at := kids[0].off + rw.HeaderSize
	if a.Frame < 0 || int(a.Frame) >= frames {
		return a, binread.Errorf(at, "Atomic frame %d is not one of the %d frames", a.Frame, frames)
	}
	if a.Geometry < 0 || int(a.Geometry) >= geoms {
		return a, binread.Errorf(at+4, "Atomic geometry %d is not one of the %d geometries", a.Geometry, geoms)
	}
	a.Ext, err = optExt(kids, 1, "Atomic")
	if err == nil && len(kids) > 2 {
		err = binread.Errorf(kids[2].off, "%s after the Atomic's extension", rw.TypeName(kids[2].Type))
	}
	return a, err
}

func readFrames(s sub) ([]Frame, error) {
	kids, err := s.children("Frame List")
	if err != nil {
		return nil, err
	}
	cur := kids[0].cursor()
	n := cur.Count("frame", 56)
	if err := cur.Err(); err != nil {
		return nil, err
	}
	frames := make([]Frame, n)
	for i := range frames {
		f := &frames[i]
		f.Off = cur.Off()
		for k := range f.Rot {
			f.Rot[k] = cur.F32()
		}
		for k := range f.Pos {
			f.Pos[k] = cur.F32()
		}
		at := cur.Off()
		f.Parent, f.Flags = cur.I32(), cur.U32()
		if f.Parent < -1 || int64(f.Parent) >= int64(n) {
			return nil, binread.Errorf(at, "frame %d's parent %d is not one of the %d frames", i, f.Parent, n)
		}
	}
	if err := cur.Err(); err != nil {
		return nil, err
	}
	if len(kids)-1 > n {
		return nil, binread.Errorf(kids[n+1].off, "Frame List has %d extensions for %d frames", len(kids)-1, n)
	}
	for i := 1; i < len(kids); i++ {
		f := &frames[i-1]
		if f.Ext, err = readExt(kids[i], "frame"); err != nil {
			return nil, err
		}
		if e := findExt(f.Ext, IDFrameName); e != nil {
			f.Name = string(e.Data)
		}
	}
	if cyclic(frames) {
		return nil, binread.Errorf(kids[0].off+rw.HeaderSize, "the frame parents form a cycle")
	}
	return frames, nil
}

// cyclic reports a parent chain that never reaches a root.
func cyclic(frames []Frame) bool {
	for i := range frames {
		p, steps := int32(i), 0
		for p >= 0 {
			p = frames[p].Parent
			if steps++; steps > len(frames) {
				return true
			}
		}
	}
	return false
}
