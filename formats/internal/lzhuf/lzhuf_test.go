package lzhuf

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"
)

// encode is AppendEncode into a new slice.
func encode[F MaxFreq](data []byte) []byte { return AppendEncode[F](nil, data) }

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

// roundTripCases are inputs of every shape, the large ones crossing many
// tree rebuilds of either codec.
func roundTripCases() map[string][]byte {
	rng := rand.New(rand.NewSource(1))
	random := make([]byte, 3<<20)
	rng.Read(random)
	return map[string][]byte{
		"empty":      {},
		"one":        {42},
		"two":        {1, 2},
		"zeros":      make([]byte, 2<<20),
		"random":     random,
		"structured": structured(rng, 4<<20),
		"spaces":     bytes.Repeat([]byte(" "), 10000),
	}
}

func TestRoundTrip(t *testing.T) {
	t.Run("XRay", roundTrip[XRay])
	t.Run("Okumura", roundTrip[Okumura])
}

func roundTrip[F MaxFreq](t *testing.T) {
	for name, data := range roundTripCases() {
		enc := encode[F](data)
		dec, err := Decode[F](enc, len(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(dec, data) {
			t.Fatalf("%s: round trip differs", name)
		}
		// A head only: the first bytes, the stream going on.
		if len(data) > 100 {
			head, err := Decode[F](enc, 100)
			if err != nil || !bytes.Equal(head, data[:100]) {
				t.Fatalf("%s: the first 100 bytes: %v", name, err)
			}
		}
	}
}

// TestCodecsDiffer: the two codecs agree until the first tree rebuild and
// not after it, so the type argument really selects MaxFreq.
func TestCodecsDiffer(t *testing.T) {
	data := structured(rand.New(rand.NewSource(4)), 1<<20)
	enc := encode[XRay](data)
	got, err := Decode[Okumura](enc, len(data))
	if err == nil && bytes.Equal(got, data) {
		t.Fatal("an X-Ray stream decodes the same with MaxFreq 0x8000")
	}
	// Before 0x4000 - 314 symbols nothing is rebuilt: the first 2,000
	// bytes (at most 2,000 symbols) agree.
	if head, err := Decode[Okumura](enc, 2000); err != nil || !bytes.Equal(head, data[:2000]) {
		t.Fatalf("the codecs differ before the first rebuild: %v", err)
	}
}

func TestRejects(t *testing.T) {
	t.Run("XRay", rejects[XRay])
	t.Run("Okumura", rejects[Okumura])
}

func rejects[F MaxFreq](t *testing.T) {
	data := structured(rand.New(rand.NewSource(2)), 200000)
	enc := encode[F](data)
	for _, cut := range []int{1, 6, 96, len(enc) / 2, len(enc) - 36} {
		_, err := Decode[F](enc[:cut], len(data))
		var le *Error
		if !errors.As(err, &le) {
			t.Errorf("cut to %d bytes: error %v, want an *Error", cut, err)
		} else if le.Off < 0 || le.Off > int64(cut) {
			t.Errorf("cut to %d bytes: error at offset %d, outside the stream", cut, le.Off)
		}
	}
	// Impossible sizes are refused before anything is allocated.
	for _, c := range []struct{ stream, size int }{{0, 65}, {4, 4*MaxExpansion + 65}, {100, -1}} {
		if _, err := Decode[F](make([]byte, c.stream), c.size); err == nil {
			t.Errorf("%d bytes of %d-byte stream: no error", c.size, c.stream)
		}
	}
}

// FuzzDecode: any stream and size, either codec: a success is exactly the
// size asked for, a failure an *Error inside the stream, and the encoder
// round-trips the input.
func FuzzDecode(f *testing.F) {
	for _, v := range readVectors(f) {
		if len(v.lz) < 40000 {
			f.Add(v.lz, uint32(len(v.bin)), v.codec == "okumura")
		}
	}
	f.Add(encode[XRay]([]byte("Hello, X-Ray! Hello, X-Ray!")), uint32(27), false)
	f.Add(encode[Okumura](structured(rand.New(rand.NewSource(3)), 5000)), uint32(5000), true)
	f.Fuzz(func(t *testing.T, b []byte, size uint32, okumura bool) {
		if okumura {
			fuzzOne[Okumura](t, b, int(size%(1<<22)))
		} else {
			fuzzOne[XRay](t, b, int(size%(1<<22)))
		}
	})
}

func fuzzOne[F MaxFreq](t *testing.T, b []byte, size int) {
	out, err := Decode[F](b, size)
	var le *Error
	switch {
	case err == nil && len(out) != size:
		t.Fatalf("decoded %d bytes, asked for %d", len(out), size)
	case err != nil && !errors.As(err, &le):
		t.Fatalf("error %T %v, want an *Error", err, err)
	case err != nil && (le.Off < 0 || le.Off > int64(len(b))):
		t.Fatalf("error at offset %d of a %d-byte stream", le.Off, len(b))
	}
	if len(b) < 1<<16 {
		back, err := Decode[F](encode[F](b), len(b))
		if err != nil || !bytes.Equal(back, b) {
			t.Fatalf("round trip: %v", err)
		}
	}
}

// TestRingStart: before any output the window is LZHUF.C's ring: spaces
// below 0xFC4 (N − F) and the zeros of its static buffer above, which a
// first match reaches from distance 4,037 on (the encoders never make
// such a match; a hand-made stream can).
func TestRingStart(t *testing.T) {
	for _, c := range []struct {
		dist int
		want byte
	}{{1, ' '}, {RingSize - MaxMatch, ' '}, {RingSize - MaxMatch + 1, 0}, {RingSize, 0}} {
		e := &encoder[Okumura]{h: newTree()}
		e.match(MaxMatch, c.dist)
		e.w.flush()
		trees.Put(e.h)
		got, err := Decode[Okumura](e.w.out, MaxMatch)
		if err != nil {
			t.Fatalf("distance %d: %v", c.dist, err)
		}
		if want := bytes.Repeat([]byte{c.want}, MaxMatch); c.dist < RingSize-MaxMatch && !bytes.Equal(got, want) || c.dist >= RingSize-MaxMatch && got[0] != c.want {
			t.Errorf("distance %d: % X, want %q first", c.dist, got, c.want)
		}
	}
}
