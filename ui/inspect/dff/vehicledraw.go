package dff

import (
	"fyne.io/fyne/v2"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/ui/widgets"
)

// markerScale is a 2DFX marker's half-size as a part of the model's
// bounding radius.
const markerScale = 0.02

// redraw draws the model with the row's choices in the background and
// shows it when it is still the latest asked for.
func (r *modelRow) redraw() {
	st := r.state
	seq := r.seq.Add(1)
	col := r.colMesh
	go func() {
		m, err := formats.Guard("draw the model", func() (*geom.Mesh, error) { return r.draw(st, col) })
		fyne.Do(func() {
			if r.seq.Load() != seq {
				return
			}
			if err != nil {
				r.note.SetText(formats.ErrorText(err))
				return
			}
			m.Edges()
			r.v.SetMesh(m)
		})
	}()
}

// draw makes the mesh of state st: the model, its markers, its collision.
func (r *modelRow) draw(st drawState, col *geom.Mesh) (*geom.Mesh, error) {
	var base, marks *geom.Mesh
	var err error
	if r.geo != nil {
		if base, err = r.geo.Mesh(); err == nil && st.view.Night {
			base, err = r.geo.NightMesh()
		}
	} else {
		base, err = r.root.VehicleMesh(st.view)
	}
	if err != nil {
		return nil, err
	}
	if st.markers {
		size := max(base.Bounds().Radius()*markerScale, 0.01)
		if r.geo != nil {
			marks, err = r.geo.EffectMarkers(size)
		} else {
			marks, err = r.root.EffectMarkers(st.view, size)
		}
		if err != nil {
			return nil, err
		}
	}
	if !st.collision {
		col = nil
	}
	if marks == nil && col == nil {
		return base, nil
	}
	return geom.Combine(base, col, marks), nil
}

// showLegend lists the collision's surfaces while the overlay is shown.
func (r *modelRow) showLegend() {
	r.legend.RemoveAll()
	if r.state.collision && r.colMesh != nil {
		r.legend.Add(widgets.SurfaceLegend(r.colMesh))
	}
	r.v.Content.Refresh() // the legend row came or went
}
