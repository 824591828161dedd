package lzhuf

import (
	"errors"
	"io"
)

// The streaming encoder's buffer: the window of history the match finder
// may reach back into (a multiple of RingSize, so that sliding it keeps
// the hash chains' slots) and a chunk of input read at a time.
const (
	historySize = RingSize
	chunkSize   = 16 * RingSize
	// lookahead is what must stand past a position before it is encoded
	// (before the end of the input): a match of MaxMatch from it, and the
	// 3-byte hash of its last position, which reaches MaxMatch+1 past it.
	lookahead = MaxMatch + 1
	flushAt   = 64 << 10 // compressed bytes gathered before a write
)

// EncodeTo compresses what src holds with codec F into dst, the bit
// stream only, and returns the bytes read and written. It gives the bits
// AppendEncode gives for the same data, holding about 300 KB whatever the
// size (a window of history, a chunk of input, the match finder's tables
// and the compressed bytes before they are written).
func EncodeTo[F MaxFreq](dst io.Writer, src io.Reader) (read, written int64, err error) {
	e := &encoder[F]{h: newTree()}
	defer trees.Put(e.h)
	m := &matcher{data: make([]byte, 0, historySize+chunkSize+lookahead), head: make([]int32, 1<<hashBits)}
	for k := range m.head {
		m.head[k] = -1
	}
	i := 0
	for eof := false; !eof; {
		i = m.slide(i)
		n, rerr := io.ReadFull(src, m.data[len(m.data):cap(m.data)])
		m.data = m.data[:len(m.data)+n]
		read += int64(n)
		switch {
		case errors.Is(rerr, io.EOF) || errors.Is(rerr, io.ErrUnexpectedEOF):
			eof = true
		case rerr != nil:
			return read, written, rerr
		}
		stop := len(m.data)
		if !eof {
			stop -= lookahead
		}
		i = e.run(m, i, stop)
		if len(e.w.out) >= flushAt || eof {
			if eof && read > 0 {
				e.w.flush()
			}
			k, werr := dst.Write(e.w.out)
			written += int64(k)
			if werr != nil {
				return read, written, werr
			}
			e.w.out = e.w.out[:0]
		}
	}
	return read, written, nil
}

// slide drops what lies more than historySize before position i from the
// buffer (a multiple of RingSize, so that the chains' slots, position mod
// RingSize, stay where they are), moving positions and chains with it,
// and returns i in the moved buffer.
func (m *matcher) slide(i int) int {
	shift := (i - historySize) &^ (RingSize - 1)
	if shift <= 0 {
		return i
	}
	n := copy(m.data, m.data[shift:])
	m.data = m.data[:n]
	s := int32(shift)
	for k, v := range m.head {
		m.head[k] = max(v-s, -1)
	}
	for k, v := range m.prev {
		m.prev[k] = max(v-s, -1)
	}
	return i - shift
}
