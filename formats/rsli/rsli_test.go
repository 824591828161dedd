package rsli

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/internal/testutil"
)

func TestXORVector(t *testing.T) {
	b := []byte{0, 1, 2, 3}
	XOR(b, 0x1234)
	if !bytes.Equal(b, []byte{0x7A, 0x86, 0xB2, 0x8C}) {
		t.Errorf("% X", b)
	}
	XOR(b, 0x1234) // the same key stream again restores the plain bytes
	if !bytes.Equal(b, []byte{0, 1, 2, 3}) {
		t.Errorf("second pass % X", b)
	}
}

func sampleData(n int, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	words := []string{"Parkan ", "Iron ", "Strategy ", "texture ", "\x00\x00\x00\x00", "\xff\xfe"}
	var b []byte
	for len(b) < n {
		if rng.Intn(4) == 0 {
			b = append(b, byte(rng.Intn(256)))
		} else {
			b = append(b, words[rng.Intn(len(words))]...)
		}
	}
	return b[:n]
}

func TestMethodsRoundTrip(t *testing.T) {
	methods := []int{MethodRaw, MethodXOR, MethodLZSS, MethodXORLZSS, MethodHuffman, MethodXORHuffman, MethodDeflate}
	var ents []BuildEntry
	for i, m := range methods {
		ents = append(ents, BuildEntry{Name: strings.ToUpper(MethodName(m)[:3]) + string(rune('A'+i)) + ".BIN", Method: m, Data: sampleData(3000+97*i, int64(i))})
	}
	ents = append(ents, BuildEntry{Name: "EMPTY", Method: MethodLZSS}, BuildEntry{Name: "SPACES", Method: MethodLZSS, Data: []byte("        ")})
	data, err := Build(ents, 0xBEEF)
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewArchive(bytes.NewReader(data), 0, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if a.Count != len(ents) || !a.Sorted {
		t.Fatalf("count %d sorted %v", a.Count, a.Sorted)
	}
	for i, e := range ents {
		if got := a.Entries[i].Name(); got != e.Name {
			t.Errorf("entry %d name %q", i, got)
		}
		if a.Entries[i].Method() != e.Method {
			t.Errorf("%s method 0x%X", e.Name, a.Entries[i].Method())
		}
		out, err := a.Data(i)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if !bytes.Equal(out, e.Data) {
			t.Errorf("%s (%s): data differs", e.Name, MethodName(e.Method))
		}
		if e.Method >= MethodLZSS && e.Method != MethodDeflate && len(e.Data) > 1000 && a.Entries[i].Packed >= uint32(len(e.Data)) {
			t.Errorf("%s does not compress: %d → %d", e.Name, len(e.Data), a.Entries[i].Packed)
		}
	}
}

// TestLZSSReference decodes hand-made LZSS: three literals, then a
// reference to the ring's initial spaces at 0xFFF that wraps to 0.
func TestLZSSReference(t *testing.T) {
	out, err := UnLZSS([]byte{0b0000_0111, 'A', 'B', 'C', 0xFF, 0xF1}, 7)
	if err != nil {
		t.Fatal(err)
	}
	// The reference at 0xFFF reads ' ', then ring[0..2] = ' ', ' ', ' '.
	if string(out) != "ABC    " {
		t.Errorf("%q", out)
	}
	// A reference into what the literals just wrote (0xFEE..0xFF0).
	out, err = UnLZSS([]byte{0b0000_0011, 'x', 'y', 0xEE, 0xF3}, 8)
	if err != nil || string(out) != "xyxyxyxy" {
		t.Errorf("%q %v", out, err)
	}
}

func TestNodeTree(t *testing.T) {
	data, err := Build([]BuildEntry{
		{Name: "B.TXT", Method: MethodDeflate, Data: []byte("bee bee bee bee")},
		{Name: "A.TXT", Method: MethodXORLZSS, Data: []byte("aye aye aye aye")},
	}, 0x4321)
	if err != nil {
		t.Fatal(err)
	}
	n, err := OpenNode(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Base: 0, Name: "x.lib"})
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := n.Children()
	if len(kids) != 2 || kids[0].Name() != "B.TXT" || kids[1].Name() != "A.TXT" {
		t.Fatalf("children %v", kids)
	}
	b, _ := readAll(kids[1].(formats.Rawer))
	if string(b) != "aye aye aye aye" {
		t.Errorf("A.TXT = %q", b)
	}
	// Order holds the name-sorted permutation: position 0 = original index of "A.TXT".
	if n.(*Node).A.Entries[0].Order != 1 || n.(*Node).A.Entries[1].Order != 0 {
		t.Errorf("order %d %d", n.(*Node).A.Entries[0].Order, n.(*Node).A.Entries[1].Order)
	}
}

func readAll(r formats.Rawer) ([]byte, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(r.Open())
	return b.Bytes(), err
}

