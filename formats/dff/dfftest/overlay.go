package dfftest

import (
	"testing"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/geom"
)

// Overlaid is the car of r drawn as the preview's Collision overlay draws
// it: the assembled, painted car, its collision model see-through over it
// (alpha 96) and its 2DFX markers. It fails tb when the car has no
// collision.
func Overlaid(tb testing.TB, r *dff.Root) *geom.Mesh {
	tb.Helper()
	car, err := r.Mesh()
	if err != nil {
		tb.Fatal(err)
	}
	cm, _, err := r.CollisionFor()
	if err != nil || cm == nil {
		tb.Fatalf("no collision: %v", err)
	}
	marks, err := r.EffectMarkers(formats.VehicleView{}, 0.05)
	if err != nil {
		tb.Fatal(err)
	}
	return geom.Combine(car, geom.Translucent(cm.Mesh(), 96), marks)
}
