package dff

import (
	"image"
	"image/color"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/rw"
	"rummage/formats/txd"
)

// MaterialInfo is one material slot of a geometry with its texture as
// found, for the window's Materials tab.
type MaterialInfo struct {
	Geometry, Slot int
	Color          color.NRGBA
	Texture, Mask  string      // names; "" when untextured
	Found          string      // "<file>/<node path>" of the texture used, "" when none
	Why            string      // how its dictionary was found ("ide", "name", "vehicle", "--txd")
	Image          image.Image // the decoded texture, nil when none
	// Node is the texture's node when its dictionary is in the model's
	// own file (the same IMG archive), so the window can select it; nil
	// for a dictionary read from beside the file.
	Node formats.Node
}

// Materials lists every geometry's material slots with their textures.
func (r *Root) Materials() ([]MaterialInfo, error) {
	f, err := r.File()
	if err != nil {
		return nil, err
	}
	ts := r.surfaces()
	var out []MaterialInfo
	for gi, g := range f.Clump.Geometries {
		for si, m := range g.Materials {
			mi := MaterialInfo{Geometry: gi, Slot: si, Color: m.Color}
			if m.Texture != nil {
				mi.Texture, mi.Mask = m.Texture.Name, m.Texture.Mask
				if ft, ok := ts.byName[lower(m.Texture.Name)]; ok {
					mi.Found, mi.Why = ft.Path, ft.Source.Why
					mi.Image = ts.image(ft.Tex).img
					mi.Node = texNode(ft)
				}
			}
			out = append(out, mi)
		}
	}
	return out, nil
}

// Lookup returns how the model's dictionaries were searched.
func (r *Root) Lookup() *Lookup { return r.surfaces().lookup }

// texNode finds the node of a found texture inside its dictionary node.
func texNode(ft foundTexture) formats.Node {
	if ft.Source.Node == nil {
		return nil
	}
	kids, err := formats.SafeChildren(ft.Source.Node)
	if err != nil {
		return nil
	}
	for _, k := range kids {
		if tn, ok := k.(*txd.TexNode); ok && tn.Texture() == ft.Tex {
			return tn
		}
	}
	return nil
}

// Sections returns the file's RenderWare section tree (the window's
// Sections tab).
func (r *Root) Sections() ([]*rw.Section, error) {
	base := max(r.src.Base, 0)
	b, err := binread.ReadAt(r.src.R, base, 0, r.src.Size, r.src.Size)
	if err != nil {
		return nil, err
	}
	return rw.Parse(b, base)
}
