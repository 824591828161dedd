package export

import (
	"image"
	"image/color"
	"testing"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// factor is a material's base colour factor (glTF's default when absent).
func factor(mt *gltf.Material) [4]float64 {
	if f := mt.PBRMetallicRoughness.BaseColorFactor; f != nil {
		return *f
	}
	return [4]float64{1, 1, 1, 1}
}

// Every material feature of texturedQuads, read back from the GLB.
func TestGLBTexturedMaterials(t *testing.T) {
	m := texturedQuads()
	doc := meshGLB(t, m, "quads")
	prims := doc.Meshes[0].Primitives
	if len(prims) != 10 || len(doc.Materials) != 10 {
		t.Fatalf("%d primitives, %d materials", len(prims), len(doc.Materials))
	}
	pa := doc.Accessors[prims[0].Attributes[gltf.POSITION]]
	if pa.Count != 40 || [3]float64(pa.Min) != [3]float64{0, 0, 0} || [3]float64(pa.Max) != [3]float64{10, 1, 0} {
		t.Errorf("POSITION count %d min %v max %v", pa.Count, pa.Min, pa.Max)
	}
	wantMode := []gltf.AlphaMode{gltf.AlphaOpaque, gltf.AlphaMask, gltf.AlphaBlend, gltf.AlphaBlend, gltf.AlphaBlend,
		gltf.AlphaBlend, gltf.AlphaOpaque, gltf.AlphaOpaque, gltf.AlphaOpaque, gltf.AlphaOpaque}
	textured := map[int]bool{0: true, 1: true, 2: true, 4: true, 5: true, 6: true}
	for i, p := range prims {
		mt := doc.Materials[*p.Material]
		if mt.AlphaMode != wantMode[i] {
			t.Errorf("quad %d: alphaMode %v, want %v", i, mt.AlphaMode, wantMode[i])
		}
		if mt.DoubleSided != (i == 3 || i == 7) {
			t.Errorf("quad %d: doubleSided %v", i, mt.DoubleSided)
		}
		_, hasUV := p.Attributes[gltf.TEXCOORD_0]
		if hasTex := mt.PBRMetallicRoughness.BaseColorTexture != nil; hasTex != textured[i] || hasUV != textured[i] {
			t.Errorf("quad %d: texture %v, TEXCOORD_0 %v, want %v", i, hasTex, hasUV, textured[i])
		}
		if _, ok := p.Attributes[gltf.NORMAL]; !ok {
			t.Errorf("quad %d has no NORMAL", i)
		}
		if _, ok := p.Attributes[gltf.COLOR_0]; !ok {
			t.Errorf("quad %d has no COLOR_0", i)
		}
	}
	if c := doc.Materials[1].AlphaCutoff; c == nil || *c != 128.0/255 {
		t.Errorf("alphaCutoff %v, want 128/255", c)
	}
	if f := factor(doc.Materials[2]); f != [4]float64{1, 1, 1, 128.0 / 255} {
		t.Errorf("glass factor %v", f)
	}
	if f := factor(doc.Materials[6]); f != [4]float64{0, 1, 0, 1} {
		t.Errorf("animated material factor %v, want its look at clock 0 (green)", f)
	}
	if f := factor(doc.Materials[9]); f[0] != srgbToLinear(9.0/255) || f[3] != 9.0/255 {
		t.Errorf("off-page material factor %v", f)
	}
	checkTextures(t, doc, prims)
	checkVertexData(t, doc, prims)
}

// checkTextures: identical pages embedded once, samplers by addressing,
// pixels exact (the page cut out, a premultiplied image converted).
func checkTextures(t *testing.T, doc *gltf.Document, prims []*gltf.Primitive) {
	t.Helper()
	if len(doc.Images) != 3 || len(doc.Samplers) != 3 || len(doc.Textures) != 4 {
		t.Fatalf("%d images, %d samplers, %d textures; want 3, 3, 4", len(doc.Images), len(doc.Samplers), len(doc.Textures))
	}
	tex := func(i int) *gltf.Texture {
		return doc.Textures[doc.Materials[*prims[i].Material].PBRMetallicRoughness.BaseColorTexture.Index]
	}
	if *tex(0).Source != *tex(4).Source || *tex(0).Source != *tex(1).Source {
		t.Error("the checker and the atlas page holding it are not one image")
	}
	wraps := func(i int) [2]gltf.WrappingMode {
		s := doc.Samplers[*tex(i).Sampler]
		return [2]gltf.WrappingMode{s.WrapS, s.WrapT}
	}
	if wraps(0) != [2]gltf.WrappingMode{gltf.WrapClampToEdge, gltf.WrapRepeat} || wraps(1) != [2]gltf.WrappingMode{gltf.WrapRepeat, gltf.WrapRepeat} ||
		wraps(5) != [2]gltf.WrappingMode{gltf.WrapRepeat, gltf.WrapClampToEdge} {
		t.Errorf("wrap modes %v %v %v", wraps(0), wraps(1), wraps(5))
	}
	sameImage(t, pngOf(t, doc, *tex(4).Source), checker())
	rgba := quadSurfaces()[5].Texture
	got := pngOf(t, doc, *tex(5).Source)
	if want := color.NRGBAModel.Convert(rgba.At(1, 1)); color.NRGBAModel.Convert(got.At(1, 1)) != want {
		t.Errorf("premultiplied texel %v, want %v", got.At(1, 1), want)
	}
	if got := pngOf(t, doc, *tex(6).Source); got.Bounds().Dx() != 2 || color.NRGBAModel.Convert(got.At(0, 0)) != (color.NRGBA{1, 2, 3, 255}) {
		t.Error("the animated material's texture is not its look at clock 0")
	}
}

// sameImage compares two images texel by texel as straight alpha.
func sameImage(t *testing.T, got image.Image, want *image.NRGBA) {
	t.Helper()
	if got.Bounds().Size() != want.Bounds().Size() {
		t.Fatalf("image %v, want %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	for y := range want.Bounds().Dy() {
		for x := range want.Bounds().Dx() {
			if c := color.NRGBAModel.Convert(got.At(b.Min.X+x, b.Min.Y+y)); c != want.NRGBAAt(x, y) {
				t.Fatalf("texel %d,%d: %v, want %v", x, y, c, want.NRGBAAt(x, y))
			}
		}
	}
}

// checkVertexData: each textured primitive's TEXCOORD_0 is its UV set,
// COLOR_0 is linear, a zero normal is +Y.
func checkVertexData(t *testing.T, doc *gltf.Document, prims []*gltf.Primitive) {
	t.Helper()
	m := texturedQuads()
	for _, c := range []struct{ prim, set int }{{0, 0}, {5, 1}} {
		uv, err := modeler.ReadTextureCoord(doc, doc.Accessors[prims[c.prim].Attributes[gltf.TEXCOORD_0]], nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range m.UVs[c.set] {
			if uv[i] != w {
				t.Fatalf("quad %d UV %d: %v, want set %d's %v", c.prim, i, uv[i], c.set, w)
			}
		}
	}
	col, err := modeler.ReadColor64(doc, doc.Accessors[prims[0].Attributes[gltf.COLOR_0]], nil)
	if err != nil {
		t.Fatal(err)
	}
	if col[0] != [4]uint16{65535, 0, 0, 65535} || col[5] != [4]uint16{linear16[20], 65535, 0, 200 * 257} {
		t.Errorf("colours %v %v", col[0], col[5])
	}
	if col[5][0] == 20*257 || col[5][0] == 0 {
		t.Error("vertex colours are not linear")
	}
	n := readVec3(t, doc, doc.Accessors[prims[0].Attributes[gltf.NORMAL]])
	if n[0] != [3]float32{0, 0, 1} || n[5] != [3]float32{0, 1, 0} {
		t.Errorf("normals %v %v", n[0], n[5])
	}
}
