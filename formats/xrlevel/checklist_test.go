package xrlevel

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

// findDiag returns the first finding containing sub.
func findDiag(lv *Level, sub string) (formats.Diagnostic, bool) {
	for _, d := range lv.Diags {
		if strings.Contains(d.Msg, sub) {
			return d, true
		}
	}
	return formats.Diagnostic{}, false
}

// TestChecklist makes one broken variant of the sample level per item of
// the validation checklist of docs/formats/xray.md (and the reader's other record checks) and
// checks that the finding is reported, names the item, and carries the
// offset of the record it concerns: exact in a stored (plain) chunk, the
// chunk header's offset in a compressed one.
func TestChecklist(t *testing.T) {
	type tc struct {
		name  string
		edit  func(lv *Level)       // applied before writing
		patch func(b []byte) []byte // applied to the written bytes
		want  string
		chunk uint32 // the chunk the finding's offset must point into
		// rel returns the expected offset inside the chunk's payload for a
		// plain file (nil: anywhere in the chunk).
		rel func(lv *Level) int64
		// node is a path whose Diagnostics must list the finding.
		node string
	}
	patchChunk := func(id uint32, f func(b []byte, c chunkPos) []byte) func([]byte) []byte {
		return func(b []byte) []byte {
			c, ok := scanFind(b, id)
			if !ok {
				panic(fmt.Sprintf("no chunk %d", id))
			}
			return f(append([]byte{}, b...), c)
		}
	}
	// resize sets a chunk's declared size (the bytes stay: the next chunk
	// header is then misread, which the list scan must survive).
	shrink := func(id uint32, by int) func([]byte) []byte {
		return patchChunk(id, func(b []byte, c chunkPos) []byte {
			out := append([]byte{}, b[:c.data+c.size-int64(by)]...)
			binary.LittleEndian.PutUint32(out[c.off+4:], uint32(c.size)-uint32(by))
			return append(out, b[c.data+c.size:]...)
		})
	}
	visualRel := func(i int) func(*Level) int64 { return func(lv *Level) int64 { return lv.Visuals[i].Rel } }
	sectorRel := func(i int) func(*Level) int64 { return func(lv *Level) int64 { return lv.Sectors[i].Rel } }
	at := func(off int64) func(*Level) int64 { return func(*Level) int64 { return off } }
	cases := []tc{
		{name: "texture index", edit: func(lv *Level) { lv.Visuals[1].TextureIndex = 99 }, want: "visual 1: texture index 99, 4 textures",
			chunk: 4, rel: visualRel(1), node: "visuals/1"},
		{name: "shader index", edit: func(lv *Level) { lv.Visuals[2].ShaderIndex = 50 }, want: "visual 2: shader index 50, 4 shaders",
			chunk: 4, rel: visualRel(2), node: "visuals/2"},
		{name: "vertex buffer index", edit: func(lv *Level) { lv.Visuals[3].VB = 7 }, want: "visual 3: vertex buffer 7, 2 buffers",
			chunk: 4, rel: visualRel(3), node: "visuals/3"},
		{name: "vcontainer range", edit: func(lv *Level) { lv.Visuals[4].VCount = 100000 }, want: "outside buffer",
			chunk: 4, rel: visualRel(4), node: "visuals/4"},
		{name: "index ≥ vertex count", edit: func(lv *Level) { lv.Visuals[5].Indices[4] = 60000 }, want: "visual 5: index 60000 ≥ vertex count",
			chunk: 4, rel: visualRel(5), node: "visuals/5"},
		{name: "index count", patch: patchChunk(4, func(b []byte, c chunkPos) []byte {
			// visual 6's INDICES sub-chunk: declare one index fewer
			list := b[c.data : c.data+c.size]
			v, _ := scanFind(list, 6)
			vis := list[v.data : v.data+v.size]
			ix, _ := scanFind(vis, 8)
			n := binary.LittleEndian.Uint32(vis[ix.data:])
			binary.LittleEndian.PutUint32(vis[ix.data:], n-1)
			return b
		}), want: "visual 6: 35 indices, not a multiple of 3", chunk: 4, rel: visualRel(6), node: "visuals/6"},
		{name: "child index", edit: func(lv *Level) { lv.Visuals[0].Children = append(lv.Visuals[0].Children, 1000) }, want: "visual 0: child 1000, 18 visuals",
			chunk: 4, rel: visualRel(0), node: "visuals/0"},
		{name: "sector root", edit: func(lv *Level) { lv.Sectors[2].Root = 500 }, want: "sector 2 has root visual 500, 18 visuals",
			chunk: 0xb, rel: sectorRel(2), node: "sectors/2"},
		{name: "sector without root", edit: func(lv *Level) { lv.Sectors[1].Root = -1 }, want: "sector 1 has no root visual",
			chunk: 0xb, rel: sectorRel(1), node: "sectors/1"},
		{name: "sector portal", edit: func(lv *Level) { lv.Sectors[1].Portals = append(lv.Sectors[1].Portals, 40) }, want: "sector 1 lists portal 40",
			chunk: 0xb, rel: sectorRel(1), node: "sectors/1"},
		{name: "sector glow", edit: func(lv *Level) { lv.Sectors[1].Glows = append(lv.Sectors[1].Glows, 41) }, want: "sector 1 lists glow 41",
			chunk: 0xb, rel: sectorRel(1), node: "sectors/1"},
		{name: "sector light", edit: func(lv *Level) { lv.Sectors[0].Lights = append(lv.Sectors[0].Lights, 42) }, want: "sector 0 lists light 42",
			chunk: 0xb, rel: sectorRel(0), node: "sectors/0"},
		{name: "portal sector", edit: func(lv *Level) { lv.Portals[1].Front = 9 }, want: "portal 1 joins sectors 9 and",
			chunk: 7, rel: at(80), node: "portals"},
		{name: "portal too few vertices", edit: func(lv *Level) { lv.Portals[1].Count = 2 }, want: "portal 1 has 2 vertices (3..6 expected)",
			chunk: 7, rel: at(80), node: "portals"},
		{name: "portal too many vertices", edit: func(lv *Level) { lv.Portals[0].Count = 7 }, want: "portal 0 has 7 vertices",
			chunk: 7, rel: at(0), node: "portals"},
		{name: "cform vertex index", edit: func(lv *Level) { lv.CForm.Tris[3].V[1] = 1 << 30 }, want: "CFORM triangle 3 has vertex indices",
			chunk: 6, rel: func(lv *Level) int64 { return 36 + 12*cfVerts(lv) + 3*32 }, node: "cform"},
		{name: "cform neighbour", edit: func(lv *Level) { lv.CForm.Tris[4].Adj[2] = 99999 }, want: "CFORM triangle 4 has neighbour 99999",
			chunk: 6, rel: func(lv *Level) int64 { return 36 + 12*cfVerts(lv) + 4*32 }, node: "cform"},
		{name: "cform sector", edit: func(lv *Level) { lv.CForm.Tris[5].Sector = 77 }, want: "1 CFORM triangles name a sector ≥ 3 (the first is triangle 5, sector 77)",
			chunk: 6, rel: func(lv *Level) int64 { return 36 + 12*cfVerts(lv) + 5*32 }, node: "cform"},
		{name: "cform size", patch: patchChunk(6, func(b []byte, c chunkPos) []byte {
			binary.LittleEndian.PutUint32(b[c.data+8:], binary.LittleEndian.Uint32(b[c.data+8:])-1) // one face fewer declared
			return b
		}), want: "CFORM is 28444 bytes", chunk: 6, rel: at(0), node: "cform"},
		{name: "cform declares too many faces", patch: patchChunk(6, func(b []byte, c chunkPos) []byte {
			binary.LittleEndian.PutUint32(b[c.data+8:], 1<<28)
			return b
		}), want: "CFORM declares 268435456 triangles", chunk: 6, node: "cform"},
		{name: "cform declares too many vertices", patch: patchChunk(6, func(b []byte, c chunkPos) []byte {
			binary.LittleEndian.PutUint32(b[c.data+4:], 1<<28)
			return b
		}), want: "CFORM declares 268435456 vertices", chunk: 6, rel: at(4), node: "cform"},
		{name: "light size", patch: shrink(8, 1), want: "light chunk is 371 bytes, not a multiple of 124", chunk: 8, node: "lights"},
		{name: "glow size", patch: shrink(0xa, 4), want: "glow chunk is 44 bytes, not a multiple of 24", chunk: 0xa, node: "glows"},
		{name: "portal size", patch: shrink(7, 2), want: "portal chunk is 158 bytes, not a multiple of 80", chunk: 7, node: "portals"},
		{name: "light key size", patch: shrink(9, 3), want: "light key chunk is 205 bytes, not a multiple of 104", chunk: 9, node: "light_keys"},
		{name: "light keys out of range", edit: func(lv *Level) {
			for i := range lv.Lights {
				if lv.Lights[i].Flags&LightProcedural != 0 {
					lv.Lights[i].KeyCount = 40
				}
			}
		}, want: "light keys", chunk: 8, node: "lights"},
		{name: "glow shader", edit: func(lv *Level) { lv.Glows[1].Shader = 33 }, want: "glow 1: shader 33, 4 shaders", chunk: 0xa, rel: at(24), node: "glows"},
		{name: "glow texture", edit: func(lv *Level) { lv.Glows[0].Texture = 34 }, want: "glow 0: texture 34, 4 textures", chunk: 0xa, rel: at(0), node: "glows"},
		{name: "string not terminated", patch: patchChunk(3, func(b []byte, c chunkPos) []byte {
			b[c.data+c.size-1] = 'x'
			return b
		}), want: "string 3 of 4 is not terminated", chunk: 3, node: "shaders"},
		{name: "bad FVF", patch: func(b []byte) []byte {
			b = append([]byte{}, b...)
			c, _ := scanFind(b, 5)
			binary.LittleEndian.PutUint32(b[c.data+4:], 0x2001)
			return b
		}, want: "reserved", chunk: 5, rel: at(4), node: "vertex_buffers"},
		{name: "VB chunk not exhausted", patch: patchChunk(5, func(b []byte, c chunkPos) []byte {
			binary.LittleEndian.PutUint32(b[c.data:], 1) // one buffer of two
			return b
		}), want: "bytes after the 1 vertex buffers", chunk: 5, node: "vertex_buffers"},
		{name: "sector root size", patch: patchChunk(0xb, func(b []byte, c chunkPos) []byte {
			// the first sector's first sub-chunk is Root (4 bytes): claim 2
			binary.LittleEndian.PutUint32(b[c.data+8+4:], 2)
			return b
		}), want: "sector 0 root sub-chunk is 2 bytes, want 4", chunk: 0xb, node: "sectors/0"},
	}
	for _, c := range cases {
		for _, plain := range []bool{true, false} {
			if c.patch != nil && !plain {
				continue // byte patches are written against the plain layout
			}
			t.Run(fmt.Sprintf("%s/plain=%v", c.name, plain), func(t *testing.T) {
				src := SampleLevel()
				if c.edit != nil {
					c.edit(src)
				}
				b, err := WriteV4(src, WriteOptions{Plain: plain})
				if err != nil {
					t.Fatal(err)
				}
				if c.patch != nil {
					b = c.patch(b)
				}
				root := openBytes(t, b)
				lv, err := root.Level()
				if err != nil {
					t.Fatal(err)
				}
				d, ok := findDiag(lv, c.want)
				if !ok {
					t.Fatalf("no finding %q in %v", c.want, lv.Diags)
				}
				ch, ok := scanFind(b, c.chunk)
				if !ok {
					t.Fatalf("no chunk %d", c.chunk)
				}
				if d.Off < ch.off || d.Off >= ch.data+ch.size {
					t.Errorf("finding %q at 0x%X, outside chunk %d (0x%X..0x%X)", d.Msg, d.Off, c.chunk, ch.off, ch.data+ch.size)
				}
				compressed := !plain && (c.chunk == 4 || c.chunk == 5 || c.chunk == 6 || c.chunk == 0xb)
				switch {
				case compressed && d.Off != ch.off:
					t.Errorf("finding in a compressed chunk at 0x%X, want the chunk header 0x%X", d.Off, ch.off)
				case compressed && !strings.Contains(d.Msg, "unpacked +0x"):
					t.Errorf("finding in a compressed chunk does not give the unpacked offset: %q", d.Msg)
				case !compressed && c.rel != nil:
					if want := ch.data + c.rel(lv); d.Off != want {
						t.Errorf("finding %q at 0x%X, want 0x%X", d.Msg, d.Off, want)
					}
				}
				n, err := formats.Resolve(root, c.node)
				if err != nil {
					t.Fatal(err)
				}
				found := false
				for _, nd := range n.(formats.Diagnoser).Diagnostics() {
					found = found || nd.Msg == d.Msg
				}
				if !found {
					t.Errorf("%s does not list the finding %q", c.node, d.Msg)
				}
				// The damaged level still yields its other parts.
				if lv.LevelMesh() == nil || lv.Stats() == nil {
					t.Fatal("no mesh or stats")
				}
			})
		}
	}
}

