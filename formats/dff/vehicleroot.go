package dff

import (
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/geom"
)

// vehicleInfo is what a model's side files say about it as a vehicle.
type vehicleInfo struct {
	vehicle bool   // wheel dummies, or named in an .ide cars section
	model   string // the model's name (the file name without .dff)
	def     VehicleDef
	hasDef  bool
	data    *vehicleData
	setup   wheelSetup
}

// vehicleState is a Root's vehicle facts and its assembled meshes.
type vehicleState struct {
	once sync.Once
	info vehicleInfo

	mu     sync.Mutex
	meshes map[viewKey]*geom.Mesh
}

// viewKey is a mesh built with one texture set and one view.
type viewKey struct {
	ts   *textureSet
	view formats.VehicleView
	all  bool // every part named after it (export)
}

// vehicle finds the model's vehicle facts (once).
func (r *Root) vehicle() *vehicleInfo {
	r.veh.once.Do(func() {
		v := &r.veh.info
		v.model = strings.TrimSuffix(r.NodeName, filepath.Ext(r.NodeName))
		f, err := r.File()
		if err != nil {
			return
		}
		v.vehicle = f.Clump.IsVehicle()
		if r.src.Path == "" {
			return
		}
		dir := filepath.Dir(r.src.Path)
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		ide := IDEFor(dir)
		if d, ok := ide.Vehicles[strings.ToLower(v.model)]; ok {
			v.def, v.hasDef, v.vehicle = d, true, true
		}
		v.data = vehicleDataFor(dir)
		v.setup = wheelSetup{front: v.def.WheelFront, rear: v.def.WheelRear}
		if v.data.handling != nil {
			v.setup.double = v.data.handling[v.def.Handling]&modelDoubleRearWheels != 0
		}
	})
	return &r.veh.info
}

// IsVehicle reports a vehicle model: a clump with wheel dummy frames, or
// a model an .ide file beside it or in a data/ folder above names in its
// cars section.
func (r *Root) IsVehicle() bool { return r.vehicle().vehicle }

// view is the vehicle view the file was opened with (--parts, --colors,
// --night).
func (r *Root) view() formats.VehicleView {
	if r.src.Opts == nil {
		return formats.VehicleView{}
	}
	return r.src.Opts.Vehicle
}

// Paint returns how the vehicle's placeholder colours are painted with
// colour set n (an error when the model has no set n).
func (r *Root) Paint(n int) (*Paint, error) {
	v := r.vehicle()
	var cc *Carcols
	if v.data != nil {
		cc = v.data.carcols
	}
	return newPaint(cc, v.model, n)
}

// VehicleMesh returns the model drawn with view: a vehicle assembled as
// the game does (its wheels on every wheel frame, the parts view.Parts
// chooses, painted with colour set view.Colors, by night when view.Night);
// any other clump as Mesh shows it, with its night colours when asked.
func (r *Root) VehicleMesh(view formats.VehicleView) (*geom.Mesh, error) {
	return r.viewMesh(view, false)
}

// ExportMesh is the mesh an OBJ export writes: every part unless the
// file's view narrows them, each group named after its part
// ("door_lf_dam/vehiclegeneric256").
func (r *Root) ExportMesh() (*geom.Mesh, error) {
	v := r.view()
	if v.Parts == formats.PartsDefault {
		v.Parts = formats.PartsAll
	}
	return r.viewMesh(v, true)
}

// viewMesh builds (once per texture set and view) the mesh of view.
func (r *Root) viewMesh(view formats.VehicleView, named bool) (*geom.Mesh, error) {
	f, err := r.File()
	if err != nil {
		return nil, err
	}
	ts := r.surfaces()
	key := viewKey{ts, view, named}
	r.veh.mu.Lock()
	defer r.veh.mu.Unlock()
	if m, ok := r.veh.meshes[key]; ok {
		return m, nil
	}
	a, l, err := r.drawing(f.Clump, view, ts)
	if err != nil {
		return nil, err
	}
	l.named = named
	m, err := f.Clump.drawMesh(a, l)
	if err != nil {
		return nil, err
	}
	if r.veh.meshes == nil || len(r.veh.meshes) > 16 {
		r.veh.meshes = map[viewKey]*geom.Mesh{}
	}
	r.veh.meshes[key] = m
	return m, nil
}

