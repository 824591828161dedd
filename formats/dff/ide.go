package dff

import (
	"strings"
	"sync"

	"rummage/formats/foldpath"
	"rummage/formats/ide"
)

// IDE is what item definition files say about textures: each model's TXD
// (sections objs, tobj, cars, peds, weap, hier and anim) and each TXD's
// parent (txdp). Names are lower case.
type IDE struct {
	TXD    map[string]string // model name -> TXD name
	Parent map[string]string // TXD name -> parent TXD name
	Cars   map[string]bool   // models defined in a cars section
	// Vehicles holds what a cars line says about the vehicle (handling
	// name, wheel sizes), by model name.
	Vehicles map[string]VehicleDef
	Files    int // .ide files read
}

// ParseIDE adds the model and TXD names of one .ide file to d (read by
// the shared reader, formats/ide).
func (d *IDE) ParseIDE(b []byte) {
	if d.TXD == nil {
		d.TXD, d.Parent, d.Cars, d.Vehicles = map[string]string{}, map[string]string{}, map[string]bool{}, map[string]VehicleDef{}
	}
	d.Files++
	f, err := ide.Parse(b, 0)
	if err != nil {
		return
	}
	for _, o := range f.Objects {
		m := strings.ToLower(o.Model)
		d.TXD[m] = strings.ToLower(o.TXD)
		if o.Section == "cars" {
			d.Cars[m] = true
			d.Vehicles[m] = parseVehicleDef(o.Fields)
		}
	}
	for _, p := range f.Parents {
		d.Parent[strings.ToLower(p[0])] = strings.ToLower(p[1])
	}
}

// maxIDEUp is how many folders above a model's are searched for a data
// folder (the definitions' own search goes as far).
const maxIDEUp = 4

var ideCache = struct {
	sync.Mutex
	m map[*ide.Definitions]*IDE
}{m: map[*ide.Definitions]*IDE{}}

// IDEFor returns the item definitions found for a file in dir: the .ide
// files beside it and in the data/ tree of dir or any folder above it
// (ide.For, which also follows the game's gta.dat). Folders are read once
// per process.
func IDEFor(dir string) *IDE {
	defs := ide.For(dir)
	ideCache.Lock()
	defer ideCache.Unlock()
	if d, ok := ideCache.m[defs]; ok {
		return d
	}
	d := fromDefinitions(defs)
	ideCache.m[defs] = d
	return d
}

// fromDefinitions is what definitions say about textures and vehicles.
func fromDefinitions(defs *ide.Definitions) *IDE {
	d := &IDE{TXD: map[string]string{}, Parent: defs.Parent, Cars: map[string]bool{}, Vehicles: map[string]VehicleDef{}, Files: len(defs.Files)}
	for name, o := range defs.ByName {
		d.TXD[name] = strings.ToLower(o.TXD)
		if o.Section == "cars" {
			d.Cars[name] = true
			d.Vehicles[name] = parseVehicleDef(o.Fields)
		}
	}
	return d
}

// childFold returns the path of dir's entry named name in any case, "".
func childFold(dir, name string) string { return foldpath.Child(dir, name) }
