package export

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"rummage/formats/geom"
)

// material adds mt as a glTF material and returns its index.
func (b *gltfBuilder) material(mt material) (int, error) {
	s := mt.surf
	pbr := &gltf.PBRMetallicRoughness{
		BaseColorFactor: &[4]float64{
			srgbToLinear(float64(s.color.R) / 255), srgbToLinear(float64(s.color.G) / 255),
			srgbToLinear(float64(s.color.B) / 255), float64(s.color.A) / 255,
		},
		MetallicFactor:  gltf.Float(0),
		RoughnessFactor: gltf.Float(1),
	}
	if s.tex != nil {
		ti, err := b.texture(s.tex, s.addrU, s.addrV)
		if err != nil {
			return 0, fmt.Errorf("texture of material %q: %w", mt.name, err)
		}
		pbr.BaseColorTexture = &gltf.TextureInfo{Index: ti}
	}
	gm := &gltf.Material{Name: mt.name, PBRMetallicRoughness: pbr, DoubleSided: s.twoSided}
	gm.AlphaMode, gm.AlphaCutoff = alphaMode(s)
	b.doc.Materials = append(b.doc.Materials, gm)
	return len(b.doc.Materials) - 1, nil
}

// alphaMode maps a blend category and alpha test to glTF: the opaque
// category is OPAQUE, or MASK with alphaCutoff AlphaRef/255 when alpha
// tested; every other category blends (BLEND), which is what glTF has for
// alpha blending and only approximates additive and modulating surfaces.
func alphaMode(s surface) (gltf.AlphaMode, *float64) {
	switch {
	case s.blend != geom.BlendOpaque:
		return gltf.AlphaBlend, nil
	case s.test:
		return gltf.AlphaMask, gltf.Float(float64(s.ref) / 255)
	}
	return gltf.AlphaOpaque, nil
}

// texture returns the glTF texture of t with the sampler of the
// addressing modes, adding the image (once per distinct pixels), the
// sampler and the texture as needed.
func (b *gltfBuilder) texture(t *texImage, u, v geom.Address) (int, error) {
	img, ok := b.images[t.sum]
	if !ok {
		var buf bytes.Buffer
		if err := writePNG(context.Background(), &buf, t.img); err != nil {
			return 0, err
		}
		var err error
		img, err = modeler.WriteImage(b.doc, b.imageName(t.name), "image/png", &buf)
		if err != nil {
			return 0, err
		}
		b.images[t.sum] = img
	}
	smp, ok := b.samplers[[2]geom.Address{u, v}]
	if !ok {
		b.doc.Samplers = append(b.doc.Samplers, &gltf.Sampler{
			MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinearMipMapLinear,
			WrapS: wrapping(u), WrapT: wrapping(v),
		})
		smp = len(b.doc.Samplers) - 1
		b.samplers[[2]geom.Address{u, v}] = smp
	}
	key := [2]int{img, smp}
	if ti, ok := b.textures[key]; ok {
		return ti, nil
	}
	b.doc.Textures = append(b.doc.Textures, &gltf.Texture{Sampler: gltf.Index(smp), Source: gltf.Index(img)})
	b.textures[key] = len(b.doc.Textures) - 1
	return len(b.doc.Textures) - 1, nil
}

// imageName is the name of a new image of a texture named name: the name
// itself, with "_2", "_3", … when an image of other pixels has it already;
// "textureN" (N the image's index) for a texture without a name.
func (b *gltfBuilder) imageName(name string) string {
	if name == "" {
		name = "texture" + strconv.Itoa(len(b.doc.Images))
	}
	for i := 1; ; i++ {
		cand := name
		if i > 1 {
			cand += "_" + strconv.Itoa(i)
		}
		if key := strings.ToLower(cand); !b.imgNames[key] {
			b.imgNames[key] = true
			return cand
		}
	}
}

func wrapping(a geom.Address) gltf.WrappingMode {
	if a == geom.Clamp {
		return gltf.WrapClampToEdge
	}
	return gltf.WrapRepeat
}
