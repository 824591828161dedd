package img

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/pierrec/lz4/v4"

	"rummage/formats"
	"rummage/formats/binread"
)

// A fastman92 archive opens with plain, zlib and LZ4 entries: the TXD
// inside each is a dictionary whose texture decodes, a plain entry reads
// back its bytes, and listings say how each is stored.
func TestVERFOpens(t *testing.T) {
	notes := runs(3000, 3)
	for _, comp := range []int{CompNone, CompZlib, CompLZ4} {
		b, err := BuildVERF([]File{{"a.txd", sampleTXD(t)}, {"notes.dat", notes}}, comp)
		if err != nil {
			t.Fatal(err)
		}
		root := openIMG(t, b)
		if root.Kind() != formats.KindArchive {
			t.Fatalf("%s: root %s", compNames[comp], root.Kind())
		}
		n, err := formats.Resolve(root, "a.txd/inner")
		if err != nil {
			t.Fatalf("%s: %v", compNames[comp], err)
		}
		if im, err := n.(formats.Imager).Image(0); err != nil || im.Bounds().Dx() != 8 {
			t.Fatalf("%s: image %v", compNames[comp], err)
		}
		// Offsets are of the file: none inside unpacked bytes.
		if off := n.(formats.Rawer).Offset(); (comp == CompNone) != (off > SectorSize) || comp != CompNone && off != -1 {
			t.Fatalf("%s: texture offset %d", compNames[comp], off)
		}
		raw, _ := formats.Resolve(root, "notes.dat")
		got, err := io.ReadAll(raw.(formats.Rawer).Open())
		if err != nil || !bytes.Equal(got, notes) {
			t.Fatalf("%s: notes.dat read %d bytes, err %v", compNames[comp], len(got), err)
		}
		f := raw.(formats.Fielder).ListFields()
		if f["compression"] != compNames[comp] || f["unpackedSize"] != int64(len(notes)) {
			t.Fatalf("%s: fields %v", compNames[comp], f)
		}
		d, _ := root.(formats.Describer).Describe()
		if m := d.(map[string]any); m["variant"] != "VERF" || m["entries"] != 2 || m["unreadable"] != int64(0) {
			t.Fatalf("%s: facts %v", compNames[comp], m)
		}
	}
}

// runs is n bytes in runs of about run equal bytes of pseudo-random value:
// data that packs about run times, well under the 64 × limit for small
// runs.
func runs(n, run int) []byte {
	out := make([]byte, 0, n)
	x := uint32(12345)
	for len(out) < n {
		x = x*1664525 + 1013904223
		k := min(run/2+int(x>>28)%(run+1), n-len(out))
		out = append(out, bytes.Repeat([]byte{byte(x >> 16)}, max(k, 1))...)
	}
	return out[:n]
}

// verfRecord returns the offset of record i of a VERF archive.
func verfRecord(i int) int { return verfDirOff + i*verfEntrySize }

// An entry stored as an LZ4 frame (not a bare block) is read too.
func TestVERFLZ4Frame(t *testing.T) {
	data := runs(6000, 2)
	var fr bytes.Buffer
	w := lz4.NewWriter(&fr)
	w.Write(data)
	w.Close()
	b, _ := BuildVERF([]File{{"f.dat", data}}, CompNone)
	// Put the frame where the plain bytes were and say so.
	start := int(binary.LittleEndian.Uint32(b[verfRecord(0):])) * SectorSize
	b = append(b[:start], fr.Bytes()...)
	b = append(b, make([]byte, SectorSize-len(fr.Bytes())%SectorSize)...)
	rec := b[verfRecord(0):]
	ps, pp := sectorsAndPad(fr.Len())
	binary.LittleEndian.PutUint16(rec[8:], uint16(ps))
	binary.LittleEndian.PutUint16(rec[10:], uint16(pp))
	binary.LittleEndian.PutUint32(rec[12:], CompLZ4)
	raw, err := formats.Resolve(openIMG(t, b), "f.dat")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(raw.(formats.Rawer).Open()); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("frame entry: %d bytes, %v", len(got), err)
	}
}

