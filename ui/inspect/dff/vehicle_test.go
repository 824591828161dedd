package dff

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/dff/dfftest"
	"rummage/formats/geom"
	"rummage/ui/inspect/inspecttest"
	"rummage/ui/inspect/mesh"
)

// testCar writes the test car's game folder and opens the car.
func testCar(t *testing.T) *dff.Root {
	t.Helper()
	p, err := dfftest.WriteFolder(t.TempDir(), dfftest.Folder{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f.Root.(*dff.Root)
}

// until waits (pumping nothing: fyne.Do runs at once in the test app)
// for cond, or fails after a few seconds.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		ok := false
		fyne.DoAndWait(func() { ok = cond() })
		if ok {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// previewOf shows n's Preview in a test window.
func previewOf(t *testing.T, n formats.Node) *mesh.PreviewView {
	t.Helper()
	test.NewTempApp(t)
	v := mesh.NewPreviewView(nil, n.(formats.Mesher))
	t.Cleanup(v.Close)
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(900, 600))
	return v
}

// has reports a vertex within 1e-4 of p.
func has(m *geom.Mesh, p geom.Vec3) bool {
	for _, v := range m.Positions {
		if d := (geom.Vec3{v[0] - p[0], v[1] - p[1], v[2] - p[2]}); d[0]*d[0]+d[1]*d[1]+d[2]*d[2] < 1e-8 {
			return true
		}
	}
	return false
}

func TestVehicleRow(t *testing.T) {
	car := testCar(t)
	v := previewOf(t, car)
	var selects []*widget.Select
	var checks []*widget.Check
	until(t, "the vehicle controls", func() bool {
		selects, checks = inspecttest.Find[*widget.Select](v.Content), inspecttest.Find[*widget.Check](v.Content)
		return len(selects) >= 5 && v.Mesh() != nil
	})
	var parts, paint, night *widget.Select
	for _, s := range selects {
		switch {
		case len(s.Options) == 4 && s.Options[1] == "damaged":
			parts = s
		case len(s.Options) == 2 && s.Options[0] == "set 0":
			paint = s
		case len(s.Options) == 2 && s.Options[1] == "Night":
			night = s
		}
	}
	if parts == nil || paint == nil || night == nil {
		t.Fatalf("controls: parts %v, paint %v, night %v", parts != nil, paint != nil, night != nil)
	}
	labels := inspecttest.Labels(v.Content)
	if !strings.Contains(labels, "collision: collision plugin") {
		t.Errorf("the note does not say where the collision is from: %s", labels)
	}
	dam := geom.Vec3{-0.9 + dfftest.DoorDamX, 0, 0}
	if has(v.Mesh(), dam) {
		t.Fatal("the damaged door is shown before it is asked for")
	}
	parts.SetSelected("damaged")
	until(t, "the damaged door", func() bool { return has(v.Mesh(), dam) })

	var markers, collision *widget.Check
	for _, c := range checks {
		switch c.Text {
		case "2DFX markers":
			markers = c
		case "Collision":
			collision = c
		}
	}
	if markers == nil || collision == nil {
		t.Fatal("no 2DFX markers or Collision check")
	}
	collision.SetChecked(true)
	until(t, "the collision overlay", func() bool {
		for _, g := range v.Mesh().Groups {
			if g.Name == "surface 63" && g.Surface != nil && g.Surface.Blend == geom.BlendAlpha {
				return true
			}
		}
		return false
	})
	legend := 0
	for _, tx := range inspecttest.Find[*canvas.Text](v.Content) {
		if tx.Text == "Surfaces:" || strings.HasSuffix(tx.Text, ")") {
			legend++
		}
	}
	if legend != 4 {
		t.Errorf("the legend has %d texts with the overlay, want its title and 3 surfaces", legend)
	}
	markers.SetChecked(true)
	until(t, "the 2DFX markers", func() bool {
		for _, g := range v.Mesh().Groups {
			if g.Name == "2dfx light" {
				return true
			}
		}
		return false
	})
	night.SetSelected("Night")
	until(t, "the night colours", func() bool {
		m := v.Mesh()
		return len(m.Colors) > 0 && m.Colors[0] == dfftest.NightColor
	})
	paint.SetSelected("set 1")
	want := dfftest.Sets[1][0]
	until(t, "colour set 1", func() bool {
		for _, g := range v.Mesh().Groups {
			if strings.HasSuffix(g.Name, "body") && g.Surface != nil {
				c := g.Surface.Color
				return [3]uint8{c.R, c.G, c.B} == want
			}
		}
		return false
	})
}

func TestGeometryRow(t *testing.T) {
	car := testCar(t)
	kids, _ := car.Children()
	v := previewOf(t, kids[0])
	until(t, "the geometry's controls", func() bool {
		for _, c := range inspecttest.Find[*widget.Check](v.Content) {
			if c.Text == "2DFX markers" {
				return v.Mesh() != nil // the preview's own checks come first: wait for the row's
			}
		}
		return false
	})
	for _, c := range inspecttest.Find[*widget.Check](v.Content) {
		if c.Text == "2DFX markers" {
			c.SetChecked(true)
		}
	}
	until(t, "the geometry's markers", func() bool { return len(v.Mesh().Groups) > 9 })
	if got := len(inspecttest.Find[*widget.Select](v.Content)); got < 1 {
		t.Error("no Day/Night choice on a geometry with night colours")
	}
}

func TestEffectRows(t *testing.T) {
	rows := EffectRows(dfftest.Effects())
	if len(rows) != 2 || rows[0][1] != "light" || !strings.Contains(rows[0][3], "coronaTexture coronastar") || rows[1][1] != "particle" {
		t.Errorf("%v", rows)
	}
}