// The header version check: versions outside 4..14 are not levels Rummage
// reads; Parse says so with the header's offset.
func TestHeaderVersion(t *testing.T) {
	good := sampleBytes(t, WriteOptions{})
	for _, v := range []uint32{0, 3, 15} {
		b := append([]byte{}, good...)
		binary.LittleEndian.PutUint32(b[8:], v)
		_, err := Parse(bytes.NewReader(b), 0, int64(len(b)), "")
		if err == nil {
			t.Errorf("version 0x%X: no error", v)
			continue
		}
		var ue *binread.UnsupportedError
		if !errors.As(err, &ue) {
			t.Errorf("version 0x%X: %v is not an UnsupportedError", v, err)
		}
		if formats.ErrorOffset(err) != 8 {
			t.Errorf("version 0x%X: error offset %d, want 8", v, formats.ErrorOffset(err))
		}
		if Probe(b[:64], int64(len(b))) {
			t.Errorf("version 0x%X: detected as a level", v)
		}
	}
}

// A version 4 header is a u32: a non-zero high half is reported.
func TestHeaderVersionQuality(t *testing.T) {
	b := sampleBytes(t, WriteOptions{})
	binary.LittleEndian.PutUint32(b[8:], 0x10004)
	lv, err := Parse(bytes.NewReader(b), 0, int64(len(b)), "")
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := findDiag(lv, "version 4 is a u32, but it reads 0x10004"); !ok || d.Off != 8 {
		t.Errorf("finding %+v in %v", d, lv.Diags)
	}
}

