package xrlevel

import (
	"fmt"
	"os"
	"path/filepath"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/xray"
)

// SideFiles says where Parse looks for level.geom, level.geomx and
// level.cform: the level's folder, the folder of an explicit level.geom,
// and the usual gamedata/levels/NAME/ folder of the level's parents.
type SideFiles struct {
	Dir  string // the level's folder ("" for a level inside a container)
	Geom string // an explicit level.geom (--geom), "" for none
}

// maxSideUp is how many parent folders are searched for gamedata/levels.
const maxSideUp = 4

// candidates lists where a side file called name may be, in order.
func (sf SideFiles) candidates(name string) []string {
	var out []string
	if sf.Geom != "" {
		if name == "level.geom" {
			out = append(out, sf.Geom)
		}
		out = append(out, filepath.Join(filepath.Dir(sf.Geom), name))
	}
	if sf.Dir == "" {
		return out
	}
	out = append(out, filepath.Join(sf.Dir, name))
	level := filepath.Base(sf.Dir)
	for up, a := 0, filepath.Dir(sf.Dir); up < maxSideUp; up, a = up+1, filepath.Dir(a) {
		out = append(out, filepath.Join(a, "gamedata", "levels", level, name))
		if filepath.Dir(a) == a {
			break
		}
	}
	return out
}

// loadSideFiles reads level.geom and level.cform when the level does not
// hold its own buffers or collision mesh; a missing one is a finding that
// names it (Level.Missing). level.geom and level.geomx are read through an
// io.ReaderAt: chunk headers and buffer headers first, each buffer's data
// when it is drawn.
func (lv *Level) loadSideFiles(sf SideFiles) {
	find := func(name string) (*sideFile, string) {
		for _, p := range sf.candidates(name) {
			if _, err := os.Stat(p); err != nil {
				continue
			}
			st, err := formats.StatRegular(p)
			if err == nil && st.Size() > MaxFileSize {
				err = fmt.Errorf("%s is %d bytes, more than the %d a level file can be", p, st.Size(), int64(MaxFileSize))
			}
			if err != nil {
				lv.diag("", -1, "%v: not read", err)
				return nil, ""
			}
			return &sideFile{path: p, size: st.Size()}, p
		}
		return nil, ""
	}
	if lv.Version >= 10 && lv.VBs == nil {
		if lv.GeomFile = lv.loadGeom(find, "level.geom", ""); lv.GeomFile == "" {
			lv.missing("level.geom", "its vertex and index buffers", sf)
		}
	}
	if lv.Version >= 13 {
		// level.geomx: the fast-path (position-only) buffers of v13+,
		// decoded like level.geom into the Fast fields.
		vbs, ibs, swis := lv.VBs, lv.IBs, lv.SWIs
		lv.VBs, lv.IBs, lv.SWIs = nil, nil, nil
		lv.GeomxFile = lv.loadGeom(find, "level.geomx", GeomxPrefix)
		lv.FastVBs, lv.FastIBs, lv.FastSWIs = lv.VBs, lv.IBs, lv.SWIs
		lv.VBs, lv.IBs, lv.SWIs = vbs, ibs, swis
	}
	if lv.Version >= 10 && lv.CForm == nil {
		if f, p := find("level.cform"); f != nil {
			lv.loadCForm(f, p)
		} else {
			lv.missing("level.cform", "its collision mesh", sf)
		}
	}
}

// missing records that a side file holding what of the level was not found.
func (lv *Level) missing(name, what string, sf SideFiles) {
	lv.Missing = append(lv.Missing, name)
	where := "beside the level"
	if sf.Dir == "" && sf.Geom == "" {
		where = "(the level is inside a container)"
	}
	lv.diag("", -1, "%s is missing: %s are not shown (looked %s and in gamedata/levels/%s/ of its parents; --geom names it)",
		name, what, where, filepath.Base(sf.Dir))
}

