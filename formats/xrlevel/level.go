package xrlevel

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/xray"
)

// Level is a decoded X-Ray level file (and, for versions 10 and later, the
// level.geom / level.cform files found beside it).
type Level struct {
	Version     int    // xrLC version (u16; the whole u32 in v4)
	Quality     int    // u16 after the version (v5+; 0 draft, 1 high, 2 custom)
	Description string // the 124-byte name field (up to v10)
	HasName     bool

	List   *xray.List  // the file's top-level chunks
	Chunks []ChunkInfo // the same with names and unpacked sizes
	Roles  map[uint32]string

	Textures  []string // v4/v5: the TEXTURES list
	Shaders   []string // v4/v5: shaders; v8+: the one string list
	Visuals   []*Visual
	VBs       []*VertexBuffer
	IBs       []IndexBuffer
	SWIs      [][]SWI
	CForm     *CForm
	Portals   []Portal
	Lights    []Light
	LightKeys []Flight
	Glows     []Glow
	Sectors   []*Sector

	// Unpacked holds each decoded top-level chunk payload by id.
	Unpacked map[uint32][]byte

	// Side holds the parts read from level.geom / level.cform, by role
	// name: the chunk (offsets in that file) and its unpacked bytes.
	Side map[string]SidePart

	// FastVBs, FastIBs and FastSWIs are the level.geomx buffers (v13+),
	// which OGF v4 FASTPATH chunks refer to.
	FastVBs  []*VertexBuffer
	FastIBs  []IndexBuffer
	FastSWIs [][]SWI

	GeomFile  string // level.geom used for the buffers ("" when none)
	GeomxFile string // level.geomx used for the fast-path buffers
	CFormFile string // level.cform used for the collision mesh

	Diags []formats.Diagnostic

	dataBytes  int64 // decoded bytes of all parts (caps derived meshes)
	nestedLeft int64 // bytes compressed chunks inside chunks may still unpack to

	statsOnce sync.Once
	stats     *Stats
}

// ChunkInfo is one top-level chunk with its role name and unpacked size.
type ChunkInfo struct {
	xray.Chunk
	Name     string
	Unpacked int64 // decompressed size (the declared u32 for compressed chunks), the size otherwise
	Items    int   // records in the chunk (-1 when not a list)
	Err      error // decoding error of the chunk, if any
}

// loc converts offsets inside a chunk's (possibly decompressed) payload to
// diagnostics: absolute offsets for stored bytes, the chunk's header offset
// plus an "unpacked +N" note for decompressed ones.
type loc struct {
	name       string
	chunkOff   int64
	dataOff    int64
	compressed bool
	side       bool  // in a file beside the level: no offset in the level file
	stored     int64 // bytes of the chunk as stored (caps its item count)
}

// itemCap is the most items a list chunk of stored bytes may make: far
// above real levels (a visual or sector costs dozens of stored bytes), far
// below what empty chunk headers inside a compressed chunk could claim.
func (l loc) itemCap(limit int) int {
	return int(min(int64(limit), 4096+l.stored/8))
}

// capItems cuts a declared item count to the chunk's item cap, with a
// finding.
func (lv *Level) capItems(l loc, n int, what string) int {
	if c := l.itemCap(MaxItems); n > c {
		lv.diagAt(l, 0, "%d %ss declared; only the first %d are read (more than a %d-byte chunk can really hold)", n, what, c, l.stored)
		return c
	}
	return n
}

func (l loc) abs(rel int64) int64 {
	if l.side {
		return -1
	}
	if l.compressed {
		return l.chunkOff
	}
	return l.dataOff + rel
}

func (l loc) where(rel int64) string {
	if l.side {
		return fmt.Sprintf("%s (+0x%X)", l.name, rel)
	}
	if l.compressed {
		return fmt.Sprintf("%s (unpacked +0x%X)", l.name, rel)
	}
	return l.name
}

func (lv *Level) diag(off int64, format string, args ...any) {
	if len(lv.Diags) >= maxDiags {
		return
	}
	if len(lv.Diags) == maxDiags-1 {
		lv.Diags = append(lv.Diags, formats.Diagnostic{Off: -1, Msg: "too many findings; the rest are not listed"})
		return
	}
	lv.Diags = append(lv.Diags, formats.Diagnostic{Off: off, Msg: fmt.Sprintf(format, args...)})
}

func (lv *Level) diagAt(l loc, rel int64, format string, args ...any) {
	if len(lv.Diags) >= maxDiags {
		return // formatting costs more than the finding is worth now
	}
	lv.diag(l.abs(rel), "%s: %s", l.where(rel), fmt.Sprintf(format, args...))
}

const maxDiags = 500

// Chunk role names, which are also the child names of the level node.
const (
	NameHeader       = "header"
	NameTextures     = "textures"
	NameShaders      = "shaders"
	NameVisuals      = "visuals"
	NameVBs          = "vertex_buffers"
	NameIBs          = "index_buffers"
	NameSWIs         = "swis"
	NameCForm        = "cform"
	NamePortals      = "portals"
	NameLights       = "lights"
	NameLightKeys    = "light_keys"
	NameLightControl = "light_control"
	NameGlows        = "glows"
	NameSectors      = "sectors"
)