// drawing is what the model draws with view and how it looks.
func (r *Root) drawing(c *Clump, view formats.VehicleView, ts *textureSet) (assembly, look, error) {
	v := r.vehicle()
	l := look{surf: ts.surface, night: view.Night}
	if !v.vehicle {
		return c.assemble(formats.PartsOK, wheelSetup{}), l, nil
	}
	p, err := r.Paint(view.Colors)
	if err != nil {
		return assembly{}, look{}, err
	}
	l.surf, l.recolor = p.surfacer(ts.surface), true
	parts := view.Parts
	if parts == formats.PartsDefault {
		parts = formats.PartsOK
	}
	return c.assemble(parts, v.setup), l, nil
}

// vehicleScene is the scene export writes: a vehicle with every part
// (unless the file's view narrows them), painted.
func (r *Root) vehicleScene(c *Clump) (*geom.Scene, error) {
	view := r.view()
	if view.Parts == formats.PartsDefault {
		view.Parts = formats.PartsAll
	}
	a, l, err := r.drawing(c, view, r.surfaces())
	if err != nil {
		return nil, err
	}
	if !r.vehicle().vehicle {
		a = c.assemble(formats.PartsAll, wheelSetup{})
	}
	return c.drawScene(r.Name(), a, l)
}

// vehicleFacts adds a vehicle's facts to d: "wheels" (wheel frames that
// got a wheel), "parts" (every atomic's frame name and kind), "paint"
// (carcols.dat, the colour sets, the set painted and its colours) and
// "remaps" (remap textures its materials name).
func (r *Root) vehicleFacts(c *Clump, d map[string]any) error {
	v := r.vehicle()
	if !v.vehicle {
		return nil
	}
	view := r.view()
	a := c.assemble(formats.PartsOK, v.setup)
	parts := make([]map[string]any, len(c.Atomics))
	for i, at := range c.Atomics {
		name := c.Frames[at.Frame].Name
		parts[i] = map[string]any{"name": name, "kind": string(PartKindOf(name))}
	}
	d["wheels"], d["parts"] = a.wheels, parts
	p, err := r.Paint(view.Colors)
	if err != nil {
		return err
	}
	paint := map[string]any{"carcols": nil, "sets": len(p.Sets), "set": p.Set, "colors": hexColors(p.Colors)}
	if p.Carcols != "" {
		paint["carcols"] = filepath.Base(p.Carcols)
	}
	if p.Note != "" {
		paint["note"] = p.Note
	}
	d["paint"], d["remaps"] = paint, remapTextures(c)
	if v.hasDef {
		d["handling"] = v.def.Handling
	}
	return nil
}

// hexColors writes colours as "RRGGBB".
func hexColors(cs [4][3]uint8) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = hex3(c)
	}
	return out
}

func hex3(c [3]uint8) string {
	const digits = "0123456789ABCDEF"
	b := make([]byte, 6)
	for i, v := range c {
		b[2*i], b[2*i+1] = digits[v>>4], digits[v&15]
	}
	return string(b)
}

// remapTextures lists the remap textures the clump's materials name: a
// name starting with "#" (the game swaps in the chosen remap) or
// "remap", sorted, each once.
func remapTextures(c *Clump) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, g := range c.Geometries {
		for _, m := range g.Materials {
			if m.Texture == nil {
				continue
			}
			n := m.Texture.Name
			l := strings.ToLower(n)
			if (strings.HasPrefix(l, "#") || strings.HasPrefix(l, "remap")) && !seen[l] {
				seen[l] = true
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Notes are one-line remarks on how the model is drawn (a vehicle painted
// grey for want of carcols.dat), for the command line to print.
func (r *Root) Notes() []string {
	if !r.IsVehicle() {
		return nil
	}
	p, err := r.Paint(r.view().Colors)
	if err != nil || p.Note == "" {
		return nil
	}
	return []string{p.Note}
}

// Remaps lists the remap textures the model's materials name (see
// remapTextures); nil when the file cannot be read.
func (r *Root) Remaps() []string {
	f, err := r.File()
	if err != nil {
		return nil
	}
	return remapTextures(f.Clump)
}

// paintedSurface is the look of a geometry's materials drawn alone: a
// vehicle's painted with the file's colour set, any other model's as
// found.
func (r *Root) paintedSurface(ts *textureSet) Surfacer {
	if !r.IsVehicle() {
		return ts.surface
	}
	p, err := r.Paint(r.view().Colors)
	if err != nil {
		return ts.surface
	}
	return p.surfacer(ts.surface)
}
