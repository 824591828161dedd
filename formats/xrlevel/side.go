package xrlevel

import (
	"os"
	"path/filepath"

	"rummage/formats"
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
// names it (Level.Missing).
func (lv *Level) loadSideFiles(sf SideFiles) {
	readSide := func(name string) ([]byte, string) {
		for _, p := range sf.candidates(name) {
			if _, err := os.Stat(p); err != nil {
				continue
			}
			b, err := formats.ReadSideFile(p, MaxFileSize)
			if err != nil {
				lv.diag("", -1, "%v: not read", err)
				return nil, ""
			}
			return b, p
		}
		return nil, ""
	}
	if lv.Version >= 10 && lv.VBs == nil {
		if lv.GeomFile = lv.loadGeom(readSide, "level.geom", ""); lv.GeomFile == "" {
			lv.missing("level.geom", "its vertex and index buffers", sf)
		}
	}
	if lv.Version >= 13 {
		// level.geomx: the fast-path (position-only) buffers of v13+,
		// decoded like level.geom into the Fast fields.
		vbs, ibs, swis := lv.VBs, lv.IBs, lv.SWIs
		lv.VBs, lv.IBs, lv.SWIs = nil, nil, nil
		lv.GeomxFile = lv.loadGeom(readSide, "level.geomx", GeomxPrefix)
		lv.FastVBs, lv.FastIBs, lv.FastSWIs = lv.VBs, lv.IBs, lv.SWIs
		lv.VBs, lv.IBs, lv.SWIs = vbs, ibs, swis
	}
	if lv.Version >= 10 && lv.CForm == nil {
		if b, p := readSide("level.cform"); b != nil {
			lv.loadCForm(b, p)
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

// loadCForm decodes a level.cform read from p.
func (lv *Level) loadCForm(b []byte, p string) {
	lv.CFormFile = p
	l := loc{name: "level.cform", path: lv.sidePath("", NameCForm), side: true}
	lv.CForm = lv.parseCForm(b, l)
	items := -1
	if lv.CForm != nil {
		items = len(lv.CForm.Tris)
	}
	lv.addSide(NameCForm, SidePart{File: p, Info: ChunkInfo{Chunk: xray.Chunk{Size: uint32(len(b)), Avail: int64(len(b))},
		Name: NameCForm, Unpacked: int64(len(b)), Items: items}, Data: b})
}

// GeomxPrefix starts the Side keys of the parts read from level.geomx.
const GeomxPrefix = "geomx "

// loadGeom decodes the VB, IB and SWI chunks of a level.geom-like file into
// lv.VBs, lv.IBs and lv.SWIs and records them in Side under prefix+role. It
// returns the file's path ("" when absent).
func (lv *Level) loadGeom(readSide func(string) ([]byte, string), file, prefix string) string {
	b, p := readSide(file)
	if b == nil {
		return ""
	}
	gl := xray.ScanN(b, 0, maxSubChunks)
	for _, d := range gl.Diags {
		lv.diag(lv.sidePath(prefix, ""), -1, "%s: %s", file, d)
	}
	roles := ChunkNames(lv.Version)
	if c9, ok := gl.Find(9); ok && c9.Avail >= 12 && !looksLikeDeclVB(b[c9.DataOff:c9.DataOff+c9.Avail]) {
		roles = map[uint32]string{9: NameIBs, 0xa: NameVBs, 0xb: NameSWIs}
	}
	for _, c := range gl.Chunks {
		name := roles[c.ID]
		if name != NameVBs && name != NameIBs && name != NameSWIs {
			continue
		}
		if first, _ := gl.Find(c.ID); first.Index != c.Index {
			continue
		}
		pb, err := xray.Payload(byteReader(b), 0, c)
		if err != nil {
			lv.diag(lv.sidePath(prefix, name), -1, "%s %s: %v", file, name, err)
			continue
		}
		l := loc{name: file + " " + name, path: lv.sidePath(prefix, name), side: true, stored: c.Avail}
		n := lv.decodeChunk(name, c.ID, pb, l)
		lv.addSide(prefix+name, SidePart{File: p, Info: ChunkInfo{Chunk: c, Name: name, Unpacked: int64(len(pb)), Items: n}, Data: pb})
	}
	return p
}

// SidePart is a part of the level read from a file beside it.
type SidePart struct {
	File string    // the file's path
	Info ChunkInfo // the chunk in that file (the whole file for level.cform)
	Data []byte    // its unpacked bytes
}

func (lv *Level) addSide(name string, p SidePart) {
	if lv.Side == nil {
		lv.Side = map[string]SidePart{}
	}
	lv.Side[name] = p
}
