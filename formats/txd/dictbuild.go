package txd

import (
	"fmt"
	"image"
	"runtime"
	"strings"
	"sync"

	"rummage/formats/dxt"
)

// BuildOptions say how BuildTexture stores images: the platform, a format
// name (FormatNames, or "auto"), the mip levels and the RW version.
type BuildOptions struct {
	Platform uint32
	Format   string // "auto" (or ""): by platform and alpha; else one of FormatNames
	// Mips is the mip level count: 0 (auto) keeps imported levels or makes
	// the full chain the platform allows; 1 stores level 0 only; N > 1 at
	// most N levels.
	Mips    int
	Version string // "3.3", "3.4", "3.5" or "3.6"; "" for 3.6
	// Quality is how hard DXT blocks are searched for (dxt.Normal when
	// zero); blocks a DDS brings are kept where its pixels are unchanged.
	Quality dxt.Quality
	// Filter is the filter mode (ParseFilterMode; 0: linear, or
	// linear-mip-linear with mip levels), AddressU and AddressV the
	// addressing modes (ParseAddressMode; 0: wrap).
	Filter, AddressU, AddressV uint32
	// Mask is the texture's mask (alpha) name; "" for none.
	Mask string
	// Resize fits the image's size to the platform first (the imported
	// mip levels and DXT blocks of a resized image are dropped).
	Resize Resize
}

// FormatNames are the stored formats BuildOptions.Format may name.
var FormatNames = []string{"DXT1", "DXT2", "DXT3", "DXT4", "DXT5", "PAL8", "PAL4", "8888", "888", "565", "1555", "4444"}

// ParseFormat returns the raster format bits and the compression of a
// format name (case-insensitive); "auto" and "" return zeros.
func ParseFormat(name string) (format uint32, comp int, err error) {
	switch strings.ToUpper(name) {
	case "", "AUTO":
		return 0, 0, nil
	case "DXT1", "DXT2", "DXT3", "DXT4", "DXT5":
		return 0, int(name[3] - '0'), nil
	case "PAL8":
		return FmtPal8 | Fmt8888, 0, nil
	case "PAL4":
		return FmtPal4 | Fmt8888, 0, nil
	case "8888":
		return Fmt8888, 0, nil
	case "888":
		return Fmt888, 0, nil
	case "565":
		return Fmt565, 0, nil
	case "1555":
		return Fmt1555, 0, nil
	case "4444":
		return Fmt4444, 0, nil
	}
	return 0, 0, fmt.Errorf("unknown format %q (want auto or one of %s)", name, strings.Join(FormatNames, ", "))
}

// DeviceID returns the device id a dictionary of platform stores from RW
// 3.6 on (0 before, where the field is the high half of the count).
func DeviceID(platform, stamp uint32) uint16 {
	if stamp < StampSA && stamp != StampXbox {
		return 0
	}
	switch platform {
	case PlatformD3D8:
		return 1
	case PlatformD3D9:
		return 2
	case PlatformPS2:
		return 6
	case PlatformXbox:
		return 8
	}
	return 0
}

// Source is an image to build a texture from: its name and levels (the
// first full size, any others imported mip levels, each half the last).
type Source struct {
	Name   string
	Levels []*image.NRGBA
	// DXT and Blocks are the compression (1 to 5) and the stored bytes of
	// each level of a DXT source (a DDS), which a build keeps wherever
	// they read back as its pixels in the stored compression; 0 and nil
	// otherwise.
	DXT    int
	Blocks [][]byte
}

// BuildTexture builds a texture native from src as o says.
func BuildTexture(src Source, o BuildOptions) (*Texture, error) {
	if len(src.Levels) == 0 {
		return nil, fmt.Errorf("texture %q has no image", src.Name)
	}
	stamp, err := VersionStamp(o.Version)
	if err != nil {
		return nil, err
	}
	format, comp, err := ParseFormat(o.Format)
	if err != nil {
		return nil, err
	}
	src = src.resized(o)
	img := src.Levels[0]
	if format == 0 && comp == 0 {
		format, comp = AutoFormat(o.Platform, img)
		if src.DXT != 0 && o.Platform != PlatformPS2 {
			comp = src.DXT
		}
	}
	opt := Options{Name: src.Name, Mask: o.Mask, Format: format, Compression: comp, Stamp: stamp, Mipmaps: o.Mips != 1,
		Quality: o.Quality, Keep: src.stored(), Filter: o.filterWord(o.Mips != 1)}
	if o.Mips > 1 {
		opt.Levels = o.Mips
	}
	if o.Mips == 0 && len(src.Levels) > 1 {
		opt.MipImages = src.Levels[1:]
	}
	return newTexture(o.Platform, img, opt)
}

