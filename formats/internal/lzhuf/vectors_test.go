package lzhuf

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vector is one file of testdata: NAME.bin and the reference encoder's
// stream NAME.CODEC.lz (see testdata/README.md).
type vector struct {
	name, codec string
	bin, lz     []byte
}

// readVectors reads every vector of testdata; there must be some.
func readVectors(tb testing.TB) []vector {
	tb.Helper()
	names, _ := filepath.Glob(filepath.Join("testdata", "*.lz"))
	if len(names) == 0 {
		tb.Fatal("no vectors in testdata")
	}
	var out []vector
	for _, lz := range names {
		base := strings.TrimSuffix(filepath.Base(lz), ".lz")
		name, codec, _ := strings.Cut(base, ".")
		packed, err := os.ReadFile(lz)
		if err != nil {
			tb.Fatal(err)
		}
		bin, err := os.ReadFile(filepath.Join("testdata", name+".bin"))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, vector{name, codec, bin, packed})
	}
	return out
}

// TestVectors decodes the reference lzhuf.c's streams, built with either
// MaxFreq, whole and streaming, and checks that the vectors cross the tree
// rebuilds of both codecs.
func TestVectors(t *testing.T) {
	codecs := map[string]bool{}
	for _, v := range readVectors(t) {
		codecs[v.codec] = true
		t.Run(v.name+"."+v.codec, func(t *testing.T) {
			var got []byte
			var err error
			var streamed bytes.Buffer
			switch v.codec {
			case "xray":
				got, err = Decode[XRay](v.lz, len(v.bin))
				if err == nil {
					_, err = DecodeTo[XRay](&streamed, bytes.NewReader(v.lz), int64(len(v.bin)))
				}
			case "okumura":
				got, err = Decode[Okumura](v.lz, len(v.bin))
				if err == nil {
					_, err = DecodeTo[Okumura](&streamed, bytes.NewReader(v.lz), int64(len(v.bin)))
				}
			default:
				t.Fatalf("unknown codec %q", v.codec)
			}
			if err != nil {
				t.Fatal(err)
			}
			if i := firstDifference(got, v.bin); i >= 0 {
				t.Fatalf("decoded %d bytes, want %d; first difference at %d", len(got), len(v.bin), i)
			}
			if !bytes.Equal(streamed.Bytes(), v.bin) {
				t.Fatal("DecodeTo differs")
			}
		})
	}
	if !codecs["xray"] || !codecs["okumura"] {
		t.Errorf("vectors of %v only", codecs)
	}
}

// TestVectorsRebuild: the vectors rebuild the tree of each codec at least
// twice (the random input alone has 4,096 literals, one symbol each), so
// the rebuild at 0x4000 and the one at 0x8000 are checked against the
// reference.
func TestVectorsRebuild(t *testing.T) {
	most := map[string]int{}
	for _, v := range readVectors(t) {
		var n int
		if v.codec == "okumura" {
			n = countRebuilds[Okumura](t, v.lz, len(v.bin))
		} else {
			n = countRebuilds[XRay](t, v.lz, len(v.bin))
		}
		most[v.codec] = max(most[v.codec], n)
	}
	if most["xray"] < 2 || most["okumura"] < 2 {
		t.Errorf("the most rebuilds of one vector, by codec: %v; want 2 or more", most)
	}
}

// countRebuilds decodes stream a symbol at a time and counts the tree
// rebuilds on the way.
func countRebuilds[F MaxFreq](t *testing.T, stream []byte, size int) int {
	t.Helper()
	n := 0
	d := newDecoder[F](stream, nil, int64(size))
	defer d.release()
	buf := make([]byte, RingSize+size+MaxMatch)
	initWindow(buf)
	for at := RingSize; at < len(buf)-MaxMatch; {
		if d.h.freq[rootNode] == maxFreq[F]() {
			n++
		}
		next, err := d.run(buf, at, at+1, len(buf)-MaxMatch)
		if err != nil {
			t.Fatal(err)
		}
		at = next
	}
	return n
}

func firstDifference(a, b []byte) int {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
