package xrlevel

import "rummage/formats/geom"

// MeshCounts counts a mesh as Describe counts a visual, a sector or the
// CFORM: the vertices without those only outlines use, the triangles
// without the outlines' segments. The mesh preview's overlay counts with
// it, so that it says what the header says.
func MeshCounts(m *geom.Mesh) (vertices, triangles int) {
	return len(m.Positions) - outlineOnlyVertices(m), solidTriangles(m)
}
