package xrlevel

import (
	"hash/fnv"
	"image/color"
	"math"
	"strings"

	"rummage/formats/geom"
)

// matKey identifies a material: a base texture and a shader.
type matKey struct{ texture, shader string }

// surface returns the visual's base texture and shader name.
func (lv *Level) surface(v *Visual) matKey {
	_, sh := lv.Material(v)
	return matKey{lv.BaseTexture(v), sh}
}

// material returns the look of a texture and shader, made once per pair:
// the texture's image when its .dds was found, else a stable colour of its
// name; blending, alpha test and sidedness from the shader's name.
func (lv *Level) material(k matKey) *geom.Material {
	lv.matMu.Lock()
	if m, ok := lv.materials[k]; ok {
		lv.matMu.Unlock()
		return m
	}
	lv.matMu.Unlock()
	m := &geom.Material{}
	if tf := lv.TextureFile(k.texture); tf != nil && lv.tex != nil {
		if img := lv.tex.image(tf); img != nil {
			m.Texture, m.TextureName = img, textureBase(k.texture)
		}
	}
	if m.Texture == nil {
		m.Color = TextureColor(k.texture)
	}
	shaderLook(m, k.shader)
	lv.matMu.Lock()
	defer lv.matMu.Unlock()
	if lv.materials == nil {
		lv.materials = map[matKey]*geom.Material{}
	}
	if old, ok := lv.materials[k]; ok {
		return old
	}
	lv.materials[k] = m
	return m
}

// shaderLook sets blending from the engine shader's name: glows and other
// effects add light, "trans" shaders blend by alpha, foliage and
// alpha-reference shaders cut out by alpha (and show both sides).
func shaderLook(m *geom.Material, shader string) {
	s := strings.ToLower(strings.ReplaceAll(shader, "/", `\`))
	has := func(subs ...string) bool {
		for _, x := range subs {
			if strings.Contains(s, x) {
				return true
			}
		}
		return false
	}
	switch {
	case has(`effects\glow`, "glow", "_add", `effects\light`):
		m.Blend = geom.BlendAdd
		m.TwoSided = true
	case has("trans", "_alpha", "water"):
		m.Blend = geom.BlendAlpha
	case has("flora", "leaf", "tree", "grass", "aref", `details\`, `\lod`):
		m.AlphaTest, m.AlphaRef = true, 128
		m.TwoSided = true
	}
}

// TextureColor is the stable colour a texture name is drawn in when its
// image is not found: a hue from a hash of the name (without regard to
// case or separator), so the same name always looks the same.
func TextureColor(name string) color.NRGBA {
	if name == "" {
		return color.NRGBA{180, 180, 180, 255}
	}
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(strings.ReplaceAll(name, "/", `\`))))
	x := h.Sum32()
	return hsv(float64(x%360)/360, 0.35+float64(x>>9%20)/100, 0.75+float64(x>>16%20)/100)
}

// uvSets returns which UV sets of the visual's vertices are its diffuse
// and its lightmap coordinates: set k belongs to element k of the texture
// list ("LMAP:L#1,STD:bricks" in v4/v5: 1 and 0; "texture,lmap" in v12+:
// 0 and 1). A visual without a lightmap gives -1 for it.
func (lv *Level) uvSets(v *Visual) (diffuse, light int) {
	t, _ := lv.Material(v)
	refs := SplitTextures(t)
	light = -1
	if lv.Version >= 12 {
		if len(refs) > 1 {
			light = 1
		}
		return 0, light
	}
	// As BaseTexture: the last element that is not a lightmap.
	for i := len(refs) - 1; i >= 0; i-- {
		if !refs[i].IsLightmap() {
			diffuse = i
			break
		}
	}
	for i, r := range refs {
		if r.IsLightmap() && i != diffuse {
			light = i
			break
		}
	}
	return diffuse, light
}

// transformNormal turns a normal by the rotation part of m (unit length
// again after it).
func transformNormal(m *[16]float32, n geom.Vec3) geom.Vec3 {
	r := geom.Vec3{
		n[0]*m[0] + n[1]*m[4] + n[2]*m[8],
		n[0]*m[1] + n[1]*m[5] + n[2]*m[9],
		n[0]*m[2] + n[1]*m[6] + n[2]*m[10],
	}
	if l := float32(math.Sqrt(float64(r[0]*r[0] + r[1]*r[1] + r[2]*r[2]))); l > 0 {
		return geom.Vec3{r[0] / l, r[1] / l, r[2] / l}
	}
	return r
}

// textureBase is the last part of an X-Ray texture name
// ("trees\trees_bark" → "trees_bark"): what an exported texture file is
// named after.
func textureBase(name string) string {
	if i := strings.LastIndexAny(name, `\/`); i >= 0 {
		return name[i+1:]
	}
	return name
}
