package lzhuf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Decode unpacks size bytes from stream with codec F. A size above
// MaxExpansion times the stream's length is refused before anything is
// allocated, and a stream that runs out before size bytes are made is an
// error. The stream may go on past them (a caller that wants only the
// first bytes).
func Decode[F MaxFreq](stream []byte, size int) ([]byte, error) {
	if !Possible(len(stream), int64(size)) {
		return nil, &Error{0, fmt.Sprintf("size %d is impossible for a %d-byte stream (more than %d× expansion)", size, len(stream), MaxExpansion)}
	}
	if size == 0 {
		return []byte{}, nil
	}
	// The output is its own window, after the ring's initial contents.
	out := make([]byte, RingSize+size)
	d := newDecoder[F](stream, nil, int64(size))
	defer d.release()
	initWindow(out)
	if _, err := d.run(out, RingSize, len(out), len(out)); err != nil {
		return nil, err
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return out[RingSize:], nil
}

// Possible reports whether a stream of n bytes can hold size bytes: size
// is at most MaxExpansion times n (and a little slack for tiny streams).
func Possible(n int, size int64) bool {
	return size >= 0 && uint64(size) <= uint64(n)*MaxExpansion+64
}

// DecodeTo unpacks size bytes of the stream read from src with codec F
// into dst and returns the bytes written. It holds the 4 KB window and
// small buffers, whatever the size; a stream that ends early is an error.
func DecodeTo[F MaxFreq](dst io.Writer, src io.Reader, size int64) (int64, error) {
	if size <= 0 {
		return 0, nil
	}
	const chunk = 60 << 10
	out := make([]byte, RingSize+chunk+MaxMatch)
	initWindow(out)
	d := newDecoder[F](nil, src, size)
	defer d.release()
	written := int64(0)
	for written < size {
		end := min(int64(len(out)), int64(RingSize)+size-written) // the output's end, in out
		n, err := d.run(out, RingSize, len(out)-MaxMatch, int(end))
		if err != nil {
			return written, err
		}
		if _, err := dst.Write(out[RingSize:n]); err != nil {
			return written, err
		}
		written += int64(n - RingSize)
		copy(out, out[n-RingSize:n]) // the window for what follows
	}
	return written, d.finish()
}

// initWindow sets the RingSize bytes before the output to the ring's
// initial contents as the engine's decoder sees them: output byte -k sits
// at ring index RingSize-MaxMatch-k, spaces for k <= RingSize-MaxMatch,
// then (wrapped round) the zeros at the top of the ring.
func initWindow(out []byte) {
	clear(out[:MaxMatch])
	for i := MaxMatch; i < RingSize; i++ {
		out[i] = ' '
	}
}

// decoder is the state of one LZHUF decode: the adaptive tree, the bit
// window and where the stream's bytes come from (a slice, or a reader
// through a small buffer).
type decoder[F MaxFreq] struct {
	h     *huffTree
	bits  uint64 // the next nbits bits are at the top; below them, zeros or the bits that follow
	nbits int
	in    []byte // stream bytes not yet in bits start at in[pos]
	pos   int
	src   io.Reader // nil: in is the whole stream
	done  int64     // stream bytes before in[0]
	zeros int64     // zero bytes fed past the stream's end
	left  int64     // output bytes still to produce
	err   error     // a read error of src
}

func newDecoder[F MaxFreq](stream []byte, src io.Reader, size int64) *decoder[F] {
	d := &decoder[F]{in: stream, src: src, left: size}
	if src != nil {
		d.in = make([]byte, 0, 32<<10)
	}
	d.h = newTree()
	d.h.fillTop()
	return d
}

// release hands the tree back for another decode.
func (d *decoder[F]) release() {
	trees.Put(d.h)
	d.h = nil
}

// run decodes into out from position n until n reaches stop or the output
// is complete; end is where the output ends in out (matches are cut
// there), and out must hold MaxMatch bytes past stop when stop < end. It
// returns the new position.
func (d *decoder[F]) run(out []byte, n, stop, end int) (int, error) {
	h := d.h
	start := n
	bits, nbits := d.bits, d.nbits
	stop = min(stop, end)
	for n < stop {
		// Refill every symbol, without a branch on the bit count: the
		// bits below the nbits valid ones are zeros or the right ones.
		if d.pos+8 <= len(d.in) {
			bits |= binary.BigEndian.Uint64(d.in[d.pos:]) >> (uint(nbits) & 63)
			d.pos += (63 - nbits) >> 3
			nbits |= 56
		} else if nbits < 40 {
			d.bits, d.nbits = bits, nbits
			if err := d.slowRefill(n - start); err != nil {
				return n, err
			}
			bits, nbits = d.bits, d.nbits
		}
		// A code is at most about 21 bits long (the sibling property
		// and MaxFreq bound the tree's depth), a distance 14: the
		// window holds both.
		e := h.top[bits>>(64-tabBits)]
		c := h.son[uint16(e)]
		bits <<= e >> 16 & 63 // (the masks spare Go's tests for shifts of 64)
		nbits -= int(e >> 16)
		// One more step, its son loaded before the test: most codes
		// end at depth tabBits or one below.
		c2 := h.son[int(c)+int(bits>>63)]
		step := uint(int(c)-leafBase) >> 63 // 1 if c is a node
		if c < leafBase {
			c = c2
		}
		bits <<= step & 63
		nbits -= int(step)
		for c < leafBase {
			c = h.son[c+uint16(bits>>63)]
			bits <<= 1
			nbits--
		}
		if nbits < 0 {
			return n, &Error{d.offset(), "code longer than the bit window"}
		}
		decoded[F](h, c)
		sym := symbolOf(c)
		if sym < 256 {
			out[n] = byte(sym)
			n++
			continue
		}
		dist, used := matchDistance(bits)
		bits <<= used & 63
		if nbits -= int(used); nbits < 0 {
			return n, &Error{d.offset(), "code longer than the bit window"}
		}
		n = copyMatch(out, n, n-int(dist)-1, min(sym-255+Threshold, end-n))
	}
	d.bits, d.nbits = bits, nbits
	d.left -= int64(n - start)
	return n, nil
}

// copyMatch copies length bytes from out[q:] to out[n:] (overlapping when
// q+length > n: a run) and returns n+length.
func copyMatch(out []byte, n, q, length int) int {
	dst := out[n : n+length]
	if n-q >= length {
		copy(dst, out[q:q+length])
		return n + length
	}
	src := out[q : q+length]
	for k := range dst {
		dst[k] = src[k]
	}
	return n + length
}

// slowRefill loads bits a byte at a time near the end of the buffered
// input: more from the reader, or zero bytes past the stream's end (as the
// C decoder reads), failing once the bits consumed run well past it. made
// is the output produced by the current run, for the message.
func (d *decoder[F]) slowRefill(made int) error {
	for d.nbits <= 56 {
		if d.pos >= len(d.in) && d.src != nil && d.err == nil {
			d.fill()
		}
		var b byte
		if d.pos < len(d.in) {
			b = d.in[d.pos]
			d.pos++
		} else {
			if d.err != nil && d.err != io.EOF {
				return d.err
			}
			d.zeros++
		}
		d.bits |= uint64(b) << uint(56-d.nbits)
		d.nbits += 8
	}
	if d.zeros*8-int64(d.nbits) > 64 {
		return &Error{d.offset(), fmt.Sprintf("stream ends with %d output bytes still to come", d.left-int64(made))}
	}
	return nil
}

// fill reads more of the stream into in, keeping the bytes not yet used.
func (d *decoder[F]) fill() {
	rest := copy(d.in[:cap(d.in)], d.in[d.pos:])
	d.done += int64(d.pos)
	d.pos = 0
	n, err := io.ReadAtLeast(d.src, d.in[rest:cap(d.in)], 1)
	d.in = d.in[:rest+n]
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = io.EOF
		}
		d.err = err
	}
}

