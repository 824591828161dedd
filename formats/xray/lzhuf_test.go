package xray

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"rummage/internal/shareddata"
)

// The reference encoder's X-Ray vectors, with the payload's u32 size, in
// ../shared (see internal/shareddata); formats/internal/lzhuf keeps its
// own vectors in its testdata.
var vectorDir = []string{"vectors", "lzhuf"}

func TestHelloVector(t *testing.T) {
	lz, _ := hex.DecodeString("48000000ea7c7f187fbdc6b3c9b9ef7b4175b4c0dbcf77be600581bcdeefb7fc0e0f0b87c4e2e580")
	want := "Hello, X-Ray! Hello, X-Ray! Hello, X-Ray! abcabcabcabcabcabc 0123456789\n"
	got, err := Decode(lz, 0)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("got %q", got)
	}
}

func TestSharedVectors(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(shareddata.Path(t, vectorDir...), "*.lz"))
	if len(files) == 0 {
		t.Fatal("no vectors in the shared vector folder")
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			lz, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(f[:len(f)-3] + ".bin")
			if err != nil {
				t.Fatal(err)
			}
			got, err := Decode(lz, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Fatalf("decoded %d bytes, want %d; first difference at %d", len(got), len(want), i)
			}
			// Our encoder's output must decode back too.
			back, err := Decode(Encode(want), 0)
			if err != nil || !bytes.Equal(back, want) {
				t.Fatalf("round trip failed: %v", err)
			}
		})
	}
}

// sample returns n bytes of repetitive text with noise.
func sample(n int) []byte {
	rng := rand.New(rand.NewSource(int64(n)))
	out := make([]byte, 0, n+20)
	for len(out) < n {
		if rng.Intn(4) == 0 {
			out = append(out, byte(rng.Intn(256)))
		} else {
			out = append(out, "LMAP:L#7,STD:terrain_02;"[:5+rng.Intn(19)]...)
		}
	}
	return out[:n]
}

// TestPayload: the size prefix round-trips, and the payload's faults are
// *DecodeErrors whose offsets count from the payload's first byte.
func TestPayload(t *testing.T) {
	data := sample(200000)
	enc := Encode(data)
	if n, ok := UnpackedSize(enc); !ok || int(n) != len(data) {
		t.Fatalf("size prefix %d, %v", n, ok)
	}
	for _, cut := range []int{5, 10, 100, len(enc) / 2, len(enc) - 40} {
		_, err := Decode(enc[:cut], 0)
		var de *DecodeError
		if !errors.As(err, &de) || de.Off < 0 || de.Off > int64(cut) || de.Off < 4 && cut > 2000 {
			t.Errorf("truncated to %d bytes: %v, want a *DecodeError inside the payload (past the prefix when the size is possible)", cut, err)
		}
	}
	// Absurd declared sizes are rejected before allocation.
	for _, p := range [][]byte{
		{0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0},
		{0x00, 0x00, 0x00, 0x40},
		{1, 0, 0},
	} {
		var de *DecodeError
		if _, err := Decode(p, 0); !errors.As(err, &de) || de.Off != 0 {
			t.Errorf("payload % X: %v, want a *DecodeError at 0", p, err)
		}
	}
	if _, err := Decode(enc, 1000); err == nil {
		t.Error("limit not honoured")
	}
	if got, err := Decode(Encode(nil), 0); err != nil || len(got) != 0 {
		t.Errorf("empty payload: %d bytes, %v", len(got), err)
	}
}

// TestDecodeTo: the streaming decoder reads the prefix, honours the limit
// and reports faults as Decode does.
func TestDecodeTo(t *testing.T) {
	data := sample(100000)
	enc := Encode(data)
	var out bytes.Buffer
	if n, err := DecodeTo(&out, bytes.NewReader(enc), 0); err != nil || n != int64(len(data)) || !bytes.Equal(out.Bytes(), data) {
		t.Fatalf("wrote %d, %v", n, err)
	}
	if _, err := DecodeTo(&bytes.Buffer{}, bytes.NewReader(enc), 1000); err == nil {
		t.Error("limit not honoured")
	}
	var de *DecodeError
	if _, err := DecodeTo(&bytes.Buffer{}, bytes.NewReader(enc[:2]), 0); !errors.As(err, &de) || de.Off != 0 {
		t.Errorf("2 bytes: %v", err)
	}
	if _, err := DecodeTo(&bytes.Buffer{}, bytes.NewReader(enc[:len(enc)/2]), 0); !errors.As(err, &de) || de.Off < 4 || de.Off > int64(len(enc)/2) {
		t.Errorf("half the payload: %v", err)
	}
}

// TestEncodeTo: the streaming encoder writes Encode's payload, and refuses
// an input that is not the size it declares.
func TestEncodeTo(t *testing.T) {
	data := sample(300000)
	var out bytes.Buffer
	if n, err := EncodeTo(&out, bytes.NewReader(data), int64(len(data))); err != nil || n != int64(out.Len()) || !bytes.Equal(out.Bytes(), Encode(data)) {
		t.Fatalf("wrote %d, %v, same as Encode %v", n, err, bytes.Equal(out.Bytes(), Encode(data)))
	}
	for _, size := range []int64{int64(len(data)) - 1, int64(len(data)) + 1, -1, 1 << 32} {
		if _, err := EncodeTo(&bytes.Buffer{}, bytes.NewReader(data), size); err == nil {
			t.Errorf("size %d for %d bytes accepted", size, len(data))
		}
	}
}

// FuzzLZHUF: any payload decodes to exactly its declared size or fails
// with a *DecodeError inside it, and the encoder round-trips the input.
func FuzzLZHUF(f *testing.F) {
	if dir, ok := shareddata.Lookup(vectorDir...); ok {
		files, _ := filepath.Glob(filepath.Join(dir, "*.lz"))
		for _, fn := range files {
			if b, err := os.ReadFile(fn); err == nil && len(b) < 40000 {
				f.Add(b)
			}
		}
	}
	f.Add(Encode([]byte("Hello, X-Ray! Hello, X-Ray!")))
	f.Add(Encode(sample(5000)))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := Decode(b, 1<<24)
		var de *DecodeError
		switch {
		case err == nil:
			if n, _ := UnpackedSize(b); int(n) != len(out) {
				t.Fatalf("decoded %d bytes, declared %d", len(out), n)
			}
		case !errors.As(err, &de):
			t.Fatalf("error %T %v, want a *DecodeError", err, err)
		case de.Off < 0 || de.Off > int64(len(b)):
			t.Fatalf("error at payload offset %d of %d bytes", de.Off, len(b))
		}
		// The encoder round-trips whatever it is given.
		if len(b) < 1<<16 {
			back, err := Decode(Encode(b), 0)
			if err != nil || !bytes.Equal(back, b) {
				t.Fatalf("round trip: %v", err)
			}
		}
	})
}

func BenchmarkDecodeVBuffer(b *testing.B) {
	lz, err := os.ReadFile(filepath.Join(shareddata.Path(b, vectorDir...), "vbuffer.lz"))
	if err != nil {
		b.Fatal(err)
	}
	n, _ := UnpackedSize(lz)
	b.SetBytes(int64(n))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Decode(lz, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeVBuffer(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join(shareddata.Path(b, vectorDir...), "vbuffer.bin"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	for i := 0; i < b.N; i++ {
		Encode(raw)
	}
}