// An archive whose directory is encrypted is named, as an unsupported
// archive, at the flags; its bytes are not read further.
func TestVERFEncrypted(t *testing.T) {
	b, _ := BuildVERF([]File{{"a.dat", []byte("a")}}, CompNone)
	b[4] |= 2 << 4
	f, err := formats.OpenBytes("gta3.img", b, nil)
	var ue *binread.UnsupportedError
	if err == nil || !strings.HasPrefix(err.Error(), "fastman92 IMG (VERF), encrypted: not supported") || !errors.As(err, &ue) || ue.Off != 4 {
		t.Fatalf("err = %v", err)
	}
	if f.Root.Kind() != formats.KindArchive {
		t.Fatalf("root kind %s", f.Root.Kind())
	}
}

// Broken entries of a plain directory are broken nodes at their records;
// the others open: an encrypted entry, an unpacked size over 64 times the
// packed one, a stream shorter than the size it declares.
func TestVERFBrokenEntries(t *testing.T) {
	data := runs(5000, 4)
	b, _ := BuildVERF([]File{{"enc.dat", data}, {"ratio.dat", data}, {"short.dat", data}, {"ok.dat", data}}, CompZlib)
	binary.LittleEndian.PutUint32(b[verfRecord(0)+12:], CompZlib|1<<4)
	binary.LittleEndian.PutUint16(b[verfRecord(1)+4:], 0xFFFF) // 128 MiB from a few dozen bytes
	binary.LittleEndian.PutUint16(b[verfRecord(2)+4:], 4)      // 7048 bytes declared, 5000 stored
	root := openIMG(t, b)
	kids, _ := root.Children()
	if len(kids) != 4 {
		t.Fatalf("%d children", len(kids))
	}
	for i, want := range []string{"encrypted", "over 64 times", ""} {
		br, ok := kids[i].(formats.Broken)
		if want == "" {
			continue
		}
		if !ok || formats.ErrorOffset(br.Err()) != int64(verfRecord(i)+[]int{12, 4}[i]) || !strings.Contains(br.Err().Error(), want) {
			t.Fatalf("entry %d: %v", i, kids[i])
		}
	}
	_, err := io.ReadAll(kids[2].(formats.Rawer).Open())
	if err == nil || !strings.Contains(err.Error(), "the stream ends after 5000 bytes") {
		t.Fatalf("short stream read: %v", err)
	}
	if got, err := io.ReadAll(kids[3].(formats.Rawer).Open()); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("ok.dat: %v", err)
	}
}

// Unpacking is charged to the file's budget: entries that together unpack
// past it fail with their offset instead of allocating.
func TestVERFBudget(t *testing.T) {
	var files []File
	data := runs(1<<20, 150) // packs about 28 times
	for i := 0; i < 30; i++ {
		files = append(files, File{Name: "z" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Data: data})
	}
	b, _ := BuildVERF(files, CompZlib)
	kids, _ := openIMG(t, b).Children()
	failed := 0
	for _, k := range kids {
		if _, err := io.ReadAll(k.(formats.Rawer).Open()); err != nil {
			failed++
			if !strings.Contains(err.Error(), "limit") {
				t.Fatalf("%s: %v", k.Name(), err)
			}
		}
	}
	if failed == 0 {
		t.Fatalf("30 MiB unpacked from a %d-byte file", len(b))
	}
}

func FuzzVERF(f *testing.F) {
	for _, comp := range []int{CompNone, CompZlib, CompLZ4} {
		b, _ := BuildVERF([]File{{"a.txd", sampleTXD(f)}, {"b", []byte{1, 2, 3}}}, comp)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseVERF(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		root := newRoot(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "f.img"}, a)
		kids, _ := root.Children()
		for _, k := range kids {
			k.Children()
			if r, ok := k.(formats.Rawer); ok {
				io.Copy(io.Discard, r.Open())
			}
		}
	})
}
