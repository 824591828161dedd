package lzhuf

import (
	"bytes"
	"errors"
	"io"
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

// EncodeTo must give AppendEncode's bits for every input, through readers
// that return any amount, across many slides of its window (the large
// cases are far longer than its buffer), and report a reader's or a
// writer's failure.
func TestEncodeToMatchesAppendEncode(t *testing.T) {
	t.Run("XRay", encodeToMatches[XRay])
	t.Run("Okumura", encodeToMatches[Okumura])
}

func encodeToMatches[F MaxFreq](t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	cases := roundTripCases()
	cases["buffer+1"] = structured(rng, historySize+chunkSize+lookahead+1)
	cases["buffer-lookahead"] = structured(rng, historySize+chunkSize)
	for name, data := range cases {
		want := encode[F](data)
		for _, wrap := range []string{"plain", "onebyte", "half"} {
			if wrap == "onebyte" && len(data) > 1<<20 {
				continue
			}
			var out bytes.Buffer
			read, written, err := EncodeTo[F](&out, iotestReader(wrap, bytes.NewReader(data)))
			if err != nil || read != int64(len(data)) || written != int64(out.Len()) || !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("%s, %s reader: read %d, wrote %d, err %v, same bits %v", name, wrap, read, written, err, bytes.Equal(out.Bytes(), want))
			}
		}
	}
	data := cases["structured"]
	boom := errors.New("boom")
	if _, _, err := EncodeTo[F](&bytes.Buffer{}, io.MultiReader(bytes.NewReader(data[:100000]), iotest.ErrReader(boom))); !errors.Is(err, boom) {
		t.Errorf("failing reader: %v", err)
	}
	if _, _, err := EncodeTo[F](failWriter{boom}, bytes.NewReader(data)); !errors.Is(err, boom) {
		t.Errorf("failing writer: %v", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// The first refill of EncodeTo's buffer falls at every alignment of the
// matches against it (what stands before the data shifts them): the bits
// are still AppendEncode's. A position left out of the match finder at the
// edge of a chunk would show here.
func TestEncodeToEveryAlignment(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	body := structured(rng, historySize+chunkSize+lookahead+20000)
	lead := make([]byte, 200)
	rng.Read(lead)
	for k := range lead {
		data := append(append([]byte(nil), lead[:k]...), body...)
		var out bytes.Buffer
		if _, _, err := EncodeTo[XRay](&out, bytes.NewReader(data)); err != nil || !bytes.Equal(out.Bytes(), encode[XRay](data)) {
			t.Fatalf("%d bytes before the data: err %v, bits differ", k, err)
		}
	}
}