// loadCForm decodes the level.cform f found at p: read whole (with one
// allocation of its size), parsed, and dropped; the collision mesh is read
// again when drawn.
func (lv *Level) loadCForm(f *sideFile, p string) {
	lv.CFormFile = p
	ref := lv.track(newPayload(func() ([]byte, error) { return formats.ReadRegular(p, MaxFileSize) }, f.size))
	b, err := ref.get()
	if err != nil {
		lv.diag("", -1, "%v: not read", err)
		return
	}
	l := loc{name: "level.cform", path: lv.sidePath("", NameCForm), side: true, buf: memBuf(b, ref)}
	lv.CForm = lv.parseCForm(b, l)
	lv.settle(ref)
	items := -1
	if lv.CForm != nil {
		_, items = lv.CForm.Counts()
	}
	lv.addSide(NameCForm, SidePart{File: p, Info: ChunkInfo{Chunk: xray.Chunk{Size: uint32(len(b)), Avail: int64(len(b))},
		Name: NameCForm, Unpacked: int64(len(b)), Items: items}, ref: ref})
}

// GeomxPrefix starts the Side keys of the parts read from level.geomx.
const GeomxPrefix = "geomx "

// loadGeom decodes the VB, IB and SWI chunks of a level.geom-like file into
// lv.VBs, lv.IBs and lv.SWIs and records them in Side under prefix+role. It
// returns the file's path ("" when absent). Only headers are read: a plain
// chunk's buffers stay in the file until drawn, a compressed one is
// unpacked to be walked and dropped.
func (lv *Level) loadGeom(find func(string) (*sideFile, string), file, prefix string) string {
	f, p := find(file)
	if f == nil {
		return ""
	}
	gl, err := xray.ScanAtN(f, 0, f.size, maxSubChunks)
	if err != nil {
		lv.diag(lv.sidePath(prefix, ""), -1, "%s: %v", file, err)
	}
	for _, d := range gl.Diags {
		lv.diag(lv.sidePath(prefix, ""), -1, "%s: %s", file, d)
	}
	roles := ChunkNames(lv.Version)
	if c9, ok := gl.Find(9); ok && c9.Avail >= 12 {
		if h, err := lv.partHead(f, c9); err == nil && !looksLikeDeclVB(h) {
			roles = map[uint32]string{9: NameIBs, 0xa: NameVBs, 0xb: NameSWIs}
		}
	}
	for _, c := range gl.Chunks {
		name := roles[c.ID]
		if name != NameVBs && name != NameIBs && name != NameSWIs {
			continue
		}
		if first, _ := gl.Find(c.ID); first.Index != c.Index {
			continue
		}
		lv.loadGeomPart(f, p, file, prefix, name, c)
	}
	return p
}

// partHead returns the first 12 bytes of chunk c of side file f.
func (lv *Level) partHead(f *sideFile, c xray.Chunk) ([]byte, error) {
	if !c.Compressed {
		return binread.ReadAt(f, 0, c.DataOff, 12, f.size)
	}
	b, err := xray.Payload(f, 0, c)
	return b[:min(len(b), 12)], err
}

// loadGeomPart decodes buffer chunk c (role name) of the side file f.
func (lv *Level) loadGeomPart(f *sideFile, p, file, prefix, name string, c xray.Chunk) {
	l := loc{name: file + " " + name, path: lv.sidePath(prefix, name), side: true, stored: c.Avail}
	ref := lv.track(chunkPayload(f, 0, c))
	unpacked := c.Avail
	if c.Compressed {
		b, err := ref.get()
		if err != nil {
			lv.diag(lv.sidePath(prefix, name), -1, "%s %s: %v", file, name, err)
			return
		}
		l.buf, unpacked = memBuf(b, ref), int64(len(b))
	} else {
		if c.Truncated() {
			lv.diag(lv.sidePath(prefix, name), -1, "%s %s: chunk 0x%X is truncated: %d of %d bytes", file, name, c.ID, c.Avail, c.Size)
		}
		l.buf = lv.fileBuf(f, 0, f.size, c)
	}
	n := lv.decodeChunk(name, c.ID, nil, l)
	lv.settle(ref)
	lv.addSide(prefix+name, SidePart{File: p, Info: ChunkInfo{Chunk: c, Name: name, Unpacked: unpacked, Items: n}, ref: ref})
}

// SidePart is a part of the level read from a file beside it.
type SidePart struct {
	File string    // the file's path
	Info ChunkInfo // the chunk in that file (the whole file for level.cform)
	ref  *payloadRef
}

// Bytes returns the part's unpacked bytes, read again from its file.
func (sp SidePart) Bytes() ([]byte, error) { return sp.ref.get() }

func (lv *Level) addSide(name string, p SidePart) {
	if lv.Side == nil {
		lv.Side = map[string]SidePart{}
	}
	lv.Side[name] = p
}
