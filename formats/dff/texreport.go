package dff

import "rummage/formats"

// TextureReport says which textures the model's materials name were not
// found, and which dictionaries were looked in.
func (r *Root) TextureReport() formats.TextureReport {
	f, err := r.File()
	if err != nil {
		return formats.TextureReport{}
	}
	return r.textureReport(f.Clump.Geometries)
}

// TextureReport is the report of the geometry's own materials.
func (n *GeometryNode) TextureReport() formats.TextureReport {
	return n.root.textureReport([]*Geometry{n.G})
}

// textureReport is the report of the geometries' materials.
func (r *Root) textureReport(gs []*Geometry) formats.TextureReport {
	ts := r.surfaces()
	var rep formats.TextureReport
	seen := map[string]bool{}
	for _, g := range gs {
		for _, m := range g.Materials {
			if m.Texture == nil || m.Texture.Name == "" || seen[lower(m.Texture.Name)] {
				continue
			}
			seen[lower(m.Texture.Name)] = true
			rep.Named++
			if _, ok := ts.byName[lower(m.Texture.Name)]; !ok {
				rep.Missing = append(rep.Missing, m.Texture.Name)
			}
		}
	}
	if ts.lookup != nil {
		rep.Looked = append(rep.Looked, ts.lookup.Tried...)
	}
	return rep
}