// offset is the stream offset of its end as far as it is known: the
// stream bytes read.
func (d *decoder[F]) offset() int64 { return d.done + int64(len(d.in)) }

// finish checks that the bits used lie within the stream (with a little
// slack for encoders that pad differently).
func (d *decoder[F]) finish() error {
	if d.zeros*8-int64(d.nbits) > 16 {
		return &Error{d.offset(), fmt.Sprintf("stream is truncated: %d bits used past its end", d.zeros*8-int64(d.nbits))}
	}
	return nil
}

// decoded counts the leaf son value c in h, as update does, and
// also keeps the grandparent links and the table right. The walk up knows
// the parent and grandparent of each node a level ahead, so that the loads
// up the tree overlap instead of waiting for each other.
func decoded[F MaxFreq](h *huffTree, c uint16) {
	if h.freq[rootNode] == maxFreq[F]() {
		h.reconst()
		h.fillTop()
	}
	x := h.prnt[c]
	px, gx := h.prnt[x], h.gp[x]
	for {
		w := h.freq[x]
		w1 := h.freq[int(x)+1]
		if w1 == w { // x is not the last of w: swap, written out
			l := h.lead[w]
			i, j := h.son[x], h.son[l]
			h.son[l], h.son[x] = i, j
			h.prnt[i], h.prnt[int(i)+1] = l, l
			h.prnt[j], h.prnt[int(j)+1] = x, x
			pl, pp := h.prnt[l], h.prnt[x]
			h.gp[i], h.gp[int(i)+1] = pl, pl
			h.gp[j], h.gp[int(j)+1] = pp, pp
			a, b := h.son[i], h.son[int(i)+1] // spare for leaves
			h.gp[a], h.gp[int(a)+1], h.gp[b], h.gp[int(b)+1] = l, l, l, l
			a, b = h.son[j], h.son[int(j)+1]
			h.gp[a], h.gp[int(a)+1], h.gp[b], h.gp[int(b)+1] = x, x, x, x
			if h.mark[x&1023]|h.mark[l&1023] != 0 && min(i, j) < leafBase {
				h.patch(int(x), int(l)) // the top's shape changed
			}
			x = l
			w1 = h.freq[int(x)+1]
			px, gx = h.prnt[x], h.gp[x]
		}
		h.freq[x] = w + 1
		h.lead[w] = x - 1 // meaningless if x was the only one
		v := h.lead[int(w)+1]
		if w1 != w+1 {
			v = x // x is the last of w+1 now
		}
		h.lead[int(w)+1] = v
		if px == 0 { // x is the root
			return
		}
		x, px, gx = px, gx, h.gp[px]
	}
}
