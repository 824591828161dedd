package export

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"strings"
	"sync"
)

// PNGLevels names the PNG compression levels, as `rummage export
// --png-level` takes them, in order of size (largest file first).
var PNGLevels = []string{"none", "fast", "default", "best"}

// pngLevel maps the names of PNGLevels to image/png's levels.
var pngLevel = map[string]png.CompressionLevel{
	"none":    png.NoCompression,
	"fast":    png.BestSpeed,
	"default": png.DefaultCompression,
	"best":    png.BestCompression,
}

type pngLevelKey struct{}

// WithPNGLevel returns a context under which Plan.Run writes PNG files at
// the named level (one of PNGLevels, any case); without it Run uses
// "default". Bulk exports choose "fast": on San Andreas PS2 textures zlib
// level 1 encodes about 2.5 times as fast as level 6 for files about 13%
// larger ("best" is 3.7 times slower than level 6 for 1% smaller files).
func WithPNGLevel(ctx context.Context, name string) (context.Context, error) {
	l, ok := pngLevel[strings.ToLower(name)]
	if !ok {
		return ctx, fmt.Errorf("PNG level %q: want %s", name, strings.Join(PNGLevels, ", "))
	}
	return context.WithValue(ctx, pngLevelKey{}, l), nil
}

// levelOf is the PNG level set on ctx by WithPNGLevel, else the default.
func levelOf(ctx context.Context) png.CompressionLevel {
	if l, ok := ctx.Value(pngLevelKey{}).(png.CompressionLevel); ok {
		return l
	}
	return png.DefaultCompression
}

// pngBuffers lets the PNG encoders of an export reuse their buffers.
type pngBuffers struct{ pool sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer {
	if v, ok := b.pool.Get().(*png.EncoderBuffer); ok {
		return v
	}
	return nil
}

func (b *pngBuffers) Put(v *png.EncoderBuffer) { b.pool.Put(v) }

var sharedPNGBuffers pngBuffers

// fileBuffers hold files being encoded before their one write.
var fileBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBuffer() *bytes.Buffer { return fileBuffers.Get().(*bytes.Buffer) }

// putBuffer returns b to the pool unless it grew past 4 MiB (a rare huge
// texture is not kept alive for the rest of the export).
func putBuffer(b *bytes.Buffer) {
	if b.Cap() <= 4<<20 {
		fileBuffers.Put(b)
	}
}

// writePNG encodes img as PNG at the level set on ctx. Decoded textures
// are straight-alpha *image.NRGBA, which image/png writes exactly as
// stored (no premultiplying), so colour under partial or zero alpha
// survives the export. An *image.Paletted with color.NRGBA entries is
// written as a palette PNG (colour type 3, 1 to 8 bits per index) whose
// tRNS chunk keeps each entry's alpha, colour under alpha 0 included.
func writePNG(ctx context.Context, w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: levelOf(ctx), BufferPool: &sharedPNGBuffers}
	return enc.Encode(w, img)
}