// filterWord is the filter and addressing word of o's modes, 0 (the
// default: linear, linear-mip-linear with mips, wrap) when none is set.
func (o BuildOptions) filterWord(mips bool) uint32 {
	if o.Filter == 0 && o.AddressU == 0 && o.AddressV == 0 {
		return 0
	}
	f, u, v := o.Filter, max(o.AddressU, 1), max(o.AddressV, 1)
	if f == 0 {
		f = 2 // linear
		if mips {
			f = 6 // linear-mip-linear
		}
	}
	return f | u<<8 | v<<12
}

// resized is src with its first level fitted to the platform as o.Resize
// says; a resized source loses its imported levels and blocks.
func (src Source) resized(o BuildOptions) Source {
	img := src.Levels[0]
	w, h := o.Resize.Size(img.Rect.Dx(), img.Rect.Dy(), o.Platform)
	if w == img.Rect.Dx() && h == img.Rect.Dy() {
		return src
	}
	return Source{Name: src.Name, Levels: []*image.NRGBA{scaleTo(img, w, h)}}
}

// newTexture builds a texture of any platform; DXT formats are refused on
// the PS2.
func newTexture(platform uint32, img *image.NRGBA, o Options) (*Texture, error) {
	if platform == PlatformPS2 {
		if o.Compression != 0 {
			return nil, fmt.Errorf("texture %q: the PS2 has no DXT formats (use PAL8, PAL4, 8888, 888 or 1555)", o.Name)
		}
		return NewPS2(img, o)
	}
	return NewD3D(platform, img, o)
}

// AutoFormat picks the stored format of "auto": PAL8 on the PS2; on the PC
// and the Xbox DXT1 for opaque images and 1-bit alpha (DXT1's punch-through
// texels), else DXT3 (D3D8) or DXT5.
func AutoFormat(platform uint32, img *image.NRGBA) (format uint32, comp int) {
	switch {
	case platform == PlatformPS2:
		return FmtPal8 | Fmt8888, 0
	case alphaOf(img) != "yes":
		return 0, CompDXT1
	case platform == PlatformD3D8:
		return 0, CompDXT3
	}
	return 0, CompDXT5
}

// chain returns the levels of a texture built from src: o.MipImages after
// src when given (as far as keep allows), else src and its halvings.
func (o *Options) chain(src *image.NRGBA, keep func(w, h, n int) bool) []*image.NRGBA {
	if len(o.MipImages) == 0 {
		return mipChain(src, o.MipFilter, keep)
	}
	out := []*image.NRGBA{src}
	for _, m := range o.MipImages {
		last := out[len(out)-1]
		w, h := max(last.Rect.Dx()/2, 1), max(last.Rect.Dy()/2, 1)
		if last.Rect.Dx() == 1 && last.Rect.Dy() == 1 || !keep(w, h, len(out)) || m.Rect.Dx() != w || m.Rect.Dy() != h {
			break
		}
		out = append(out, ToNRGBA(m))
	}
	return out
}

// BuildAll builds n textures on every core: load(i) returns source i and
// how to store it (decoding files is part of the parallel work). The
// textures come back in order; the first error (by index) stops the build.
func BuildAll(n int, load func(i int) (Source, BuildOptions, error)) ([]*Texture, error) {
	out := make([]*Texture, n)
	err := parallel(n, func(i int) error {
		src, o, err := load(i)
		if err == nil {
			out[i], err = BuildTexture(src, o)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// parallel runs job(0..n-1) on every core and returns the error of the
// lowest index that failed.
func parallel(n int, job func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), max(n, 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = job(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// NewDictionaryOf makes a dictionary holding ts (of one platform) with the
// RW version and device id of the first.
func NewDictionaryOf(ts []*Texture) *Dictionary {
	stamp, platform := uint32(StampSA), PlatformD3D9
	if len(ts) > 0 {
		stamp, platform = ts[0].Stamp, ts[0].Platform
	}
	d := NewDictionary(stamp, DeviceID(platform, stamp))
	for _, t := range ts {
		d.Add(t)
	}
	return d
}
