package xray

import (
	"bytes"
	"encoding/hex"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

const vectorDir = "../../../shared/vectors/lzhuf"

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
	files, _ := filepath.Glob(filepath.Join(vectorDir, "*.lz"))
	if len(files) == 0 {
		t.Skip("shared vectors not present")
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

// structured returns data with repeats at many distances, runs and text.
func structured(rng *rand.Rand, n int) []byte {
	out := make([]byte, 0, n)
	for len(out) < n {
		switch rng.Intn(5) {
		case 0: // literal noise
			for k := rng.Intn(50); k > 0; k-- {
				out = append(out, byte(rng.Intn(256)))
			}
		case 1: // run
			b := byte(rng.Intn(256))
			for k := rng.Intn(300); k > 0; k-- {
				out = append(out, b)
			}
		case 2, 3: // copy from the past, possibly overlapping
			if len(out) == 0 {
				continue
			}
			d := 1 + rng.Intn(min(len(out), 5000))
			for k := rng.Intn(120); k > 0; k-- {
				out = append(out, out[len(out)-d])
			}
		case 4: // small-alphabet text
			for k := rng.Intn(80); k > 0; k-- {
				out = append(out, "LMAP:STD,#0123"[rng.Intn(14)])
			}
		}
	}
	return out[:n]
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	random := make([]byte, 3<<20)
	rng.Read(random)
	cases := map[string][]byte{
		"empty":      {},
		"one":        {42},
		"two":        {1, 2},
		"zeros":      make([]byte, 2<<20),
		"random":     random,
		"structured": structured(rng, 4<<20),
		"spaces":     bytes.Repeat([]byte(" "), 10000),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			enc := Encode(data)
			dec, err := Decode(enc, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dec, data) {
				t.Fatal("round trip differs")
			}
		})
	}
}

func TestRejects(t *testing.T) {
	data := structured(rand.New(rand.NewSource(2)), 200000)
	enc := Encode(data)
	for _, cut := range []int{5, 10, 100, len(enc) / 2, len(enc) - 40} {
		if _, err := Decode(enc[:cut], 0); err == nil {
			t.Errorf("truncated to %d bytes: no error", cut)
		}
	}
	// Absurd declared sizes are rejected before allocation.
	for _, p := range [][]byte{
		{0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0},
		{0x00, 0x00, 0x00, 0x40},
		{1, 0, 0},
	} {
		if _, err := Decode(p, 0); err == nil {
			t.Errorf("payload % X: no error", p)
		}
	}
	if _, err := Decode(enc, 1000); err == nil {
		t.Error("limit not honoured")
	}
}

func FuzzLZHUF(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(vectorDir, "*.lz"))
	for _, fn := range files {
		if b, err := os.ReadFile(fn); err == nil && len(b) < 40000 {
			f.Add(b)
		}
	}
	f.Add(Encode([]byte("Hello, X-Ray! Hello, X-Ray!")))
	f.Add(Encode(structured(rand.New(rand.NewSource(3)), 5000)))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := Decode(b, 1<<24)
		if err == nil && len(b) >= 4 {
			if n, _ := UnpackedSize(b); int(n) != len(out) {
				t.Fatalf("decoded %d bytes, declared %d", len(out), n)
			}
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
	lz, err := os.ReadFile(filepath.Join(vectorDir, "vbuffer.lz"))
	if err != nil {
		b.Skip("shared vectors not present")
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
	raw, err := os.ReadFile(filepath.Join(vectorDir, "vbuffer.bin"))
	if err != nil {
		b.Skip("shared vectors not present")
	}
	b.SetBytes(int64(len(raw)))
	for i := 0; i < b.N; i++ {
		Encode(raw)
	}
}