func TestQuirksAndBroken(t *testing.T) {
	good, _ := Build([]BuildEntry{{Name: "INTERF8.TEX", Method: MethodDeflate, Data: bytes.Repeat([]byte("sprite "), 50)}}, 7)
	// Claim one more packed byte than the file holds: tolerated for Deflate.
	plus := append([]byte(nil), good...)
	tab := plus[32:64]
	XOR(tab, 7)
	binary.LittleEndian.PutUint32(tab[28:], binary.LittleEndian.Uint32(tab[28:])+1)
	XOR(tab, 7)
	a, err := NewArchive(bytes.NewReader(plus), 0, int64(len(plus)))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Notes) != 1 {
		t.Errorf("notes %v", a.Notes)
	}
	if out, err := a.Data(0); err != nil || len(out) != 350 {
		t.Errorf("quirk entry: %d bytes, %v", len(out), err)
	}
	cases := []struct {
		name string
		data []byte
		off  int64
		want string
	}{
		{"short", good[:20], 0, "run past the end"},
		{"magic", append([]byte("NL\x00\x02"), good[4:]...), 0, "bad magic"},
		{"table past end", func() []byte { b := append([]byte(nil), good[:40]...); return b }(), 32, "table"},
		{"data past end", good[:len(good)-5], 32 + 24, "runs past the end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewArchive(bytes.NewReader(c.data), 0x10, int64(len(c.data)))
			testutil.WantFormatError(t, err, 0x10, c.off, c.want)
		})
	}
	// A second count that differs is noted; the first one is used.
	mis := append([]byte(nil), good...)
	mis[6] = 5
	if a, err := NewArchive(bytes.NewReader(mis), 0, int64(len(mis))); err != nil || len(a.Entries) != 1 || len(a.Notes) != 1 || !strings.Contains(a.Notes[0], "offset 6 (5)") {
		t.Errorf("count mismatch: %v, %+v", err, a)
	}
	// A corrupt packed stream is an error of that entry only.
	bad, _ := Build([]BuildEntry{{Name: "X", Method: MethodHuffman, Data: bytes.Repeat([]byte("abc"), 100)}}, 1)
	bad = bad[:len(bad)-4]
	tb := bad[32:64]
	XOR(tb, 1)
	binary.LittleEndian.PutUint32(tb[28:], binary.LittleEndian.Uint32(tb[28:])-4)
	XOR(tb, 1)
	a, err = NewArchive(bytes.NewReader(bad), 0, int64(len(bad)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Data(0); err == nil {
		t.Error("truncated Huffman stream decoded")
	}
}

func FuzzRsLi(f *testing.F) {
	for i, m := range []int{MethodRaw, MethodXORLZSS, MethodXORHuffman, MethodDeflate} {
		b, _ := Build([]BuildEntry{{Name: "A", Method: m, Data: sampleData(200, int64(i))}, {Name: "B", Method: MethodLZSS, Data: []byte("hello hello")}}, uint16(i*77))
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		size := int64(len(data))
		a, err := NewArchive(bytes.NewReader(data), 0, size)
		testutil.FileError(t, err, size)
		if err != nil {
			return
		}
		entries, total := make([]BuildEntry, 0, len(a.Entries)), 0
		for i, e := range a.Entries {
			d, err := a.Data(i)
			testutil.FileError(t, err, size)
			if err != nil {
				entries = nil
				continue
			}
			if len(d) != int(e.Unpacked) {
				t.Fatalf("entry %d: %d bytes, %d declared", i, len(d), e.Unpacked)
			}
			if head, err := a.Head(i, 16); err != nil || !bytes.Equal(head, d[:min(16, len(d))]) {
				t.Fatalf("entry %d: head % X (%v), data starts % X", i, head, err, d[:min(16, len(d))])
			}
			total += len(d)
			if entries != nil {
				entries = append(entries, BuildEntry{Name: e.Name(), Method: e.Method(), Data: d})
			}
		}
		if entries != nil && total <= 4096 {
			roundTrip(t, entries, uint16(a.Seed))
		}
	})
}

// roundTrip builds an archive of entries and checks that it reads back
// the same names, methods and data.
func roundTrip(t *testing.T, entries []BuildEntry, seed uint16) {
	t.Helper()
	b, err := Build(entries, seed)
	if err != nil {
		t.Fatalf("rebuilding the entries read: %v", err)
	}
	a, err := NewArchive(bytes.NewReader(b), 0, int64(len(b)))
	if err != nil || len(a.Entries) != len(entries) {
		t.Fatalf("the rebuilt archive: %v", err)
	}
	for i, e := range entries {
		got := a.Entries[i]
		d, err := a.Data(i)
		if err != nil || got.Name() != e.Name || got.Method() != e.Method || !bytes.Equal(d, e.Data) {
			t.Fatalf("rebuilt entry %d: %q %s %v, want %q %s", i, got.Name(), MethodName(got.Method()), err, e.Name, MethodName(e.Method))
		}
	}
}