type chunkPos struct{ off, data, size int64 }

func scanFind(b []byte, id uint32) (chunkPos, bool) {
	for pos := int64(0); pos+8 <= int64(len(b)); {
		raw := binary.LittleEndian.Uint32(b[pos:])
		sz := int64(binary.LittleEndian.Uint32(b[pos+4:]))
		if raw&0x3FFFFFFF == id {
			return chunkPos{pos, pos + 8, sz}, true
		}
		pos += 8 + sz
	}
	return chunkPos{}, false
}

// Every finding names the node it concerns in Path, and that path
// resolves; a finding that mentions another item (a sector number in a
// CFORM finding) still concerns its own node.
func TestFindingPath(t *testing.T) {
	lv := SampleLevel()
	lv.Visuals[1].TextureIndex = 99
	lv.Sectors[2].Root = 500
	lv.Portals[0].Count = 9
	lv.CForm.Tris[0].Sector = 77
	b, _ := WriteV4(lv, WriteOptions{})
	root := openBytes(t, b)
	got, _ := root.Level()
	want := map[string]string{"texture index 99": "visuals/1", "root visual 500": "sectors/2",
		"has 9 vertices": "portals", "name a sector": "cform"}
	seen := map[string]bool{}
	for _, d := range got.Diags {
		if d.Path == "" {
			t.Errorf("%q names no node", d.Msg)
			continue
		}
		if _, err := formats.Resolve(root, d.Path); err != nil {
			t.Errorf("%q: %v", d.Msg, err)
		}
		for s, p := range want {
			if strings.Contains(d.Msg, s) {
				seen[s] = true
				if d.Path != p {
					t.Errorf("%q: path %q, want %q", d.Msg, d.Path, p)
				}
			}
		}
	}
	if len(seen) != len(want) {
		t.Errorf("findings %v, want all of %v", got.Diags, want)
	}
}

