package xrlevel

import (
	"encoding/binary"
	"fmt"
	"io"
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

	// Side holds the parts read from level.geom / level.cform, by role
	// name: the chunk (offsets in that file) and where its bytes are.
	Side map[string]SidePart

	// FastVBs, FastIBs and FastSWIs are the level.geomx buffers (v13+),
	// which OGF v4 FASTPATH chunks refer to.
	FastVBs  []*VertexBuffer
	FastIBs  []IndexBuffer
	FastSWIs [][]SWI

	GeomFile  string   // level.geom used for the buffers ("" when none)
	Missing   []string // side files the level needs that were not found ("level.geom", "level.cform")
	GeomxFile string   // level.geomx used for the fast-path buffers
	CFormFile string   // level.cform used for the collision mesh

	Diags []formats.Diagnostic

	diagCap   int // the most findings kept (diagCapFor the file's size)
	diagMu    sync.Mutex
	diagOrder []int32 // Diags' indexes by path (see diagsByPath)

	dataBytes  int64 // decoded bytes of all parts (caps derived meshes)
	nestedLeft int64 // bytes compressed chunks inside chunks may still unpack to

	// payloads holds each top-level chunk's payload by id (the first chunk
	// of the id), read and unpacked when asked; refs every payload the
	// level may drop (see dropPayloads).
	payloads map[uint32]*payloadRef
	refMu    sync.Mutex
	refs     []*payloadRef
	kept     int64 // bytes of the payloads kept (see settle)

	statsOnce sync.Once
	stats     *Stats

	tex       *textureStore // the level's textures, found at Parse, decoded on first use
	matMu     sync.Mutex
	materials map[matKey]*geom.Material
}

// ChunkInfo is one top-level chunk with its role name and unpacked size.
type ChunkInfo struct {
	xray.Chunk
	Name     string
	Unpacked int64 // decompressed size (the declared u32 for compressed chunks), the size otherwise
	Items    int   // records in the chunk (-1 when not a list)
	Err      error // decoding error of the chunk, if any
}

// MaxFileSize caps a level file read into memory.
const MaxFileSize = binread.MaxAlloc

// Parse decodes a whole level from r (size bytes; base is the absolute
// offset of r's byte 0). dir, when not empty, is the folder searched for
// level.geom and level.cform. Problems that leave the rest readable are
// recorded in Diags; only an unreadable header is an error.
func Parse(r io.ReaderAt, base, size int64, dir string) (*Level, error) {
	return ParseWith(r, base, size, SideFiles{Dir: dir})
}

// ParseWith is Parse with the places to look for side files.
func ParseWith(r io.ReaderAt, base, size int64, sf SideFiles) (*Level, error) {
	list, err := xray.ScanAt(r, base, size)
	if err != nil {
		return nil, err
	}
	lv := &Level{List: list, nestedLeft: nestedBase + nestedFactor*size, payloads: map[uint32]*payloadRef{}, diagCap: diagCapFor(size)}
	lv.Diags = append(lv.Diags, list.Diags...)
	if err := lv.readHeader(r, base); err != nil {
		return nil, err
	}
	lv.tableChunks(r, base)
	for _, c := range list.Chunks {
		if _, ok := lv.payloads[c.ID]; !ok {
			lv.payloads[c.ID] = lv.track(chunkPayload(r, base, c))
		}
	}
	lv.fixVBIBRoles(r, base)
	lv.decodeChunks(r, base, size)
	// Side files: level.geom (VB, IB, SWIs) and level.cform.
	if lv.Visuals != nil {
		lv.loadSideFiles(sf)
	}
	lv.findTextures(sf.Dir)
	lv.dataBytes = size
	for _, c := range lv.Chunks {
		if _, known := lv.Roles[c.ID]; known && c.Compressed {
			lv.dataBytes += min(c.Unpacked, MaxUnpackSize)
		}
	}
	for _, sp := range lv.Side {
		lv.dataBytes += sp.Info.Unpacked
	}
	lv.validate()
	lv.dropPayloads()
	return lv, nil
}

// readHeader decodes the header chunk, which must come first, and sets the
// version's chunk roles. Versions Rummage does not read are an error.
func (lv *Level) readHeader(r io.ReaderAt, base int64) error {
	list := lv.List
	hc, ok := list.Find(1)
	if !ok || len(list.Chunks) == 0 || list.Chunks[0].ID != 1 {
		return binread.Errorf(base, "not an X-Ray level: the first chunk is not the header (chunk 1)")
	}
	hb, err := xray.Payload(r, base, hc)
	if err != nil {
		return err
	}
	h, err := ParseHeader(hb)
	if err != nil {
		return binread.Errorf(hc.DataOff, "%w", err)
	}
	lv.Version, lv.Quality, lv.Description, lv.HasName = h.Version, h.Quality, h.Description, h.HasName
	if h.Version < 4 || h.Version > 14 {
		return binread.Unsupportedf(hc.DataOff, "xrLC version %d (Rummage reads 4, 5 and 8–14)", h.Version)
	}
	if h.Version == 4 && h.Quality > 0 {
		lv.diag(NameHeader, hc.DataOff, "header: version 4 is a u32, but it reads 0x%X (u16 version 4, u16 quality %d)", uint32(h.Version)|uint32(h.Quality)<<16, h.Quality)
	}
	if h.Version == 6 || h.Version == 7 {
		lv.diag("", hc.DataOff, "xrLC version %d is not a known release version; reading it like version 8", h.Version)
	}
	lv.Roles = ChunkNames(h.Version)
	return nil
}