// FuzzUnpack: the unpackers never give more than asked for, exactly that
// on success, and unpack what their packers made of the same bytes.
func FuzzUnpack(f *testing.F) {
	f.Add(LZSS([]byte("abcabcabcabc")), Huff([]byte("abcabcabcabc")), uint16(12))
	f.Fuzz(func(t *testing.T, lz, hf []byte, n uint16) {
		out, err := UnLZSS(lz, int(n))
		if len(out) > int(n) || err == nil && len(out) != int(n) {
			t.Fatalf("LZSS: %d bytes of %d asked for (%v)", len(out), n, err)
		}
		out, err = UnHuff(hf, int(n))
		if len(out) > int(n) || err == nil && len(out) != int(n) {
			t.Fatalf("Huffman: %d bytes of %d asked for (%v)", len(out), n, err)
		}
		if len(lz) <= 48 { // (the LZSS packer searches the whole ring: slow)
			if back, err := UnLZSS(LZSS(lz), len(lz)); err != nil || !bytes.Equal(back, lz) {
				t.Fatalf("LZSS round trip: %v", err)
			}
		}
		if back, err := UnHuff(Huff(hf), len(hf)); err != nil || !bytes.Equal(back, hf) {
			t.Fatalf("Huffman round trip: %v", err)
		}
	})
}

// TestOverlayTrailer: an "AO" trailer shifts every data offset.
func TestOverlayTrailer(t *testing.T) {
	plain, err := Build([]BuildEntry{{Name: "A", Method: MethodLZSS, Data: []byte("overlay overlay overlay")}, {Name: "B", Method: MethodRaw, Data: []byte("raw")}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	const junk = 10
	head := 32 + 2*32
	shifted := append(append(append([]byte(nil), plain[:head]...), make([]byte, junk)...), plain[head:]...)
	shifted = append(shifted, 'A', 'O', junk, 0, 0, 0)
	a, err := NewArchive(bytes.NewReader(shifted), 0, int64(len(shifted)))
	if err != nil {
		t.Fatal(err)
	}
	if a.Overlay != junk {
		t.Fatalf("overlay %d", a.Overlay)
	}
	for i, want := range []string{"overlay overlay overlay", "raw"} {
		if got, err := a.Data(i); err != nil || string(got) != want {
			t.Errorf("entry %d: %q %v", i, got, err)
		}
	}
}

// TestHuffReferenceVectors decodes the reference lzhuf.c's output, built
// with LZHUF.C's MaxFreq of 0x8000 (formats/internal/lzhuf/testdata): the
// bit order, the tree updates, the rebuilds and the distance code of
// UnHuff are the published algorithm's, not only this package's encoder's.
// The same vectors packed as entries of an archive open through Data.
func TestHuffReferenceVectors(t *testing.T) {
	const dir = "../internal/lzhuf/testdata"
	names, _ := filepath.Glob(filepath.Join(dir, "*.okumura.lz"))
	if len(names) == 0 {
		t.Fatal("no Okumura vectors in " + dir)
	}
	var entries []BuildEntry
	for _, lz := range names {
		packed, err := os.ReadFile(lz)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(lz), ".okumura.lz")
		want, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := UnHuff(packed, len(want))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s: differs from byte %d", name, i)
		}
		entries = append(entries, BuildEntry{Name: name, Method: MethodXORHuffman, Data: want})
	}
	b, err := Build(entries, 0x5EED)
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewArchive(bytes.NewReader(b), 0, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range entries {
		if got, err := a.Data(i); err != nil || !bytes.Equal(got, e.Data) {
			t.Errorf("entry %s: %v", e.Name, err)
		}
	}
}

// TestUnpackBudget: an archive of small entries that each inflate to
// 16 MiB can unpack only as much as the file's budget allows; listing it
// decodes no more than the members' first bytes.
func TestUnpackBudget(t *testing.T) {
	var entries []BuildEntry
	for i := 0; i < 10; i++ {
		entries = append(entries, BuildEntry{Name: fmt.Sprintf("BOMB%d", i), Method: MethodDeflate, Data: make([]byte, 16<<20)})
	}
	data, err := Build(entries, 7)
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.OpenBytes("bomb.lib", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	kids, err := f.Root.Children()
	if err != nil || len(kids) != 10 {
		t.Fatalf("%d children, %v", len(kids), err)
	}
	runtime.ReadMemStats(&after)
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 8<<20 {
		t.Errorf("listing allocated %d bytes: members were unpacked whole", grown)
	}
	whole, refused := 0, 0
	for _, k := range kids {
		_, err := io.Copy(io.Discard, k.(formats.Rawer).Open())
		switch {
		case err == nil:
			whole++
		case strings.Contains(err.Error(), "limit of"):
			refused++
		default:
			t.Errorf("%s: %v", k.Name(), err)
		}
	}
	if limit := formats.UnpackLimit(int64(len(data))); whole != int(limit/(16<<20)) || refused != 10-whole {
		t.Errorf("%d unpacked whole, %d refused; the budget of %d bytes allows %d", whole, refused, limit, limit/(16<<20))
	}
}
