package export

import (
	"rummage/formats"
	"rummage/formats/geom"
)

// partsMesher is a model whose export writes more than its drawing shows:
// a vehicle's every part (its damaged and low-detail ones too), each
// group named after its part.
type partsMesher interface {
	ExportMesh() (*geom.Mesh, error)
}

// exportMesh is the mesh an OBJ or glTF export of ms writes: its
// ExportMesh when it has one, else its Mesh.
func exportMesh(ms formats.Mesher) (*geom.Mesh, error) {
	if pm, ok := ms.(partsMesher); ok {
		return formats.Guard("export mesh", pm.ExportMesh)
	}
	return ms.Mesh()
}