// ChunkNames returns the role of each chunk id for an xrLC version (§4 of
// the research notes).
func ChunkNames(version int) map[uint32]string {
	switch {
	case version <= 5:
		return map[uint32]string{1: NameHeader, 2: NameTextures, 3: NameShaders, 4: NameVisuals, 5: NameVBs, 6: NameCForm,
			7: NamePortals, 8: NameLights, 9: NameLightKeys, 0xa: NameGlows, 0xb: NameSectors}
	case version <= 8:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NameVBs, 5: NameCForm,
			6: NamePortals, 7: NameLights, 8: NameLightKeys, 9: NameGlows, 0xa: NameSectors}
	case version == 9:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NameVBs, 5: NameCForm,
			6: NamePortals, 7: NameLightControl, 8: NameLights, 9: NameGlows, 0xa: NameSectors, 0xb: NameIBs, 0xc: NameVBs}
	case version <= 12:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NamePortals, 5: NameLightControl,
			6: NameLights, 7: NameGlows, 8: NameSectors, 9: NameIBs, 0xa: NameVBs, 0xb: NameSWIs}
	default:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NamePortals, 6: NameLights,
			7: NameGlows, 8: NameSectors, 9: NameVBs, 0xa: NameIBs, 0xb: NameSWIs}
	}
}

// ChunkName returns the child name of a chunk id: its role, or chunk_0xNN.
func ChunkName(roles map[uint32]string, id uint32) string {
	if n, ok := roles[id]; ok {
		return n
	}
	return fmt.Sprintf("chunk_0x%02X", id)
}

// Header is the decoded header chunk.
type Header struct {
	Version, Quality int
	Description      string
	HasName          bool
}

// ParseHeader decodes a header chunk payload.
func ParseHeader(b []byte) (Header, error) {
	if len(b) < 4 {
		return Header{}, fmt.Errorf("header chunk is %d bytes, want at least 4", len(b))
	}
	h := Header{Version: int(binary.LittleEndian.Uint16(b)), Quality: int(binary.LittleEndian.Uint16(b[2:]))}
	if h.Version == 4 && h.Quality == 0 {
		h.Quality = -1 // v4 stores a u32 version: no quality field
	}
	if len(b) >= 128 {
		h.HasName = true
		h.Description = cstr(b[4:128])
	}
	return h, nil
}

// cstr returns the bytes before the first NUL as text (Windows-1251 bytes
// above 0x7F are kept as Latin-1 runes so nothing is lost).
func cstr(b []byte) string {
	for i, c := range b {
		if c == 0 {
			b = b[:i]
			break
		}
	}
	return latin1(b)
}

