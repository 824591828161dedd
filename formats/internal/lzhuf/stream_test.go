package xray

import (
	"bytes"
	"math/rand"
	"testing"
	"testing/iotest"
)

// DecodeTo must give what Decode gives, through readers that return any
// amount, over outputs longer than its 60 KB chunk, and fail as Decode
// fails on cut streams.
func TestDecodeToMatchesDecode(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, n := range []int{0, 1, 4096, 61 << 10, 300000} {
		data := structured(rng, n)
		enc := Encode(data)
		for _, wrap := range []string{"plain", "onebyte", "half"} {
			var out bytes.Buffer
			got, err := DecodeTo(&out, iotestReader(wrap, bytes.NewReader(enc)), 0)
			if err != nil || got != int64(n) || !bytes.Equal(out.Bytes(), data) {
				t.Fatalf("%d bytes, %s reader: wrote %d, err %v, equal %v", n, wrap, got, err, bytes.Equal(out.Bytes(), data))
			}
		}
		for _, cut := range []int{3, len(enc) / 2, len(enc) - 40} {
			if cut < 4 || cut >= len(enc) || n == 0 {
				continue
			}
			if _, err := DecodeTo(&bytes.Buffer{}, bytes.NewReader(enc[:cut]), 0); err == nil {
				t.Errorf("%d bytes cut to %d: no error", n, cut)
			}
		}
	}
	if _, err := DecodeTo(&bytes.Buffer{}, bytes.NewReader(Encode(make([]byte, 5000))), 1000); err == nil {
		t.Error("limit not honoured")
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
