package txd

import (
	"image"
	"sync"
	"testing"

	xdraw "golang.org/x/image/draw"

	"fyne.io/fyne/v2"

	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/widgets"
)

// thumbWorkers bounds the goroutines decoding thumbnails: one, so the UI
// goroutine keeps a core for scrolling on a two-core machine.
const thumbWorkers = 1

// decodeInline makes bind decode on the calling goroutine. It is set under
// go test: Fyne's test driver runs fyne.Do on the worker's goroutine, so a
// background refresh would race the test's own use of the widgets. The
// tests of the background path clear it.
var decodeInline = testing.Testing()

// thumbs decodes texture thumbnails in the background for the rows and
// cells on screen: a cell asks for a node's thumbnail when it is bound
// (want) and lets go when bound to another (unwant); a queued node nobody
// wants any more is skipped, so scrolling past thousands of textures
// decodes only those that stay in view. Decoded thumbnails are cached by
// the node and its texture (an edit gives a new texture and a new
// thumbnail). done runs on the UI goroutine after each decode.
type thumbs struct {
	size int
	done func()

	mu      sync.Mutex
	cache   map[any]image.Image
	wanted  map[any]int // how many cells show each key
	cells   map[any]any // the key each cell shows
	inQueue map[any]bool
	queue   []thumbJob // LIFO: the latest cells first
	running int
	closed  bool
	// refreshing is set while a done is queued on the UI goroutine.
	refreshing bool
}

type thumbJob struct {
	key  any
	node formats.Node
}

func newThumbs(size int, done func()) *thumbs {
	return &thumbs{size: size, done: done, cache: map[any]image.Image{}, wanted: map[any]int{}, cells: map[any]any{}, inQueue: map[any]bool{}}
}

// thumbKey is the cache key of a node: the node and its texture when it
// has one that edits replace.
func thumbKey(n formats.Node) any {
	if t, ok := n.(*txd.TexNode); ok {
		return [2]any{n, t.Texture()}
	}
	return n
}

// bind shows n in a cell (any comparable key, a canvas.Image): the
// cell stops wanting the node it showed before. It returns n's cached
// thumbnail, or nil after queueing it.
func (t *thumbs) bind(cell any, n formats.Node) image.Image {
	k := thumbKey(n)
	t.mu.Lock()
	defer t.mu.Unlock()
	if old, ok := t.cells[cell]; !ok || old != k {
		if ok && t.wanted[old] > 0 {
			t.wanted[old]--
		}
		t.cells[cell] = k
		t.wanted[k]++
	}
	if img, ok := t.cache[k]; ok {
		return img
	}
	if decodeInline {
		img := thumbnail(n, t.size)
		t.cache[k] = img
		return img
	}
	if !t.inQueue[k] {
		t.inQueue[k] = true
		t.queue = append(t.queue, thumbJob{k, n})
	}
	if t.running < thumbWorkers && !t.closed {
		t.running++
		go t.work()
	}
	return nil
}

// pending is the count of queued thumbnails still wanted (for tests and
// benchmarks).
func (t *thumbs) pending() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, j := range t.queue {
		if _, done := t.cache[j.key]; t.wanted[j.key] > 0 && !done {
			n++
		}
	}
	return n + t.running
}

// close stops the workers after their current decode.
func (t *thumbs) close() {
	t.mu.Lock()
	t.closed, t.queue, t.inQueue = true, nil, map[any]bool{}
	t.mu.Unlock()
}

func (t *thumbs) work() {
	for {
		t.mu.Lock()
		var j thumbJob
		found := false
		for len(t.queue) > 0 && !t.closed {
			j = t.queue[len(t.queue)-1]
			t.queue = t.queue[:len(t.queue)-1]
			delete(t.inQueue, j.key)
			if _, done := t.cache[j.key]; t.wanted[j.key] > 0 && !done {
				found = true
				break
			}
		}
		if !found {
			t.running--
			t.mu.Unlock()
			return
		}
		t.mu.Unlock()
		img := thumbnail(j.node, t.size)
		t.mu.Lock()
		t.cache[j.key] = img
		done := t.done
		if t.closed || t.refreshing {
			done = nil
		}
		t.refreshing = done != nil
		t.mu.Unlock()
		if done != nil {
			// One refresh at a time: thumbnails decoded meanwhile show
			// with it.
			fyne.Do(func() {
				t.mu.Lock()
				t.refreshing = false
				t.mu.Unlock()
				done()
			})
		}
	}
}

// thumbnail decodes the smallest mip level at least size texels on its
// long side and scales it to fit size×size over the texture background;
// a node that does not decode gets a small red cross.
func thumbnail(n formats.Node, size int) image.Image {
	img, _ := formats.Guard("thumbnail", func() (image.Image, error) {
		im, ok := n.(formats.Imager)
		if !ok {
			return nil, nil
		}
		lv := 0
		if t, ok := n.(*txd.TexNode); ok {
			ls := t.Texture().Levels
			for lv+1 < len(ls) && max(ls[lv+1].Width, ls[lv+1].Height) >= size {
				lv++
			}
		}
		return im.Image(lv)
	})
	out := image.NewRGBA(image.Rect(0, 0, size, size))
	if img == nil {
		for i := 0; i < size; i++ {
			out.Pix[(i*size+i)*4], out.Pix[(i*size+i)*4+3] = 220, 255
			out.Pix[(i*size+size-1-i)*4], out.Pix[(i*size+size-1-i)*4+3] = 220, 255
		}
		return out
	}
	b := img.Bounds()
	w, h := size, size
	if b.Dx() > b.Dy() {
		h = max(size*b.Dy()/b.Dx(), 1)
	} else {
		w = max(size*b.Dx()/b.Dy(), 1)
	}
	r := image.Rect((size-w)/2, (size-h)/2, (size-w)/2+w, (size-h)/2+h)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			v := widgets.TextureBG(x, y)
			p := out.Pix[y*out.Stride+x*4:]
			p[0], p[1], p[2], p[3] = v, v, v, 255
		}
	}
	xdraw.ApproxBiLinear.Scale(out, r, img, b, xdraw.Over, nil)
	return out
}