func latin1(b []byte) string {
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// Probe reports whether head (the first bytes of a file) looks like an
// X-Ray level (or level.geom): a header chunk 1 of 4 or 128 bytes holding
// an xrLC version from 4 to 14 and a plausible quality.
func Probe(head []byte, size int64) bool {
	if len(head) < 12 {
		return false
	}
	id := binary.LittleEndian.Uint32(head)
	sz := binary.LittleEndian.Uint32(head[4:])
	if id != 1 || (sz != 4 && sz != 128) || int64(sz)+8 > size {
		return false
	}
	ver := binary.LittleEndian.Uint16(head[8:])
	q := binary.LittleEndian.Uint16(head[10:])
	if ver < 4 || ver > 14 || ver == 6 || ver == 7 {
		return false
	}
	if ver == 4 {
		return q == 0 && sz == 128
	}
	return q <= 2
}

// MaxFileSize caps a level file read into memory.
const MaxFileSize = binread.MaxAlloc

// Parse decodes a whole level from r (size bytes; base is the absolute
// offset of r's byte 0). dir, when not empty, is the folder searched for
// level.geom and level.cform. Problems that leave the rest readable are
// recorded in Diags; only an unreadable header is an error.
func Parse(r io.ReaderAt, base, size int64, dir string) (*Level, error) {
	list, err := xray.ScanAt(r, base, size)
	if err != nil {
		return nil, err
	}
	lv := &Level{List: list, nestedLeft: nestedBase + nestedFactor*size}
	lv.Diags = append(lv.Diags, list.Diags...)
	hc, ok := list.Find(1)
	if !ok || len(list.Chunks) == 0 || list.Chunks[0].ID != 1 {
		return nil, binread.Errorf(base, "not an X-Ray level: the first chunk is not the header (chunk 1)")
	}
	hb, err := xray.Payload(r, base, hc)
	if err != nil {
		return nil, err
	}
	h, err := ParseHeader(hb)
	if err != nil {
		return nil, binread.Errorf(hc.DataOff, "%v", err)
	}
	lv.Version, lv.Quality, lv.Description, lv.HasName = h.Version, h.Quality, h.Description, h.HasName
	if h.Version < 4 || h.Version > 14 {
		return nil, binread.Unsupportedf(hc.DataOff, "xrLC version %d (Rummage reads 4, 5 and 8–14)", h.Version)
	}
	if h.Version == 4 && h.Quality > 0 {
		lv.diag(hc.DataOff, "header: version 4 is a u32, but it reads 0x%X (u16 version 4, u16 quality %d)", uint32(h.Version)|uint32(h.Quality)<<16, h.Quality)
	}
	if h.Version == 6 || h.Version == 7 {
		lv.diag(hc.DataOff, "xrLC version %d is not a known release version; reading it like version 8", h.Version)
	}
	lv.Roles = ChunkNames(h.Version)

	// v13: VB and IB ids swapped in the first builds; detect by content.
	payloads := map[uint32][]byte{}
	get := func(c xray.Chunk) ([]byte, error) {
		if b, ok := payloads[c.ID]; ok {
			return b, nil
		}
		b, err := xray.Payload(r, base, c)
		if err == nil {
			payloads[c.ID] = b
		}
		return b, err
	}
	seen := map[uint32]bool{}
	for _, c := range list.Chunks {
		ci := ChunkInfo{Chunk: c, Name: ChunkName(lv.Roles, c.ID), Unpacked: int64(c.Size), Items: -1}
		if c.Compressed && c.Avail >= 4 {
			var p [4]byte
			if _, err := r.ReadAt(p[:], c.DataOff-base); err == nil {
				ci.Unpacked = int64(binary.LittleEndian.Uint32(p[:]))
			}
		}
		if seen[c.ID] {
			lv.diag(c.Off, "chunk 0x%X appears again; the engine uses the first one", c.ID)
		}
		seen[c.ID] = true
		lv.Chunks = append(lv.Chunks, ci)
	}
	lv.fixVBIBRoles(r, base, get)
	lv.Unpacked = payloads

	for i := range lv.Chunks {
		ci := &lv.Chunks[i]
		if first, _ := list.Find(ci.ID); first.Index != ci.Index {
			continue
		}
		if ci.Name == NameHeader {
			continue
		}
		if _, known := lv.Roles[ci.ID]; !known {
			continue // unknown chunks are shown raw: nothing to unpack
		}
		b, err := get(ci.Chunk)
		if err != nil {
			ci.Err = err
			lv.diag(formats.ErrorOffset(err), "%s: %v", ci.Name, err)
			if b == nil {
				continue
			}
		}
		l := loc{name: ci.Name, chunkOff: ci.Off, dataOff: ci.DataOff, compressed: ci.Compressed, stored: ci.Avail}
		ci.Items = lv.decodeChunk(ci.Name, ci.ID, b, l)
	}

	// Side files: level.geom (VB, IB, SWIs) and level.cform.
	if dir != "" && lv.Visuals != nil {
		lv.loadSideFiles(dir)
	}
	lv.dataBytes = size
	for _, b := range payloads {
		lv.dataBytes += int64(len(b))
	}
	for _, sp := range lv.Side {
		lv.dataBytes += int64(len(sp.Data))
	}
	lv.validate()
	return lv, nil
}

// Caps on list lengths (far above real levels), so that a small file of
// empty chunk headers cannot make millions of records.
const (
	MaxVisuals   = 1 << 18
	MaxSectors   = 1 << 16
	MaxItems     = 1 << 20 // strings, vertex and index buffers, SWIs
	maxSubChunks = 512     // per visual, per sector, in level.geom
)

// Compressed chunks inside (possibly compressed) chunks may unpack to at
// most nestedBase + nestedFactor × the file size in all: otherwise copies of
// one small, highly compressible chunk inside a compressed list would
// multiply the two expansion ratios.
const (
	nestedBase   = 16 << 20
	nestedFactor = 4
)

// decodeNested decompresses a chunk found inside another chunk, within the
// level's remaining nested budget.
func (lv *Level) decodeNested(p []byte) ([]byte, error) {
	n, ok := xray.UnpackedSize(p)
	if ok && int64(n) > lv.nestedLeft {
		return nil, fmt.Errorf("declared size %d exceeds what nested chunks may still unpack to (%d bytes)", n, lv.nestedLeft)
	}
	out, err := xray.Decode(p, xray.MaxUnpacked)
	lv.nestedLeft -= int64(len(out))
	return out, err
}

// fixVBIBRoles swaps the names of chunks 9 and 0xa for version 13 files
// whose chunk 9 does not start like a vertex-buffer list.
func (lv *Level) fixVBIBRoles(r io.ReaderAt, base int64, get func(xray.Chunk) ([]byte, error)) {
	if lv.Version < 13 {
		return
	}
	c9, ok9 := lv.List.Find(9)
	ca, oka := lv.List.Find(0xa)
	if !ok9 || !oka {
		return
	}
	b9, err := get(c9)
	if err != nil || looksLikeDeclVB(b9) {
		return
	}
	if ba, err := get(ca); err == nil && looksLikeDeclVB(ba) {
		lv.Roles = map[uint32]string{}
		for k, v := range ChunkNames(lv.Version) {
			lv.Roles[k] = v
		}
		lv.Roles[9], lv.Roles[0xa] = NameIBs, NameVBs
		for i := range lv.Chunks {
			lv.Chunks[i].Name = ChunkName(lv.Roles, lv.Chunks[i].ID)
		}
		lv.diag(c9.Off, "chunks 9 and 0xA hold index and vertex buffers in the early version 13 order")
	}
}

// looksLikeDeclVB reports whether b starts like a D3D9 vertex-buffer list:
// a count, then an element {stream 0, offset 0, FLOAT3, POSITION}.
func looksLikeDeclVB(b []byte) bool {
	return len(b) >= 12 && binary.LittleEndian.Uint32(b[4:]) == 0 && b[8] == TypeFloat3 && b[10] == 0
}

// decodeChunk decodes one chunk by role and returns its item count (-1
// when it is not a list).
func (lv *Level) decodeChunk(name string, id uint32, b []byte, l loc) int {
	switch name {
	case NameTextures:
		lv.Textures = lv.parseStrings(b, l)
		return len(lv.Textures)
	case NameShaders:
		lv.Shaders = lv.parseStrings(b, l)
		return len(lv.Shaders)
	case NameVisuals:
		lv.Visuals = lv.parseVisuals(b, l)
		return len(lv.Visuals)
	case NameVBs:
		decl := lv.Version >= 10 || (lv.Version == 9 && id == 0xc)
		vbs := lv.parseVBs(b, l, decl)
		if lv.VBs == nil {
			lv.VBs = vbs
		}
		return len(vbs)
	case NameIBs:
		lv.IBs = lv.parseIBs(b, l)
		return len(lv.IBs)
	case NameSWIs:
		lv.SWIs = lv.parseSWIs(b, l)
		return len(lv.SWIs)
	case NameCForm:
		lv.CForm = lv.parseCForm(b, l)
		if lv.CForm == nil {
			return -1
		}
		return len(lv.CForm.Tris)
	case NamePortals:
		lv.Portals = lv.parsePortals(b, l)
		return len(lv.Portals)
	case NameLights:
		lv.Lights = lv.parseLights(b, l)
		return len(lv.Lights)
	case NameLightKeys:
		lv.LightKeys = lv.parseLightKeys(b, l)
		return len(lv.LightKeys)
	case NameGlows:
		lv.Glows = lv.parseGlows(b, l)
		return len(lv.Glows)
	case NameSectors:
		lv.Sectors = lv.parseSectors(b, l)
		return len(lv.Sectors)
	}
	return -1
}

// loadSideFiles reads level.geom and level.cform beside the level when the
// level does not hold its own buffers or collision mesh.
func (lv *Level) loadSideFiles(dir string) {
	readSide := func(name string) ([]byte, string) {
		p := filepath.Join(dir, name)
		st, err := os.Stat(p)
		if err != nil || st.IsDir() {
			return nil, ""
		}
		if st.Size() > MaxFileSize {
			lv.diag(-1, "%s is larger than %d bytes: not read", p, int64(MaxFileSize))
			return nil, ""
		}
		b, err := os.ReadFile(p)
		if err != nil {
			lv.diag(-1, "%s: %v", p, err)
			return nil, ""
		}
		return b, p
	}
	if lv.Version >= 10 && lv.VBs == nil {
		lv.GeomFile = lv.loadGeom(readSide, "level.geom", "")
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
			lv.CFormFile = p
			l := loc{name: "level.cform", side: true}
			lv.CForm = lv.parseCForm(b, l)
			items := -1
			if lv.CForm != nil {
				items = len(lv.CForm.Tris)
			}
			lv.addSide(NameCForm, SidePart{File: p, Info: ChunkInfo{Chunk: xray.Chunk{Size: uint32(len(b)), Avail: int64(len(b))},
				Name: NameCForm, Unpacked: int64(len(b)), Items: items}, Data: b})
		}
	}
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
		lv.diag(-1, "%s: offset 0x%X: %s", file, d.Off, d.Msg)
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
			lv.diag(-1, "%s %s: %v", file, name, err)
			continue
		}
		l := loc{name: file + " " + name, side: true, stored: c.Avail}
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

