package dff

// AddClumpExt adds a plugin to the clump's extension (a collision model).
func (b *Builder) AddClumpExt(typ uint32, data []byte) {
	b.c.Ext = append(b.c.Ext, Ext{Type: typ, Stamp: b.stamp, Off: -1, Data: data})
}

// AddGeometryExt adds a plugin to geometry g's extension (2DFX entries,
// night colours).
func (b *Builder) AddGeometryExt(g int, typ uint32, data []byte) {
	geo := b.c.Geometries[g]
	geo.Ext = append(geo.Ext, Ext{Type: typ, Stamp: b.stamp, Off: -1, Data: data})
}
