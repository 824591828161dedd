package xrlevel

import "strings"

// textureList returns the list TEXTURE_L's texture index points into.
func (lv *Level) textureList() []string {
	if lv.Version <= 5 {
		return lv.Textures
	}
	return lv.Shaders
}

// TextureRef is one element of a comma-separated texture list.
type TextureRef struct {
	Class string `json:"class"` // "LMAP", "STD", ... (v4), "" when absent
	Name  string `json:"name"`
	UVSet int    `json:"uvSet"` // texture k uses UV set k
}

// SplitTextures splits a texture string at commas, then strips a `CLASS:`
// prefix from each element.
func SplitTextures(s string) []TextureRef {
	if s == "" {
		return nil
	}
	var out []TextureRef
	for k, e := range strings.Split(s, ",") {
		r := TextureRef{Name: e, UVSet: k}
		if c := strings.IndexByte(e, ':'); c > 0 && !strings.ContainsAny(e[:c], `\/.`) {
			r.Class, r.Name = e[:c], e[c+1:]
		}
		out = append(out, r)
	}
	return out
}

// IsLightmap reports whether a texture element is a lightmap.
func (t TextureRef) IsLightmap() bool {
	return strings.EqualFold(t.Class, "LMAP") || strings.HasPrefix(t.Name, "L#") || strings.HasPrefix(strings.ToLower(t.Name), "lmap")
}

// Material returns the visual's texture string and shader name as stored
// (texture string "lmap,base" lists in v4/v5; "shader/texture,lmap" in v12+).
func (lv *Level) Material(v *Visual) (texture, shader string) {
	if v.TextureName != "" || v.ShaderName != "" {
		return v.TextureName, v.ShaderName
	}
	if lv.Version >= 12 || v.OGFVersion == 4 {
		// "shader/texture[,lmap...]", by the OGF v4 shader id or TEXTURE_L
		id := v.TextureIndex
		if v.OGFVersion == 4 {
			id = int(v.Flags)
		}
		if id >= 0 && id < len(lv.Shaders) {
			s := lv.Shaders[id]
			if k := strings.IndexByte(s, '/'); k >= 0 {
				return s[k+1:], s[:k]
			}
			return "", s
		}
		return "", ""
	}
	tex := lv.textureList()
	if v.TextureIndex >= 0 && v.TextureIndex < len(tex) {
		texture = tex[v.TextureIndex]
	}
	if v.ShaderIndex >= 0 && v.ShaderIndex < len(lv.Shaders) {
		shader = lv.Shaders[v.ShaderIndex]
	}
	return texture, shader
}

// BaseTexture returns the visual's base (non-lightmap) texture name.
func (lv *Level) BaseTexture(v *Visual) string {
	t, _ := lv.Material(v)
	refs := SplitTextures(t)
	for i := len(refs) - 1; i >= 0; i-- {
		if !refs[i].IsLightmap() {
			if lv.Version >= 12 {
				return refs[0].Name
			}
			return refs[i].Name
		}
	}
	if len(refs) > 0 {
		return refs[0].Name
	}
	return ""
}