// tableChunks fills the chunk table: names, unpacked sizes (the declared
// size of compressed chunks) and a finding for each repeated id.
func (lv *Level) tableChunks(r io.ReaderAt, base int64) {
	seen := map[uint32]bool{}
	for _, c := range lv.List.Chunks {
		ci := ChunkInfo{Chunk: c, Name: ChunkName(lv.Roles, c.ID), Unpacked: int64(c.Size), Items: -1}
		if c.Compressed && c.Avail >= 4 {
			var p [4]byte
			if _, err := r.ReadAt(p[:], c.DataOff-base); err == nil {
				ci.Unpacked = int64(binary.LittleEndian.Uint32(p[:]))
			}
		}
		if c.Avail < int64(c.Size) {
			ci.Err = binread.Errorf(c.Off, "chunk 0x%X declares %d bytes, but the file ends after %d", c.ID, c.Size, c.Avail)
		}
		if seen[c.ID] {
			lv.diag("", c.Off, "chunk 0x%X appears again; the engine uses the first one", c.ID)
		}
		seen[c.ID] = true
		lv.Chunks = append(lv.Chunks, ci)
	}
}

// decodeChunks decodes the first chunk of each known role but the header,
// one at a time: a chunk's payload is unpacked, parsed and dropped before
// the next (the buffer lists of a plain chunk are walked in the file,
// their data left there).
func (lv *Level) decodeChunks(r io.ReaderAt, base, size int64) {
	for i := range lv.Chunks {
		ci := &lv.Chunks[i]
		if first, _ := lv.List.Find(ci.ID); first.Index != ci.Index {
			continue
		}
		if ci.Name == NameHeader {
			continue
		}
		if _, known := lv.Roles[ci.ID]; !known {
			continue // unknown chunks are shown raw: nothing to unpack
		}
		l := loc{name: ci.Name, path: ci.Name, chunkOff: ci.Off, dataOff: ci.DataOff, compressed: ci.Compressed, stored: ci.Avail}
		if isBufferList(ci.Name) && !ci.Compressed {
			if ci.Truncated() {
				ci.Err = binread.Errorf(ci.Off, "chunk 0x%X is truncated: %d of %d bytes", ci.ID, ci.Avail, ci.Size)
				lv.diag(ci.Name, ci.Off, "%s: %v", ci.Name, ci.Err)
			}
			l.buf = lv.fileBuf(r, base, size, ci.Chunk)
			ci.Items = lv.decodeChunk(ci.Name, ci.ID, nil, l)
			continue
		}
		ref := lv.payloads[ci.ID]
		b, err := ref.get()
		if err != nil {
			ci.Err = err
			lv.diag(ci.Name, formats.ErrorOffset(err), "%s: %v", ci.Name, err)
			if b == nil {
				continue
			}
		}
		l.buf = memBuf(b, ref)
		ci.Items = lv.decodeChunk(ci.Name, ci.ID, b, l)
		lv.settle(ref)
	}
}

// isBufferList reports the roles whose payload is a list of buffers
// (walked by their headers; the data read when drawn).
func isBufferList(name string) bool { return name == NameVBs || name == NameIBs || name == NameSWIs }

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
	if ok && int64(n) > MaxUnpackRatio*int64(len(p)) {
		return nil, fmt.Errorf("declared size %d from %d packed bytes is more than %d×", n, len(p), MaxUnpackRatio)
	}
	out, err := xray.Decode(p, MaxUnpackSize)
	lv.nestedLeft -= int64(len(out))
	return out, err
}

// fixVBIBRoles swaps the names of chunks 9 and 0xa for version 13 files
// whose chunk 9 does not start like a vertex-buffer list.
func (lv *Level) fixVBIBRoles(r io.ReaderAt, base int64) {
	if lv.Version < 13 {
		return
	}
	c9, ok9 := lv.List.Find(9)
	ca, oka := lv.List.Find(0xa)
	if !ok9 || !oka {
		return
	}
	b9, err := lv.chunkHead(r, base, c9, 12)
	if err != nil || looksLikeDeclVB(b9) {
		return
	}
	if ba, err := lv.chunkHead(r, base, ca, 12); err == nil && looksLikeDeclVB(ba) {
		lv.Roles = map[uint32]string{}
		for k, v := range ChunkNames(lv.Version) {
			lv.Roles[k] = v
		}
		lv.Roles[9], lv.Roles[0xa] = NameIBs, NameVBs
		for i := range lv.Chunks {
			lv.Chunks[i].Name = ChunkName(lv.Roles, lv.Chunks[i].ID)
		}
		lv.diag("", c9.Off, "chunks 9 and 0xA hold index and vertex buffers in the early version 13 order")
	}
}

// chunkHead returns the first n bytes of chunk c's payload: read in place
// for a plain chunk, unpacked (and dropped again) for a compressed one.
func (lv *Level) chunkHead(r io.ReaderAt, base int64, c xray.Chunk, n int64) ([]byte, error) {
	if !c.Compressed {
		return binread.ReadAt(r, base, c.DataOff-base, min(n, c.Avail), c.DataOff-base+c.Avail)
	}
	ref := lv.payloads[c.ID]
	defer ref.drop()
	b, err := ref.get()
	return b[:min(int64(len(b)), n)], err
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
		vbs := lv.parseVBs(l.buf, l, decl)
		if lv.VBs == nil {
			lv.VBs = vbs
		}
		return len(vbs)
	case NameIBs:
		lv.IBs = lv.parseIBs(l.buf, l)
		return len(lv.IBs)
	case NameSWIs:
		lv.SWIs = lv.parseSWIs(l.buf, l)
		return len(lv.SWIs)
	case NameCForm:
		lv.CForm = lv.parseCForm(b, l)
		if lv.CForm == nil {
			return -1
		}
		_, n := lv.CForm.Counts()
		return n
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
