package xray

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"rummage/formats/internal/lzhuf"
)

// The LZHUF parameters used by the X-Ray engine (xrLC, the game and
// xray_re all agree); the codec is formats/internal/lzhuf's XRay. MaxFreq
// is 0x4000, not the 0x8000 of most LZHUF.C copies: a stock decoder goes
// wrong at the first tree rebuild.
const (
	RingSize     = lzhuf.RingSize
	MaxMatch     = lzhuf.MaxMatch
	Threshold    = lzhuf.Threshold
	MaxFreq      = len(lzhuf.XRay{})
	MaxExpansion = lzhuf.MaxExpansion // the largest output-to-input ratio Decode accepts
)

// UnpackedSize returns the uncompressed size declared by an X-Ray LZHUF
// payload (its u32 little-endian prefix).
func UnpackedSize(payload []byte) (uint32, bool) {
	if len(payload) < 4 {
		return 0, false
	}
	return binary.LittleEndian.Uint32(payload), true
}

// DecodeError reports a bad LZHUF stream; Off is the offset in the payload.
type DecodeError struct {
	Off int64
	Msg string
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("lzhuf: payload offset %d: %s", e.Off, e.Msg)
}

// payloadError turns the codec's error, whose offset counts from the bit
// stream, into a *DecodeError whose offset counts from the payload.
func payloadError(err error) error {
	var le *lzhuf.Error
	if errors.As(err, &le) {
		return &DecodeError{4 + le.Off, le.Msg}
	}
	return err
}

// Decode decompresses an X-Ray LZHUF payload: a u32 little-endian output
// size followed by the bit stream. Declared sizes above MaxExpansion times
// the stream length (or above limit, when limit > 0) are rejected before
// anything is allocated, and a stream that runs out before the declared
// size is produced is an error.
func Decode(payload []byte, limit int) ([]byte, error) {
	size, ok := UnpackedSize(payload)
	if !ok {
		return nil, &DecodeError{0, fmt.Sprintf("%d bytes: too short for the 4-byte size prefix", len(payload))}
	}
	if !lzhuf.Possible(len(payload)-4, int64(size)) {
		return nil, &DecodeError{0, fmt.Sprintf("declared size %d is impossible for a %d-byte stream (more than %d× expansion)", size, len(payload)-4, MaxExpansion)}
	}
	if limit > 0 && uint64(size) > uint64(limit) {
		return nil, &DecodeError{0, fmt.Sprintf("declared size %d exceeds the %d-byte limit", size, limit)}
	}
	out, err := lzhuf.Decode[lzhuf.XRay](payload[4:], int(size))
	return out, payloadError(err)
}

// DecodeTo decompresses an X-Ray LZHUF payload read from src (the u32
// size prefix, then the bit stream) into dst and returns the bytes
// written. It holds the 4 KB window and small buffers, whatever the size;
// a declared size above limit (when limit > 0) is refused before
// decoding, and a stream that ends early is an error.
func DecodeTo(dst io.Writer, src io.Reader, limit int64) (int64, error) {
	var pre [4]byte
	if n, err := io.ReadFull(src, pre[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return 0, &DecodeError{0, fmt.Sprintf("%d bytes: too short for the 4-byte size prefix", n)}
		}
		return 0, err
	}
	size := int64(binary.LittleEndian.Uint32(pre[:]))
	if limit > 0 && size > limit {
		return 0, &DecodeError{0, fmt.Sprintf("declared size %d exceeds the %d-byte limit", size, limit)}
	}
	n, err := lzhuf.DecodeTo[lzhuf.XRay](dst, src, size)
	return n, payloadError(err)
}

// Encode compresses data into an X-Ray LZHUF payload: a u32 little-endian
// size followed by the bit stream, decodable by Decode and by the engine.
func Encode(data []byte) []byte {
	out := make([]byte, 4, 4+len(data)/2+16)
	binary.LittleEndian.PutUint32(out, uint32(len(data)))
	return lzhuf.AppendEncode[lzhuf.XRay](out, data)
}

// EncodeTo compresses the size bytes src holds into an X-Ray LZHUF
// payload written to dst (the u32 size prefix, then the bit stream: what
// Encode gives), streaming: it holds a few hundred kilobytes whatever the
// size. src holding more or fewer than size bytes is an error, as the
// prefix would not tell the truth.
func EncodeTo(dst io.Writer, src io.Reader, size int64) (int64, error) {
	if size < 0 || size > math.MaxUint32 {
		return 0, fmt.Errorf("lzhuf: %d bytes do not fit the u32 size prefix", size)
	}
	var pre [4]byte
	binary.LittleEndian.PutUint32(pre[:], uint32(size))
	if _, err := dst.Write(pre[:]); err != nil {
		return 0, err
	}
	read, written, err := lzhuf.EncodeTo[lzhuf.XRay](dst, io.LimitReader(src, size+1))
	if err == nil && read != size {
		err = fmt.Errorf("lzhuf: the input holds %d bytes, not the %d declared", read, size)
	}
	return 4 + written, err
}
