package dff_test

import (
	"bytes"
	"testing"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/dff/dfftest"
)

// FuzzVehicle reads mutated vehicles: the assembly, paint, parts, 2DFX
// entries, markers and the embedded collision never panic, whatever the
// bytes.
func FuzzVehicle(f *testing.F) {
	for _, col3 := range []bool{false, true} {
		b, err := dfftest.Car(col3)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := dff.Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "car.dff"})
		if err != nil {
			return
		}
		r := n.(*dff.Root)
		for _, p := range []formats.Parts{formats.PartsOK, formats.PartsAll, formats.PartsVLO} {
			r.VehicleMesh(formats.VehicleView{Parts: p, Night: true})
		}
		r.Scene()
		r.ExportMesh()
		r.Describe()
		r.EffectMarkers(formats.VehicleView{}, 0.1)
		r.CollisionFor()
		kids, _ := r.Children()
		for _, k := range kids {
			if d, ok := k.(formats.Describer); ok {
				d.Describe()
			}
			sub, _ := k.Children()
			for _, s := range sub {
				s.(formats.Describer).Describe()
			}
		}
	})
}