// A finding in level.geom concerns the vertex_buffers node read from it, or
// the level when the level file has a vertex_buffers chunk of its own (the
// file's part is then not shown).
func TestSideFindingPath(t *testing.T) {
	geom := lb{}.chunk(0xa, append(declVB(1), 0, 0), false) // two bytes too many
	for _, own := range []bool{false, true} {
		l := lb{}.chunk(1, lb{}.u16(12, 1), false)
		l = l.chunk(3, lb{}.chunk(0, ogf3(0, 0, [3]uint32{}, [3]uint32{}, nil), false), false)
		if own {
			l = l.chunk(0xa, lb{}.u32(0), false) // no buffers: level.geom is read
		}
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "level"), l, 0o644)
		os.WriteFile(filepath.Join(dir, "level.geom"), geom, 0o644)
		f, err := formats.Open(filepath.Join(dir, "level"), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		lv, err := f.Root.(*LevelNode).Level()
		if err != nil {
			t.Fatal(err)
		}
		d, ok := findDiag(lv, "2 bytes after the 1 vertex buffers")
		if !ok {
			t.Fatalf("own %v: no finding in %v", own, lv.Diags)
		}
		want := map[bool]string{false: NameVBs, true: ""}[own]
		if d.Path != want {
			t.Errorf("own %v: path %q, want %q", own, d.Path, want)
		}
		n, err := formats.Resolve(f.Root, NameVBs)
		if err != nil {
			t.Fatal(err)
		}
		if listed := len(n.(formats.Diagnoser).Diagnostics()) > 0; listed != !own {
			t.Errorf("own %v: the vertex_buffers node lists the finding: %v", own, listed)
		}
	}
}

// cfVerts is the collision vertex count of lv (made or read).
func cfVerts(lv *Level) int64 {
	n, _ := lv.CForm.Counts()
	return int64(n)
}

// loadCForm is lv's collision mesh with its arrays read.
func loadCForm(t *testing.T, lv *Level) *CForm {
	t.Helper()
	cf, err := lv.CForm.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cf
}
