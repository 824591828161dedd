package dff

import (
	"rummage/formats/binread"
	"rummage/formats/geom"
)

// nativeMesh decodes native geometry.
func (g *Geometry) nativeMesh() (*geom.Mesh, [][][3]uint32, error) {
	return nil, nil, binread.Unsupportedf(g.Native.Off, "native geometry is not decoded yet")
}
