package dff

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// insertChunk returns file with chunk inserted into the first section
// whose path of type ids (from the top) is path, before its child number
// at (its end when at is past its children), and every enclosing size
// grown to hold it; the inserted chunk's absolute offset is returned too.
func insertChunk(t *testing.T, file []byte, path []uint32, at int, chunk []byte) ([]byte, int64) {
	t.Helper()
	secs, err := rw.Parse(file, 0)
	if err != nil {
		t.Fatal(err)
	}
	var chain []*rw.Section
	list := secs
	for _, id := range path {
		var found *rw.Section
		for _, s := range list {
			if s.Type == id {
				found = s
				break
			}
		}
		if found == nil {
			t.Fatalf("no section 0x%X on the path %x", id, path)
		}
		chain = append(chain, found)
		list = found.Children
	}
	last := chain[len(chain)-1]
	pos := last.End()
	if at < len(last.Children) {
		pos = last.Children[at].Off
	}
	out := append(append(append([]byte(nil), file[:pos]...), chunk...), file[pos:]...)
	for _, s := range chain {
		binary.LittleEndian.PutUint32(out[s.Off+4:], s.Size+uint32(len(chunk)))
	}
	return out, pos
}

// parseWarned parses data and checks that it opens with exactly the
// findings at offs, each naming what was skipped (want in its message).
func parseWarned(t *testing.T, data []byte, want string, offs ...int64) *File {
	t.Helper()
	f, err := Parse(data, 0)
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	if len(f.Diags) != len(offs) {
		t.Fatalf("findings %v, want %d at %v", f.Diags, len(offs), offs)
	}
	for i, d := range f.Diags {
		if d.Off != offs[i] || !strings.Contains(d.Msg, want) {
			t.Fatalf("finding %d: %+v, want offset 0x%X and %q", i, d, offs[i], want)
		}
	}
	return f
}

// A second, empty Extension after the Clump's own opens, with a warning at
// its offset; the model reads as it did.
func TestClumpWithSecondEmptyExtension(t *testing.T) {
	data := encode(t, fixture(t))
	bad, off := insertChunk(t, data, []uint32{IDClump}, 1<<30, rw.Chunk(IDExtension, stampSA))
	f := parseWarned(t, bad, "Extension chunk (0x3, 0 bytes) after the Clump's extension skipped", off)
	if len(f.Clump.Geometries) != 2 || len(f.Clump.Atomics) != 2 {
		t.Fatalf("clump read as %d geometries, %d atomics", len(f.Clump.Geometries), len(f.Clump.Atomics))
	}
	root := openFixture(t, bad)
	if _, err := root.(formats.Describer).Describe(); err != nil {
		t.Fatal(err)
	}
	if d := formats.SafeDiagnostics(root); len(d) != 1 || d[0].Off != off {
		t.Fatalf("root diagnostics %v", d)
	}
}

// A Material with two Texture chunks opens with the first, as the game
// reads it, and a warning at the second.
func TestMaterialWithTwoTextures(t *testing.T) {
	data := encode(t, fixture(t))
	second := rw.Chunk(IDTexture, stampSA, rw.Chunk(IDStruct, stampSA, []byte{2, 0x11, 0, 0}),
		rw.Chunk(IDString, stampSA, []byte("other\x00\x00\x00")), rw.Chunk(IDString, stampSA, []byte{0, 0, 0, 0}))
	path := []uint32{IDClump, IDGeometryList, IDGeometry, IDMaterialList, IDMaterial}
	bad, off := insertChunk(t, data, path, 2, second)
	f := parseWarned(t, bad, "Texture chunk (0x6", off)
	if tex := f.Clump.Geometries[0].Materials[0].Texture; tex == nil || tex.Name != "body" {
		t.Fatalf("texture %+v, want the first (body)", tex)
	}
}

