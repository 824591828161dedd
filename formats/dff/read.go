package dff

import (
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// Parse reads a .dff from b, whose byte 0 sits at file offset base: the
// first clump and the sections around it. Chunks the engine would skip
// are skipped and noted in File.Diags, as are bytes after the last section
// that are not zero padding.
func Parse(b []byte, base int64) (*File, error) {
	f := &File{}
	p := &parser{}
	pos := 0
	for pos < len(b) {
		h, ok := rw.ParseHeader(b[pos:])
		if f.Clump != nil && (!ok || !rw.Plausible(h.Stamp) || int64(h.Size) > int64(len(b)-pos-rw.HeaderSize)) {
			// Bytes after the clump that are not a section: the padding of
			// the IMG sector the file was cut from (zeros, or old bytes).
			f.Trailer = b[pos:]
			p.diags = append(p.diags, rw.Trailer{Off: base + int64(pos), Len: len(f.Trailer), Zero: allZero(f.Trailer)}.Diagnostics()...)
			break
		}
		if !ok {
			return nil, binread.Errorf(base+int64(pos), "%d trailing bytes are not a chunk header", len(b)-pos)
		}
		if int64(h.Size) > int64(len(b)-pos-rw.HeaderSize) {
			return nil, truncated(h, base+int64(pos), len(b)-pos)
		}
		s := sub{Header: h, off: base + int64(pos), data: b[pos+rw.HeaderSize : pos+rw.HeaderSize+int(h.Size)]}
		pos += rw.HeaderSize + int(h.Size)
		switch {
		case h.Type == IDClump && f.Clump == nil:
			c, err := p.readClump(s)
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
	f.Diags = p.diags
	return f, nil
}

// truncated is the error of a top-level section at off whose size runs
// past the end of the file, left bytes after its offset: the file was cut
// short where it ends.
func truncated(h rw.Header, off int64, left int) error {
	end := off + int64(left)
	return binread.Errorf(end, "the file is truncated: it ends here, inside the %s that starts at 0x%X and needs %d more bytes",
		rw.TypeName(h.Type), off, int64(h.Size)+rw.HeaderSize-int64(left))
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

func (p *parser) readClump(s sub) (*Clump, error) {
	if err := checkClumpStruct(s); err != nil {
		return nil, err
	}
	kids, err := p.children(s, "Clump")
	if err != nil {
		return nil, err
	}
	c := &Clump{Stamp: s.Stamp, Off: s.off}
	if err := c.readStruct(kids[0], int64(len(s.data))); err != nil {
		return nil, err
	}
	i, ok := p.find(kids, 1, "in the Clump", IDFrameList)
	if !ok {
		return nil, binread.Errorf(s.off+rw.HeaderSize, "Clump has no Frame List after its struct")
	}
	c.FrameListStamp = kids[i].Stamp
	if c.Frames, err = p.readFrames(kids[i]); err != nil {
		return nil, err
	}
	i++
	if j, ok := p.find(kids, i, "in the Clump", IDGeometryList); ok {
		c.GeomListStamp = kids[j].Stamp
		if c.Geometries, err = p.readGeometryList(kids[j]); err != nil {
			return nil, err
		}
		i = j + 1
	}
	if i, err = p.readAtomics(c, kids, i); err != nil {
		return nil, err
	}
	for ; i < len(kids) && kids[i].Type != IDExtension; i++ {
		if t := kids[i].Type; t != IDStruct && t != IDLight && t != IDCamera {
			p.skip(kids[i:i+1], "in the Clump")
		}
		c.Extra = append(c.Extra, Chunk{Type: kids[i].Type, Stamp: kids[i].Stamp, Off: kids[i].off, Data: kids[i].data})
	}
	c.Ext, err = p.ext(kids, i, "Clump")
	return c, err
}

// checkClumpStruct names a clump locked against editing tools: its
// Struct's size field says something other than the 4 or 12 bytes it
// holds (real locked files carry 0x0100000C), yet the Frame List follows
// the 12 bytes the game reads whatever the field says, so the game loads
// the model while tools that trust the field stop.
func checkClumpStruct(s sub) error {
	st, ok := rw.ParseHeader(s.data)
	if !ok || st.Type != IDStruct || st.Size == 4 || st.Size == 12 {
		return nil
	}
	if fl, ok := rw.ParseHeader(s.data[min(len(s.data), 2*rw.HeaderSize):]); ok && fl.Type == IDFrameList {
		return binread.Unsupportedf(s.off+rw.HeaderSize+4, "protected DFF: the Clump struct's size field is 0x%X, not 12 (a lock against editing tools)", st.Size)
	}
	return nil
}

// readStruct reads the clump's struct (4 bytes before 3.3, else 12);
// size is the clump's payload, which bounds the atomic count.
func (c *Clump) readStruct(st sub, size int64) error {
	cur := st.cursor()
	c.NumAtomics = cur.U32()
	if len(st.data) >= 12 {
		c.NumLights, c.NumCameras = cur.U32(), cur.U32()
	} else {
		c.OldStruct = true
	}
	if err := cur.Err(); err != nil {
		return err
	}
	if len(st.data) != 4 && len(st.data) != 12 {
		return binread.Errorf(st.off+4, "Clump struct of %d bytes (4 or 12 expected)", len(st.data))
	}
	return binread.CheckCount(st.off+rw.HeaderSize, "atomic", int64(c.NumAtomics), 2*rw.HeaderSize+16, size)
}

// readAtomics reads the clump's atomics, searched from kids[i] on, and
// returns the index after the last.
func (p *parser) readAtomics(c *Clump, kids []sub, i int) (int, error) {
	for n := uint32(0); n < c.NumAtomics; n++ {
		j, ok := p.find(kids, i, "in the Clump", IDAtomic)
		if !ok {
			return i, binread.Errorf(kids[0].off+rw.HeaderSize, "Clump says %d atomics, %d follow", c.NumAtomics, n)
		}
		a, err := p.readAtomic(kids[j], len(c.Frames), len(c.Geometries))
		if err != nil {
			return i, err
		}
		c.Atomics = append(c.Atomics, a)
		i = j + 1
	}
	return i, nil
}

func (p *parser) readAtomic(s sub, frames, geoms int) (Atomic, error) {
	kids, err := p.children(s, "Atomic")
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
	a.Ext, err = p.ext(kids, 1, "Atomic")
	return a, err
}

func (p *parser) readFrames(s sub) ([]Frame, error) {
	kids, err := p.children(s, "Frame List")
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
	if err := p.frameExts(frames, kids); err != nil {
		return nil, err
	}
	if cyclic(frames) {
		return nil, binread.Errorf(kids[0].off+rw.HeaderSize, "the frame parents form a cycle")
	}
	return frames, nil
}

// frameExts reads one Extension per frame, in order, from kids[1:]; what
// follows the last frame's extension is skipped.
func (p *parser) frameExts(frames []Frame, kids []sub) error {
	k := 1
	for i := range frames {
		j, ok := p.find(kids, k, "in the Frame List", IDExtension)
		if !ok {
			break
		}
		f := &frames[i]
		var err error
		if f.Ext, err = readExt(kids[j], "frame"); err != nil {
			return err
		}
		if e := findExt(f.Ext, IDFrameName); e != nil {
			f.Name = string(e.Data)
		}
		k = j + 1
	}
	p.skip(kids[k:], "in the Frame List after its frames' extensions")
	return nil
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