type byteReader []byte

func (b byteReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= int64(len(b)) {
		return 0, io.EOF
	}
	n := copy(p, b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// MaxStrings caps a string list.
const MaxStrings = 1 << 20

func (lv *Level) parseStrings(b []byte, l loc) []string {
	c := binread.NewCursor(b, 0)
	n := c.Count("string", 1)
	if c.Err() != nil {
		lv.diagAt(l, 0, "%v", c.Err())
		return nil
	}
	n = lv.capItems(l, n, "string")
	out := make([]string, 0, min(n, MaxStrings))
	pos := 4
	for i := 0; i < n; i++ {
		end := pos
		for end < len(b) && b[end] != 0 {
			end++
		}
		if end >= len(b) {
			lv.diagAt(l, int64(pos), "string %d of %d is not terminated: list cut short", i, n)
			break
		}
		out = append(out, latin1(b[pos:end]))
		pos = end + 1
	}
	if pos < len(b) && len(out) == n {
		lv.diagAt(l, int64(pos), "%d bytes after the %d strings", len(b)-pos, n)
	}
	return out
}

// VertexBuffer is one vertex buffer.
type VertexBuffer struct {
	Index  int
	Rel    int64 // offset in the (unpacked) chunk
	Format VertexFormat
	Count  int
	Data   []byte // Count × Format.Stride bytes
	Src    string // "level" or the level.geom path
}

// Position returns vertex i's position.
func (vb *VertexBuffer) Position(i int) geom.Vec3 { return vb.Format.position(vb.Data, i) }

// Vertex returns vertex i's bytes.
func (vb *VertexBuffer) Vertex(i int) []byte {
	s := vb.Format.Stride
	if i < 0 || i >= vb.Count || s == 0 {
		return nil
	}
	return vb.Data[i*s : (i+1)*s]
}

func (lv *Level) parseVBs(b []byte, l loc, decl bool) []*VertexBuffer {
	c := binread.NewCursor(b, 0)
	n := c.Count("vertex buffer", 8)
	if c.Err() != nil {
		lv.diagAt(l, 0, "%v", c.Err())
		return nil
	}
	n = lv.capItems(l, n, "vertex buffer")
	var out []*VertexBuffer
	for i := 0; i < n; i++ {
		rel := int64(c.Pos())
		vb := &VertexBuffer{Index: i, Rel: rel}
		if decl {
			f, used, err := ParseDecl(b[c.Pos():])
			if err != nil {
				lv.diagAt(l, rel, "vertex buffer %d: %v; the remaining buffers are not read", i, err)
				return out
			}
			c.Skip(used)
			vb.Format = f
		} else {
			fvf := c.U32()
			f, err := ParseFVF(fvf)
			if err != nil {
				lv.diagAt(l, rel, "vertex buffer %d: %v; the remaining buffers are not read", i, err)
				return out
			}
			vb.Format = f
		}
		if vb.Format.Stride == 0 || vb.Format.posAttr() == nil {
			lv.diagAt(l, rel, "vertex buffer %d: layout without a float position (%s)", i, vb.Format.String())
		}
		cnt := c.Count("vertex", max(vb.Format.Stride, 1))
		if c.Err() != nil {
			lv.diagAt(l, int64(c.Pos()), "vertex buffer %d: %v; the remaining buffers are not read", i, c.Err())
			return out
		}
		vb.Count = cnt
		vb.Data = c.Take(cnt * vb.Format.Stride)
		out = append(out, vb)
	}
	if c.Len() > 0 {
		lv.diagAt(l, int64(c.Pos()), "%d bytes after the %d vertex buffers (the chunk should be exhausted)", c.Len(), n)
	}
	return out
}

// IndexBuffer is one index buffer (v9+).
type IndexBuffer struct {
	Rel     int64
	Indices []uint16
}

func readU16s(b []byte) []uint16 {
	out := make([]uint16, len(b)/2)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out
}

func (lv *Level) parseIBs(b []byte, l loc) []IndexBuffer {
	c := binread.NewCursor(b, 0)
	n := lv.capItems(l, c.Count("index buffer", 4), "index buffer")
	var out []IndexBuffer
	for i := 0; i < n && c.Err() == nil; i++ {
		rel := int64(c.Pos())
		k := c.Count("index", 2)
		if c.Err() != nil {
			break
		}
		out = append(out, IndexBuffer{Rel: rel, Indices: readU16s(c.Take(2 * k))})
	}
	if c.Err() != nil {
		lv.diagAt(l, int64(c.Pos()), "index buffers: %v", c.Err())
	}
	return out
}

// SWI is one sliding-window level of detail: a run of the index buffer.
type SWI struct {
	Offset   uint32 `json:"offset"`
	NumTris  uint16 `json:"triangles"`
	NumVerts uint16 `json:"vertices"`
}

func parseSWIList(c *binread.Cursor) []SWI {
	c.Skip(16)
	n := c.Count("sliding window", 8)
	out := make([]SWI, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, SWI{c.U32(), c.U16(), c.U16()})
	}
	return out
}

func (lv *Level) parseSWIs(b []byte, l loc) [][]SWI {
	c := binread.NewCursor(b, 0)
	n := lv.capItems(l, c.Count("SWI", 20), "SWI")
	var out [][]SWI
	for i := 0; i < n && c.Err() == nil; i++ {
		s := parseSWIList(c)
		if c.Err() == nil {
			out = append(out, s)
		}
	}
	if c.Err() != nil {
		lv.diagAt(l, int64(c.Pos()), "SWIs: %v", c.Err())
	}
	return out
}

// CForm is the collision mesh.
type CForm struct {
	Version int
	BBox    [2]geom.Vec3
	Verts   []geom.Vec3
	Tris    []CFTri
	TriSize int // 32 (v2/v3) or 16 (v4)
}

// CFTri is one collision triangle. v2/v3 (32 bytes): vertex indices,
// adjacency, u16 material, u16 sector, u32 dummy. v4 (16 bytes): vertex
// indices and a u32 of bits (material 0–13, suppress shadows 14, suppress
// wallmarks 15, sector 16–31).
type CFTri struct {
	V        [3]uint32
	Adj      [3]uint32 // 0xFFFFFFFF = open edge (v2/v3 only)
	Material uint16
	Sector   uint16
	Dummy    uint32 // v2/v3: the last u32 (BXR reads it as the material)
	Bits     uint32 // v4: the raw bits
	NoShadow bool   // v4 bit 14
	NoMarks  bool   // v4 bit 15
}

func vec3(c *binread.Cursor) geom.Vec3 { return geom.Vec3{c.F32(), c.F32(), c.F32()} }

func (lv *Level) parseCForm(b []byte, l loc) *CForm {
	c := binread.NewCursor(b, 0)
	cf := &CForm{Version: int(c.U32())}
	nv := int64(c.U32())
	nf := int64(c.U32())
	cf.BBox[0], cf.BBox[1] = vec3(c), vec3(c)
	if c.Err() != nil {
		lv.diagAt(l, 0, "CFORM header: %v", c.Err())
		return nil
	}
	rest := int64(c.Len())
	if nv > rest/12 {
		lv.diagAt(l, 4, "CFORM declares %d vertices; only %d bytes remain", nv, rest)
		return cf
	}
	switch cf.Version {
	case 2, 3:
		cf.TriSize = 32
	case 4:
		cf.TriSize = 16
	default:
		if nf > 0 && (rest-12*nv)%nf == 0 && ((rest-12*nv)/nf == 16 || (rest-12*nv)/nf == 32) {
			cf.TriSize = int((rest - 12*nv) / nf)
		} else {
			lv.diagAt(l, 0, "unknown CFORM version %d", cf.Version)
			return cf
		}
		lv.diagAt(l, 0, "unknown CFORM version %d: reading %d-byte triangles", cf.Version, cf.TriSize)
	}
	if want := 36 + 12*nv + int64(cf.TriSize)*nf; want != int64(len(b)) {
		lv.diagAt(l, 0, "CFORM is %d bytes; version %d with %d vertices and %d triangles needs %d", len(b), cf.Version, nv, nf, want)
	}
	cf.Verts = make([]geom.Vec3, nv)
	for i := range cf.Verts {
		cf.Verts[i] = vec3(c)
	}
	if nf > int64(c.Len())/int64(cf.TriSize) {
		lv.diagAt(l, 8, "CFORM declares %d triangles; only %d fit", nf, c.Len()/cf.TriSize)
		nf = int64(c.Len() / cf.TriSize)
	}
	cf.Tris = make([]CFTri, nf)
	bad := 0
	for i := range cf.Tris {
		t := &cf.Tris[i]
		t.V = [3]uint32{c.U32(), c.U32(), c.U32()}
		if cf.TriSize == 32 {
			t.Adj = [3]uint32{c.U32(), c.U32(), c.U32()}
			t.Material = c.U16()
			t.Sector = c.U16()
			t.Dummy = c.U32()
		} else {
			t.Bits = c.U32()
			t.Material = uint16(t.Bits & 0x3FFF)
			t.NoShadow = t.Bits&(1<<14) != 0
			t.NoMarks = t.Bits&(1<<15) != 0
			t.Sector = uint16(t.Bits >> 16)
		}
		if t.V[0] >= uint32(nv) || t.V[1] >= uint32(nv) || t.V[2] >= uint32(nv) {
			if bad < 5 {
				lv.diagAt(l, 36+12*nv+int64(i*cf.TriSize), "CFORM triangle %d has vertex indices %v, vertex count %d", i, t.V, nv)
			}
			bad++
		}
		for _, a := range t.Adj {
			if cf.TriSize == 32 && a != 0xFFFFFFFF && a >= uint32(nf) && bad < 5 {
				lv.diagAt(l, 36+12*nv+int64(i*cf.TriSize), "CFORM triangle %d has neighbour %d, triangle count %d", i, a, nf)
				bad++
			}
		}
	}
	if bad > 5 {
		lv.diagAt(l, 36+12*nv, "%d CFORM triangles with indices out of range in all", bad)
	}
	return cf
}

// Portal joins two sectors.
type Portal struct {
	Front, Back uint16
	Count       uint32 // vertices used (≤ 6)
	Verts       [6]geom.Vec3
}

// Used returns the vertices in use (at most 6).
func (p *Portal) Used() []geom.Vec3 { return p.Verts[:min(int(p.Count), 6)] }

// wholeRecords returns how many size-byte records chunk b holds, with a
// finding (naming the chunk by what) when a partial record is left over.
func (lv *Level) wholeRecords(b []byte, l loc, size int, what string) int {
	if len(b)%size != 0 {
		lv.diagAt(l, int64(len(b)-len(b)%size), "%s chunk is %d bytes, not a multiple of %d", what, len(b), size)
	}
	return len(b) / size
}

func (lv *Level) parsePortals(b []byte, l loc) []Portal {
	c := binread.NewCursor(b, 0)
	out := make([]Portal, lv.wholeRecords(b, l, 80, "portal"))
	for i := range out {
		p := &out[i]
		p.Front, p.Back = c.U16(), c.U16()
		if lv.Version <= 5 {
			p.Count = c.U32()
		}
		for k := range p.Verts {
			p.Verts[k] = vec3(c)
		}
		if lv.Version > 5 {
			p.Count = c.U32()
		}
	}
	return out
}

// Flight is the D3D light structure (104 bytes).
type Flight struct {
	Type                                     uint32
	Diffuse, Specular, Ambient               [4]float32
	Position, Direction                      geom.Vec3
	Range, Falloff                           float32
	Attenuation0, Attenuation1, Attenuation2 float32
	Theta, Phi                               float32
}

func readFlight(c *binread.Cursor) Flight {
	var f Flight
	f.Type = c.U32()
	for _, v := range []*[4]float32{&f.Diffuse, &f.Specular, &f.Ambient} {
		for k := range v {
			v[k] = c.F32()
		}
	}
	f.Position, f.Direction = vec3(c), vec3(c)
	f.Range, f.Falloff = c.F32(), c.F32()
	f.Attenuation0, f.Attenuation1, f.Attenuation2 = c.F32(), c.F32(), c.F32()
	f.Theta, f.Phi = c.F32(), c.F32()
	return f
}

// Light flags of v4/v5 (xrLIGHT).
const (
	LightLMaps      = 0x8000
	LightModels     = 0x4000
	LightProcedural = 0x2000
)

// Light is one static light.
type Light struct {
	Flight
	Frame      uint32 // v4/v5: runtime junk
	Flags      uint32 // v4/v5: u16 xrLIGHT flags; v8: affect bits
	PTime      float32
	PSpeed     float32
	KeyStart   uint16
	KeyCount   uint16
	Controller int32  // v9+ (0 hemi, 1 sun, 2 static), -1 before
	Name       string // v8
}

// LightSize returns the record size of the lights chunk for a version.
func LightSize(version int) int {
	switch {
	case version <= 5:
		return 124
	case version <= 8:
		return 176
	default:
		return 108
	}
}

func (lv *Level) parseLights(b []byte, l loc) []Light {
	size := LightSize(lv.Version)
	c := binread.NewCursor(b, 0)
	out := make([]Light, lv.wholeRecords(b, l, size, "light"))
	for i := range out {
		li := &out[i]
		li.Controller = -1
		switch {
		case lv.Version <= 5:
			li.Flight = readFlight(c)
			li.Frame = c.U32()
			li.Flags = uint32(c.U16())
			c.Skip(2)
			li.PTime, li.PSpeed = c.F32(), c.F32()
			li.KeyStart, li.KeyCount = c.U16(), c.U16()
		case lv.Version <= 8:
			li.Flight = readFlight(c)
			li.Frame = c.U32()
			li.Flags = c.U32()
			li.Name = cstr(c.Take(64))
		default:
			li.Controller = c.I32()
			li.Flight = readFlight(c)
		}
		if li.Type < 1 || li.Type > 3 {
			lv.diagAt(l, int64(i*size), "light %d has type %d (1 point, 2 spot, 3 directional)", i, li.Type)
		}
	}
	return out
}

func (lv *Level) parseLightKeys(b []byte, l loc) []Flight {
	c := binread.NewCursor(b, 0)
	out := make([]Flight, lv.wholeRecords(b, l, 104, "light key"))
	for i := range out {
		out[i] = readFlight(c)
	}
	return out
}

// Glow is a light corona.
type Glow struct {
	Position geom.Vec3
	Radius   float32
	Texture  int32 // v4–v11 (-1 after)
	Shader   int32
}

// GlowSize returns the glow record size for a version.
func GlowSize(version int) int {
	if version >= 12 {
		return 18
	}
	return 24
}

func (lv *Level) parseGlows(b []byte, l loc) []Glow {
	size := GlowSize(lv.Version)
	c := binread.NewCursor(b, 0)
	out := make([]Glow, lv.wholeRecords(b, l, size, "glow"))
	for i := range out {
		g := &out[i]
		g.Position, g.Radius = vec3(c), c.F32()
		if size == 24 {
			g.Texture, g.Shader = int32(c.U32()), int32(c.U32())
		} else {
			g.Texture, g.Shader = -1, int32(c.U16())
		}
	}
	return out
}

// Occluder is a sector's occluder polygon (sub-chunk 3, 76 bytes).
type Occluder struct {
	Sector uint16
	Count  uint16
	Verts  [6]geom.Vec3
}

// Sector is one sector of the level.
type Sector struct {
	Index     int
	ID        uint32       // the chunk id (normally = Index)
	Rel       int64        // offset of its chunk header in the unpacked sectors chunk
	Size      int64        // its payload bytes as stored
	Chunks    []xray.Chunk // raw sub-chunks (offsets relative to the unpacked sectors chunk)
	Portals   []uint16
	Root      int // visual index, -1 when missing
	Occluders []Occluder
	Glows     []uint16
	Lights    []uint16
}

func (lv *Level) parseSectors(b []byte, l loc) []*Sector {
	list := xray.ScanN(b, 0, l.itemCap(MaxSectors))
	for _, d := range list.Diags {
		lv.diagAt(l, d.Off, "sector list: %s", d.Msg)
	}
	var out []*Sector
	for i, ch := range list.Chunks {
		s := &Sector{Index: i, ID: ch.ID, Rel: ch.Off, Size: ch.Avail, Root: -1}
		if ch.ID != uint32(i) {
			lv.diagAt(l, ch.Off, "sector %d has chunk id %d (ids should count up from 0)", i, ch.ID)
		}
		body := b[ch.DataOff : ch.DataOff+ch.Avail]
		if ch.Compressed {
			var err error
			body, err = lv.decodeNested(body)
			if err != nil {
				lv.diagAt(l, ch.Off, "sector %d: %v", i, err)
				out = append(out, s)
				continue
			}
		}
		sub := xray.ScanN(body, 0, maxSubChunks)
		s.Chunks = sub.Chunks
		for _, d := range sub.Diags {
			lv.diagAt(l, ch.DataOff+d.Off, "sector %d: %s", i, d.Msg)
		}
		for _, sc := range sub.Chunks {
			p := body[sc.DataOff : sc.DataOff+sc.Avail]
			rel := ch.DataOff + sc.DataOff
			switch sc.ID {
			case 1, 4, 5:
				if len(p)%2 != 0 {
					lv.diagAt(l, rel, "sector %d sub-chunk %d is %d bytes (odd)", i, sc.ID, len(p))
				}
				u := readU16s(p)
				switch sc.ID {
				case 1:
					s.Portals = u
				case 4:
					s.Glows = u
				case 5:
					s.Lights = u
				}
			case 2:
				if len(p) != 4 {
					lv.diagAt(l, rel, "sector %d root sub-chunk is %d bytes, want 4", i, len(p))
				}
				if len(p) >= 4 {
					s.Root = int(binary.LittleEndian.Uint32(p))
				}
			case 3:
				if len(p)%76 != 0 {
					lv.diagAt(l, rel, "sector %d occluder sub-chunk is %d bytes, not a multiple of 76", i, len(p))
				}
				c := binread.NewCursor(p, 0)
				for k := 0; k < len(p)/76; k++ {
					o := Occluder{Sector: c.U16(), Count: c.U16()}
					for j := range o.Verts {
						o.Verts[j] = vec3(c)
					}
					s.Occluders = append(s.Occluders, o)
				}
			default:
				lv.diagAt(l, rel, "sector %d has unknown sub-chunk 0x%X (%d bytes)", i, sc.ID, len(p))
			}
		}
		out = append(out, s)
	}
	return out
}

// chunkLoc returns the location of the first top-level chunk with a role
// name; parts read from a side file (or missing) get offset -1.
func (lv *Level) chunkLoc(name string) loc {
	for _, c := range lv.Chunks {
		if c.Name == name {
			return loc{name: name, chunkOff: c.Off, dataOff: c.DataOff, compressed: c.Compressed}
		}
	}
	if name == NameCForm && lv.CFormFile != "" {
		return loc{name: "level.cform", side: true}
	}
	return loc{name: name, side: true}
}

// validate runs the §2.11 checklist (and its equivalents for later
// versions). Each finding carries the offset of the record it concerns: the
// absolute offset in a stored chunk, the chunk's header offset plus an
// "unpacked +N" note in a compressed one.
func (lv *Level) validate() {
	vl := lv.chunkLoc(NameVisuals)
	tex, sh := lv.textureList(), lv.Shaders
	for _, v := range lv.Visuals {
		at := func(format string, args ...any) {
			lv.diagAt(vl, v.Rel, "visual %d: %s", v.Index, fmt.Sprintf(format, args...))
		}
		if v.TextureIndex >= 0 && v.TextureIndex >= len(tex) {
			at("texture index %d, %d textures", v.TextureIndex, len(tex))
		}
		if v.ShaderIndex >= 0 && v.ShaderIndex >= len(sh) {
			at("shader index %d, %d shaders", v.ShaderIndex, len(sh))
		}
		if v.VB >= 0 {
			if v.VB >= len(lv.VBs) {
				at("vertex buffer %d, %d buffers", v.VB, len(lv.VBs))
			} else if vb := lv.VBs[v.VB]; int64(v.VBase)+int64(v.VCount) > int64(vb.Count) {
				at("vertices %d..%d outside buffer %d (%d vertices)", v.VBase, int64(v.VBase)+int64(v.VCount), v.VB, vb.Count)
			}
		}
		if v.IB >= 0 {
			if v.IB >= len(lv.IBs) {
				at("index buffer %d, %d buffers", v.IB, len(lv.IBs))
			} else if int64(v.IBase)+int64(v.ICount) > int64(len(lv.IBs[v.IB].Indices)) {
				at("indices %d..%d outside index buffer %d (%d indices)", v.IBase, int64(v.IBase)+int64(v.ICount), v.IB, len(lv.IBs[v.IB].Indices))
			}
		}
		if idx := lv.visualIndices(v); idx != nil {
			if len(idx)%3 != 0 {
				at("%d indices, not a multiple of 3", len(idx))
			}
			if v.VB >= 0 {
				for _, i := range idx {
					if int(i) >= v.VCount {
						at("index %d ≥ vertex count %d", i, v.VCount)
						break
					}
				}
			}
		}
		if f := v.Fast; f != nil && lv.GeomxFile != "" {
			switch {
			case f[0] < 0 || f[0] >= len(lv.FastVBs):
				at("FASTPATH vertex buffer %d, %d in level.geomx", f[0], len(lv.FastVBs))
			case int64(f[1])+int64(f[2]) > int64(lv.FastVBs[f[0]].Count):
				at("FASTPATH vertices %d..%d outside level.geomx buffer %d (%d vertices)", f[1], int64(f[1])+int64(f[2]), f[0], lv.FastVBs[f[0]].Count)
			}
			switch {
			case f[3] < 0 || f[3] >= len(lv.FastIBs):
				at("FASTPATH index buffer %d, %d in level.geomx", f[3], len(lv.FastIBs))
			case int64(f[4])+int64(f[5]) > int64(len(lv.FastIBs[f[3]].Indices)):
				at("FASTPATH indices %d..%d outside level.geomx index buffer %d (%d indices)", f[4], int64(f[4])+int64(f[5]), f[3], len(lv.FastIBs[f[3]].Indices))
			}
		}
		for _, ch := range v.Children {
			if ch < 0 || ch >= len(lv.Visuals) {
				at("child %d, %d visuals", ch, len(lv.Visuals))
			}
		}
	}
	sl := lv.chunkLoc(NameSectors)
	for _, s := range lv.Sectors {
		at := func(format string, args ...any) {
			lv.diagAt(sl, s.Rel, "sector %d %s", s.Index, fmt.Sprintf(format, args...))
		}
		if s.Root < 0 {
			at("has no root visual")
		} else if s.Root >= len(lv.Visuals) {
			at("has root visual %d, %d visuals", s.Root, len(lv.Visuals))
		}
		for _, p := range s.Portals {
			if int(p) >= len(lv.Portals) {
				at("lists portal %d, %d portals", p, len(lv.Portals))
			}
		}
		for _, g := range s.Glows {
			if int(g) >= len(lv.Glows) {
				at("lists glow %d, %d glows", g, len(lv.Glows))
			}
		}
		for _, li := range s.Lights {
			if int(li) >= len(lv.Lights) {
				at("lists light %d, %d lights", li, len(lv.Lights))
			}
		}
	}
	pl := lv.chunkLoc(NamePortals)
	for i, p := range lv.Portals {
		if lv.Sectors != nil && (int(p.Front) >= len(lv.Sectors) || int(p.Back) >= len(lv.Sectors)) {
			lv.diagAt(pl, int64(i*80), "portal %d joins sectors %d and %d, %d sectors", i, p.Front, p.Back, len(lv.Sectors))
		}
		if p.Count < 3 || p.Count > 6 {
			lv.diagAt(pl, int64(i*80), "portal %d has %d vertices (3..6 expected)", i, p.Count)
		}
	}
	ll := lv.chunkLoc(NameLights)
	for i, li := range lv.Lights {
		if li.Flags&LightProcedural != 0 && lv.Version <= 5 && int(li.KeyStart)+int(li.KeyCount) > len(lv.LightKeys) {
			lv.diagAt(ll, int64(i*LightSize(lv.Version)), "light %d: keys %d..%d, %d light keys", i, li.KeyStart, int(li.KeyStart)+int(li.KeyCount), len(lv.LightKeys))
		}
	}
	if lv.CForm != nil && lv.Sectors != nil {
		bad, first := 0, -1
		for i, t := range lv.CForm.Tris {
			if int(t.Sector) >= len(lv.Sectors) {
				if first < 0 {
					first = i
				}
				bad++
			}
		}
		if bad > 0 {
			cl := lv.chunkLoc(NameCForm)
			lv.diagAt(cl, 36+12*int64(len(lv.CForm.Verts))+int64(first*lv.CForm.TriSize),
				"%d CFORM triangles name a sector ≥ %d (the first is triangle %d, sector %d)", bad, len(lv.Sectors), first, lv.CForm.Tris[first].Sector)
		}
	}
	gl := lv.chunkLoc(NameGlows)
	for i, g := range lv.Glows {
		if g.Shader >= 0 && int(g.Shader) >= len(lv.Shaders) {
			lv.diagAt(gl, int64(i*GlowSize(lv.Version)), "glow %d: shader %d, %d shaders", i, g.Shader, len(lv.Shaders))
		}
		if g.Texture >= 0 && lv.Textures != nil && int(g.Texture) >= len(lv.Textures) {
			lv.diagAt(gl, int64(i*GlowSize(lv.Version)), "glow %d: texture %d, %d textures", i, g.Texture, len(lv.Textures))
		}
	}
	if lv.Version == 4 && !lv.HasName {
		lv.diagAt(lv.chunkLoc(NameHeader), 0, "version 4 header without the 124-byte description")
	}
}
