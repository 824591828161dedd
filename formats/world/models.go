package world

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/foldpath"
)

// ModelsNode is a scene's child "models": the models its instances use
// that were found, each the .dff node as its archive or folder holds it
// (so the window can open an instance's model), in the order the scene
// first places them.
type ModelsNode struct {
	scene *Scene
	once  sync.Once
	kids  []formats.Node
	index map[string]int // lower-case model name -> child
}

// ModelsName is the name of a scene's models child.
const ModelsName = "models"

// Name returns "models".
func (m *ModelsNode) Name() string { return ModelsName }

// Kind returns KindArchive.
func (m *ModelsNode) Kind() formats.Kind { return formats.KindArchive }

// Type returns "models".
func (m *ModelsNode) Type() string { return "models" }

// Children opens the found models (headers only).
func (m *ModelsNode) Children() ([]formats.Node, error) {
	m.once.Do(m.open)
	return m.kids, nil
}

// ChildCount returns the number of models found, without opening them.
func (m *ModelsNode) ChildCount() (int, error) {
	n := 0
	for _, md := range m.scene.World().Models {
		if md.Found {
			n++
		}
	}
	return n, nil
}

// Describe returns the number of models found and missing.
func (m *ModelsNode) Describe() (any, error) {
	w := m.scene.World()
	n, _ := m.ChildCount()
	return map[string]any{"kind": string(formats.KindArchive), "name": ModelsName, "found": n, "missing": len(w.Models) - n}, nil
}

// open opens each found model.
func (m *ModelsNode) open() {
	s := m.scene
	m.index = map[string]int{}
	for _, md := range s.World().Models {
		if !md.Found {
			continue
		}
		file := md.Name + ".dff"
		src, err := s.lib.source(file, s.src.Opts)
		var n formats.Node
		if err != nil {
			n = formats.NewBroken(formats.Source{R: bytes.NewReader(nil), Base: -1, Name: file}, formats.KindMesh, "DFF", err)
		} else {
			src.Base = -1 // its bytes sit in another file than the scene's
			n = formats.OpenSource(src)
		}
		m.index[strings.ToLower(md.Name)] = len(m.kids)
		m.kids = append(m.kids, n)
	}
}

// Model returns the node of the model named name, nil when it was not
// found.
func (m *ModelsNode) Model(name string) formats.Node {
	m.once.Do(m.open)
	if i, ok := m.index[strings.ToLower(name)]; ok {
		return m.kids[i]
	}
	return nil
}

// source is a Source over a file of the library: the game's, else one of
// the scene's folder (read into memory).
func (l *library) source(name string, opts *formats.Options) (formats.Source, error) {
	if l.game != nil && l.game.Has(name) {
		return l.game.Source(name, opts)
	}
	p := ""
	if l.local != "" {
		p = foldpath.Child(l.local, name)
	}
	if p == "" {
		return formats.Source{}, errors.New(name + " is not in the game's archives or folders")
	}
	b, err := formats.ReadSideFile(p, maxResourceBytes)
	if err != nil {
		return formats.Source{}, err
	}
	return formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Base: 0, Name: filepath.Base(p), Path: p, Opts: opts}, nil
}
