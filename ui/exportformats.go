package ui

import (
	"slices"
	"sync"

	"fyne.io/fyne/v2"

	"rummage/export"
	"rummage/formats"
	"rummage/samples"
)

// exportGroup is a row of per-kind export formats in Settings and
// Export…: the kinds it covers. The formats it offers are derived (see
// groupFormats).
type exportGroup struct {
	name  string
	kinds []formats.Kind
}

// exportGroups are the per-kind format choices of Settings and Export….
var exportGroups = []exportGroup{
	{"texture", []formats.Kind{formats.KindTexture}},
	{"mesh", []formats.Kind{formats.KindMesh}},
	{"level", []formats.Kind{formats.KindLevel}},
	{"material", []formats.Kind{formats.KindMaterial}},
	{"wear", []formats.Kind{formats.KindWear}},
	{"scene", []formats.Kind{formats.KindScene}},
	{"other", []formats.Kind{formats.KindTable, formats.KindChunk, formats.KindText, formats.KindRaw, formats.KindAnimation}},
}

// groupFormats are the formats a group offers: its kinds' default
// (export.DefaultFormat) first, then, in the order of export.Formats,
// every format export.Supports grants a node of its kinds — among the
// built-in samples' nodes (kindFormats) and the nodes given (those about
// to be exported). The export package alone knows what a node can become.
func groupFormats(g exportGroup, nodes []formats.Node) []string {
	supported := map[string]bool{}
	known := sampleFormats()
	for _, k := range g.kinds {
		for _, f := range known[k] {
			supported[f] = true
		}
	}
	for _, n := range nodes {
		if n != nil && slices.Contains(g.kinds, formats.SafeKind(n)) {
			for _, f := range export.Formats {
				supported[f] = supported[f] || export.Supports(n, f)
			}
		}
	}
	def := export.DefaultFormat(g.kinds[0])
	out := []string{def}
	for _, f := range export.Formats {
		if supported[f] && f != def {
			out = append(out, f)
		}
	}
	return out
}

// sampleFormats maps each kind to the formats export.Supports grants some
// node of it among the built-in samples (made by the project's own
// writers: every kind the readers make but text). The samples are walked
// once, in memory.
var sampleFormats = sync.OnceValue(func() map[formats.Kind][]string {
	out := map[formats.Kind][]string{}
	add := func(n formats.Node) {
		k := formats.SafeKind(n)
		for _, f := range export.Formats {
			if !slices.Contains(out[k], f) && export.Supports(n, f) {
				out[k] = append(out[k], f)
			}
		}
	}
	var walk func(n formats.Node, depth int)
	walk = func(n formats.Node, depth int) {
		add(n)
		if depth >= 8 {
			return
		}
		kids, _ := formats.SafeChildren(n)
		for _, k := range kids {
			if k != nil {
				walk(k, depth+1)
			}
		}
	}
	opts := &formats.Options{Libraries: samples.Libraries}
	for _, s := range samples.Files() {
		f, err := formats.OpenBytes(s.Name, s.Data, opts)
		if err == nil {
			walk(f.Root, 0)
		}
		if f != nil {
			f.Close()
		}
	}
	for _, n := range samples.Nodes() {
		walk(n, 0)
	}
	return out
})

// groupFormat is the remembered format of a group among those it offers
// (the first, its default, when unset or not offered).
func groupFormat(a fyne.App, g exportGroup, offered []string) string {
	v := a.Preferences().String(prefExportFormat + g.name)
	if slices.Contains(offered, v) {
		return v
	}
	return offered[0]
}

// setGroupFormat remembers a group's format.
func setGroupFormat(a fyne.App, g exportGroup, as string) {
	a.Preferences().SetString(prefExportFormat+g.name, as)
}