// Unknown chunks inside known sections are skipped with a warning at
// their offsets: before an Atomic's Struct, between a Geometry's Material
// List and its Extension, and at the end of the Frame List.
func TestUnknownChunksSkipped(t *testing.T) {
	data := encode(t, fixture(t))
	odd := rw.Chunk(0xABCD, stampSA, []byte("mystery"))
	bad, o1 := insertChunk(t, data, []uint32{IDClump, IDAtomic}, 0, odd)
	bad, o2 := insertChunk(t, bad, []uint32{IDClump, IDGeometryList, IDGeometry}, 2, odd)
	bad, o3 := insertChunk(t, bad, []uint32{IDClump, IDFrameList}, 1<<30, odd)
	// Offsets of earlier insertions move with the later ones in front of them.
	o1 += 2 * int64(len(odd))
	o2 += int64(len(odd))
	f := parseWarned(t, bad, "Unknown 0xABCD chunk (0xABCD, 7 bytes)", o3, o2, o1)
	want := fixture(t)
	if len(f.Clump.Frames) != len(want.Clump.Frames) || f.Clump.Frames[1].Name != "wheel_rf_dummy" || len(f.Clump.Geometries[0].Ext) == 0 {
		t.Fatal("the clump did not read as before")
	}
}

// A chunk the game needs and does not find is still an error: a textured
// Material whose Texture is missing.
func TestMissingTextureStillRefused(t *testing.T) {
	f := fixture(t)
	m := f.Clump.Geometries[0].Materials[0]
	m.Texture = nil // Textured stays 1
	data, err := f.Bytes()
	if err == nil {
		_, err = Parse(data, 0)
	}
	var fe *binread.FormatError
	if !errors.As(err, &fe) || !strings.Contains(fe.Msg, "no Texture") {
		t.Fatalf("err = %v, want a missing Texture", err)
	}
}

// A DFF cut short is a broken mesh root whose error says where the file
// ends, not an unrecognised file.
func TestTruncatedDFF(t *testing.T) {
	data := encode(t, fixture(t))
	for _, n := range []int{40, len(data) / 2, len(data) - 1} {
		f, err := formats.OpenBytes("cut.dff", data[:n], nil)
		var fe *binread.FormatError
		if !errors.As(err, &fe) || fe.Off != int64(n) || !strings.Contains(fe.Msg, "truncated") || errors.Is(err, formats.ErrUnknownFormat) {
			t.Fatalf("%d bytes: err = %v, want truncated at 0x%X", n, err, n)
		}
		if f.Root.Kind() != formats.KindMesh {
			t.Fatalf("%d bytes: root kind %s", n, f.Root.Kind())
		}
	}
}

// A clump whose Struct size field is 0x0100000C (a lock against editing
// tools) is named, as an unsupported mesh, at the size field's offset.
func TestProtectedDFF(t *testing.T) {
	data := encode(t, fixture(t))
	binary.LittleEndian.PutUint32(data[rw.HeaderSize+4:], 0x0100000C)
	f, err := formats.OpenBytes("locked.dff", data, nil)
	var ue *binread.UnsupportedError
	if !errors.As(err, &ue) || ue.Off != rw.HeaderSize+4 || !strings.Contains(ue.Msg, "protected DFF") || !strings.Contains(ue.Msg, "0x100000C") {
		t.Fatalf("err = %v, want a protected DFF", err)
	}
	if f.Root.Kind() != formats.KindMesh {
		t.Fatalf("root kind %s", f.Root.Kind())
	}
	// Without a Frame List after the 12 bytes the game reads, the size
	// is not a lock but corrupt data.
	binary.LittleEndian.PutUint32(data[3*rw.HeaderSize:], 0xABCD)
	if _, err := Parse(data, 0); !errors.As(err, new(*binread.FormatError)) {
		t.Fatalf("no Frame List: err = %v, want a FormatError", err)
	}
}

// Bytes after the clump are kept; zeros are padding, anything else is a
// warning at its offset.
func TestTrailingBytes(t *testing.T) {
	data := encode(t, fixture(t))
	padded := append(bytes.Clone(data), make([]byte, 100)...)
	if f := parseWarned(t, padded, ""); len(f.Trailer) != 100 {
		t.Fatalf("trailer of %d bytes", len(f.Trailer))
	}
	junk := append(bytes.Clone(data), []byte("left over by a tool")...)
	parseWarned(t, junk, "19 bytes after the last chunk are not zero padding", int64(len(data)))
}
