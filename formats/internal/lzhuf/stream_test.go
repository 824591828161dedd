package lzhuf

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"
	"testing/iotest"
)

// DecodeTo must give what Decode gives, through readers that return any
// amount, over outputs longer than its 60 KB chunk, and fail as Decode
// fails on cut streams.
func TestDecodeToMatchesDecode(t *testing.T) {
	t.Run("XRay", decodeToMatchesDecode[XRay])
	t.Run("Okumura", decodeToMatchesDecode[Okumura])
}

func decodeToMatchesDecode[F MaxFreq](t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, n := range []int{0, 1, 4096, 61 << 10, 300000} {
		data := structured(rng, n)
		enc := encode[F](data)
		for _, wrap := range []string{"plain", "onebyte", "half"} {
			var out bytes.Buffer
			got, err := DecodeTo[F](&out, iotestReader(wrap, bytes.NewReader(enc)), int64(n))
			if err != nil || got != int64(n) || !bytes.Equal(out.Bytes(), data) {
				t.Fatalf("%d bytes, %s reader: wrote %d, err %v, equal %v", n, wrap, got, err, bytes.Equal(out.Bytes(), data))
			}
		}
		for _, cut := range []int{1, len(enc) / 2, len(enc) - 36} {
			if cut < 1 || cut >= len(enc) || n < 100 { // (16 bits of slack end a tiny stream early)
				continue
			}
			_, err := DecodeTo[F](&bytes.Buffer{}, bytes.NewReader(enc[:cut]), int64(n))
			var le *Error
			if !errors.As(err, &le) || le.Off > int64(cut) {
				t.Errorf("%d bytes cut to %d: error %v, want an *Error inside the stream", n, cut, err)
			}
		}
	}
}

func iotestReader(kind string, r *bytes.Reader) interface{ Read([]byte) (int, error) } {
	switch kind {
	case "onebyte":
		return iotest.OneByteReader(r)
	case "half":
		return iotest.HalfReader(r)
	}
	return r
}
