package world

import (
	"errors"
	"runtime"
	"strings"
	"sync"

	"rummage/formats/geom"
	"rummage/formats/ide"
)

// World is a scene resolved: its geometry and what was found of each
// model.
type World struct {
	Geom   *geom.World
	Models []Model // beside Geom.Models, in the same order
	// BytesRead is what reading the models and dictionaries took from
	// the game's files (the scene file and its streams aside).
	BytesRead int64
}

// Model is what was found of one model of a scene.
type Model struct {
	Name      string
	ID        int32       // the id of its first placement
	Def       *ide.Object // its definition, nil when none was found
	Found     bool        // its .dff was found
	Where     string      // where: "gta3.img/name.dff" or a path
	Err       error       // why it could not be read (a .dff found but broken), nil when it was
	Instances int         // placements of it
}

// build resolves the placements: each distinct model found and decoded
// once, on every core, then every placement placed.
func build(name string, placed []Placement, lib *library) *World {
	w := &World{Geom: &geom.World{Name: name, Up: geom.ZUp}}
	index := map[string]int{}
	modelOf := make([]int, len(placed))
	for i, p := range placed {
		k := strings.ToLower(p.Name)
		mi, ok := index[k]
		if !ok {
			mi = len(w.Models)
			index[k] = mi
			w.Models = append(w.Models, Model{Name: p.Name, ID: p.ID, Def: p.Def})
		}
		w.Models[mi].Instances++
		modelOf[i] = mi
	}
	w.Geom.Models = make([]geom.WorldModel, len(w.Models))
	decodeAll(w, lib)
	w.Geom.Instances = make([]geom.Instance, len(placed))
	for i, p := range placed {
		m := p.Matrix()
		in := geom.Instance{Model: modelOf[i], Matrix: m, LOD: p.LODOf, Bounds: geom.Place(w.Geom.Models[modelOf[i]].Bounds, m)}
		if p.Def != nil {
			in.DrawDist = p.Def.DrawDist
		}
		w.Geom.Instances[i] = in
	}
	for i := range w.Geom.Instances {
		if l := w.Geom.Instances[i].LOD; l >= 0 && l < len(placed) && l != i {
			w.Geom.Instances[l].IsLOD = true
		} else {
			w.Geom.Instances[i].LOD = -1
		}
	}
	w.BytesRead = lib.bytesRead()
	return w
}

// decodeAll reads and builds every model of w, a few at a time on each
// core; a model not found, or that does not read, becomes a missing box.
func decodeAll(w *World, lib *library) {
	var next sync.Mutex
	i := 0
	take := func() int {
		next.Lock()
		defer next.Unlock()
		i++
		return i - 1
	}
	var wg sync.WaitGroup
	for range max(runtime.GOMAXPROCS(0), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := take(); k < len(w.Models); k = take() {
				decodeOne(w, lib, k)
			}
		}()
	}
	wg.Wait()
}

// decodeOne reads and builds model k.
func decodeOne(w *World, lib *library, k int) {
	md := &w.Models[k]
	gm := &w.Geom.Models[k]
	gm.Name = md.Name
	file := md.Name + ".dff"
	md.Where, md.Found = lib.find(file)
	if md.Found {
		mesh, err := lib.model(md.Name, md.Def)
		var nf *notFound
		switch {
		case errors.As(err, &nf):
			md.Found = false
		case err != nil:
			md.Err = err
		case mesh.Triangles() == 0:
			md.Err = errors.New("the model has no triangles")
		default:
			gm.Mesh, gm.Bounds = mesh, mesh.Bounds()
			return
		}
	}
	gm.Missing = true
	gm.Mesh = lib.missingBox(lib.collisionBounds()[strings.ToLower(md.Name)])
	gm.Bounds = gm.Mesh.Bounds()
}

// missingBox is the box of a missing model over b, one mesh for every
// model of the same size (a file naming a million unknown ids makes one).
func (l *library) missingBox(b geom.Bounds) *geom.Mesh {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.boxes == nil {
		l.boxes = map[geom.Bounds]*geom.Mesh{}
	}
	m, ok := l.boxes[b]
	if !ok {
		m = geom.MissingBox(b, geom.ZUp)
		l.boxes[b] = m
	}
	return m
}
