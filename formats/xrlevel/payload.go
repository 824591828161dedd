package xrlevel

import (
	"fmt"
	"io"
	"runtime"
	"sync"

	"rummage/formats"
	"rummage/formats/xray"
)

// Memory (design.md, "Memory"): a command may hold the unpacked size of
// the largest compressed chunk its answer needs, on top of 64 MB and 8 ×
// its input. So a chunk's payload is unpacked when it is needed, parsed,
// and dropped unless it is small (keepPayload): the parsed level keeps
// headers, counts and small records, and the bulk bytes (vertex and index
// buffers, the collision mesh) are read again from the file, or unpacked
// again, when a mesh, a table or raw bytes ask for them, and dropped once
// the answer is made.

// payloadRef is one chunk's payload (unpacked), read when asked and held
// until dropped.
type payloadRef struct {
	mu   sync.Mutex
	keep bool                   // small enough to be kept once read (see settle)
	load func() ([]byte, error) // nil for bytes that are only in memory
	b    []byte
	err  error // a failed load fails the same way again without unpacking
	size int64 // bytes of the payload once read (the declared size before)
}

// newPayload is a payload read by load.
func newPayload(load func() ([]byte, error), size int64) *payloadRef {
	return &payloadRef{load: load, size: size}
}

// heldPayload is a payload that is only in memory: it is never dropped.
func heldPayload(b []byte) *payloadRef { return &payloadRef{b: b, size: int64(len(b))} }

// get returns the payload, reading (and unpacking) it when it is not held.
// A payload that failed to unpack is returned as far as it was read, with
// the error.
func (p *payloadRef) get() ([]byte, error) {
	if p == nil {
		return nil, fmt.Errorf("no payload")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.b == nil && p.err == nil && p.load != nil {
		p.b, p.err = p.load()
		if p.b != nil {
			p.size = int64(len(p.b))
		}
	}
	return p.b, p.err
}

// drop forgets the payload (those that can be read again) and returns
// how many bytes it let go.
func (p *payloadRef) drop() int64 {
	if p == nil || p.load == nil {
		return 0
	}
	p.mu.Lock()
	n := int64(len(p.b))
	p.b = nil
	p.mu.Unlock()
	if n >= bigPayload {
		runtime.GC() // hand the bytes back before the next chunk is unpacked
	}
	return n
}

// bigPayload is the size from which dropping a payload collects it at
// once: the next chunk is unpacked into the same memory instead of beside
// it (the garbage collector would let both live until its next cycle).
const bigPayload = 16 << 20

// slice returns n bytes at off in the payload, nil when they are not
// there.
func (p *payloadRef) slice(off, n int64) []byte {
	b, _ := p.get()
	if off < 0 || n < 0 || off+n > int64(len(b)) {
		return nil
	}
	return b[off : off+n]
}

// lazyBytes is n bytes at off of a payload, read when asked; the zero
// value has none.
type lazyBytes struct {
	p      *payloadRef
	off, n int64
}

// get returns the bytes (nil when there are none or they cannot be read).
func (l lazyBytes) get() []byte {
	if l.p == nil {
		return nil
	}
	return l.p.slice(l.off, l.n)
}

// lazyOr returns held when it is set, else the lazy bytes.
func lazyOr(held []byte, l lazyBytes) []byte {
	if held != nil {
		return held
	}
	return l.get()
}

// size is len(held) when it is set, else l.n.
func lazySize(held []byte, l lazyBytes) int64 {
	if held != nil || l.p == nil {
		return int64(len(held))
	}
	return l.n
}

// readerAt reads n bytes at off of a payload as an io.ReaderAt, unpacking
// it only when read (an item node's raw bytes).
type readerAt struct {
	p      *payloadRef
	off, n int64
}

func (r readerAt) ReadAt(b []byte, at int64) (int, error) {
	if at >= r.n {
		return 0, io.EOF
	}
	src := r.p.slice(r.off, r.n)
	if src == nil {
		_, err := r.p.get()
		if err == nil {
			err = fmt.Errorf("the payload is shorter than %d bytes", r.off+r.n)
		}
		return 0, err
	}
	n := copy(b, src[at:])
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

// MaxUnpackRatio and MaxUnpackSize bound a compressed chunk's declared
// unpacked size (xray.Payload refuses more, with the chunk's offset).
const (
	MaxUnpackRatio = xray.MaxRatio
	MaxUnpackSize  = xray.MaxUnpacked
)

// chunkPayload is the payload of chunk c of the list in r (byte 0 at
// base): read, and unpacked when compressed, each time it is asked for,
// within the unpacking bounds.
func chunkPayload(r io.ReaderAt, base int64, c xray.Chunk) *payloadRef {
	return newPayload(func() ([]byte, error) { return xray.Payload(r, base, c) }, int64(c.Size))
}

// sideFile reads a file beside the level through an io.ReaderAt, opening
// it again for each read of a part: nothing of it is held between reads.
type sideFile struct {
	path string
	size int64
}

func (s sideFile) ReadAt(b []byte, off int64) (int, error) {
	f, _, err := formats.OpenRegular(s.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return f.ReadAt(b, off)
}

// keepPayload and keepTotal say which payloads a level keeps once read:
// each of at most keepPayload bytes, while the kept ones total at most
// keepTotal (a real level's chunks are a few MB: they are not unpacked a
// second time to be drawn). Bigger ones are dropped as soon as they are
// read, and read again when needed.
const (
	keepPayload = 8 << 20
	keepTotal   = 32 << 20
)

// settle keeps p (see keepPayload) or drops it, once it has been parsed.
func (lv *Level) settle(p *payloadRef) {
	p.mu.Lock()
	n := int64(len(p.b))
	p.mu.Unlock()
	lv.refMu.Lock()
	keep := n <= keepPayload && lv.kept+n <= keepTotal
	if keep {
		lv.kept += n
	}
	lv.refMu.Unlock()
	if keep {
		p.mu.Lock()
		p.keep = true
		p.mu.Unlock()
		return
	}
	p.drop()
}

// dropPayloads drops every payload the level can read again but those it
// keeps: what was unpacked to answer one question is not held for the
// next.
func (lv *Level) dropPayloads() {
	lv.refMu.Lock()
	refs := lv.refs
	lv.refMu.Unlock()
	for _, p := range refs {
		p.mu.Lock()
		keep := p.keep
		p.mu.Unlock()
		if !keep {
			p.drop()
		}
	}
}

// track records p among the level's payloads (see dropPayloads).
func (lv *Level) track(p *payloadRef) *payloadRef {
	lv.refMu.Lock()
	lv.refs = append(lv.refs, p)
	lv.refMu.Unlock()
	return p
}
