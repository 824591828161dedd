// Package world opens GTA item placement files (.ipl) as scenes: the
// sections of the file as tables, and its instances resolved into a
// geom.World. Model ids and names come from the .ide files of the game
// folder (formats/ide: beside the file, then the data folder found
// upwards, in gta.dat's order), models and texture dictionaries from the
// IMG archives of models/ (and those gta.dat names) and the loose files
// under models/ (extracted "(to)gta3.img" folders included), then the
// scene's own folder. A text file NAME.ipl joins its binary streams
// NAME_streamN.ipl, whose LOD indices count the text file's inst rows.
// Every model and texture is decoded once; a model that is not found is a
// box in the warning colour, counted as missing.
package world

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/foldpath"
	"rummage/formats/geom"
	"rummage/formats/ide"
	"rummage/formats/ipl"
)

func init() {
	formats.Register(formats.Format{
		Name:     "ipl-binary",
		Priority: 10,
		Kind:     formats.KindScene,
		Match:    func(p formats.Probe) bool { return ipl.IsBinary(p.Head) },
		Open:     Open,
		Tag:      formats.FixedTag("IPL bnry"),
	})
	formats.Register(formats.Format{
		Name:     "ipl-text",
		Priority: 2, // text: after every format with magic bytes
		Kind:     formats.KindScene,
		Match:    func(p formats.Probe) bool { return ipl.LooksText(p.Head, p.Size, p.Name) },
		Open:     Open,
		Tag:      formats.FixedTag("IPL"),
	})
}

// MaxBytes caps an item placement file (the largest San Andreas text
// file is about 1 MB).
const MaxBytes = 64 << 20

// Open reads an item placement file, text or binary. Resolving its
// models waits until they are asked for.
func Open(s formats.Source) (formats.Node, error) {
	if s.Size > MaxBytes {
		return nil, binread.Errorf(max(s.Base, 0), "an item placement file of %d bytes is larger than the %d this reader takes", s.Size, MaxBytes)
	}
	b, err := binread.ReadAt(s.R, max(s.Base, 0), 0, s.Size, s.Size)
	if err != nil {
		return nil, err
	}
	var f *ipl.File
	if ipl.IsBinary(b) {
		f, err = ipl.ParseBinary(b, max(s.Base, 0))
	} else {
		f, err = ipl.ParseText(b, max(s.Base, 0))
	}
	if err != nil {
		return nil, err
	}
	return &Scene{Raw: *formats.NewRaw(s, formats.KindScene, typeTag(f)), src: s, File: f}, nil
}

func typeTag(f *ipl.File) string {
	if f.Binary {
		return "IPL bnry"
	}
	return "IPL"
}

// Scene is an item placement file: a scene node whose children are its
// sections as tables (and, for a text file, the binary streams it joins).
type Scene struct {
	formats.Raw
	src  formats.Source
	File *ipl.File

	setupOnce sync.Once
	lib       *library
	streams   []formats.Node // the joined streams: *Scene, or broken nodes
	placed    []Placement
	diags     []formats.Diagnostic

	kidsOnce sync.Once
	kids     []formats.Node
	models   *ModelsNode
	joined   bool // a stream joined to a text file (its models are the text file's)

	worldOnce sync.Once
	world     *World
}

// Placement is one instance of a scene, text rows first, then each
// stream's instances.
type Placement struct {
	ipl.Instance
	File  string      // "" for the scene's own file, else the stream's name
	Row   int         // index among its file's instances
	Name  string      // the model's name: the row's, else its definition's, else "#id"
	Def   *ide.Object // the model's definition, nil when none was found
	LODOf int         // index of its low-detail placement, -1 for none
}

// setup finds the game, the definitions and the streams, and lists the
// placements (once).
func (s *Scene) setup() {
	s.setupOnce.Do(func() {
		defs, local := ide.NewDefinitions(), ""
		var game *Game
		if s.src.Path != "" {
			local = filepath.Dir(s.src.Path)
			defs, game = ide.For(local), GameFor(local)
			if s.src.Parent != nil {
				local = "" // inside an archive: its own folder holds the archive, not loose files
			}
		}
		s.lib = newLibrary(game, local, stem(s.NodeName), defs)
		if !s.File.Binary {
			s.joinStreams()
		}
		s.place()
	})
}

// joinStreams opens the binary streams NAME_streamN.ipl of a text file
// NAME.ipl, in N order.
func (s *Scene) joinStreams() {
	stem := s.lib.stem + "_stream"
	names := s.lib.names(stem, ".ipl")
	type numbered struct {
		n    int
		name string
	}
	var list []numbered
	for _, n := range names {
		if v, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(n, stem), ".ipl")); err == nil && v >= 0 {
			list = append(list, numbered{v, n})
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].n < list[j].n })
	for _, it := range list {
		s.streams = append(s.streams, s.openStream(it.name))
	}
}

// openStream reads one stream file; one that cannot be read is a broken
// node saying why.
func (s *Scene) openStream(name string) formats.Node {
	b, base, err := s.lib.readFile(name)
	where, _ := s.lib.find(name)
	src := formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Base: -1, Name: name, Opts: s.src.Opts}
	if err == nil {
		var f *ipl.File
		if f, err = ipl.ParseBinary(b, base); err == nil {
			st := &Scene{Raw: *formats.NewRaw(src, formats.KindScene, typeTag(f)), src: src, File: f}
			st.setupOnce.Do(func() { st.lib = s.lib; st.place() }) // the text file's game and definitions
			st.joined = true
			return st
		}
	}
	err = fmt.Errorf("stream %s: %w", where, err)
	s.diags = append(s.diags, formats.Diagnostic{Off: -1, Msg: err.Error()})
	return formats.NewBroken(src, formats.KindScene, "IPL bnry", err)
}

// stem is the name of a scene's text file without its extension, lower
// case: a stream NAME_streamN.ipl's is NAME.
func stem(name string) string {
	k := strings.ToLower(strings.TrimSuffix(name, filepath.Ext(name)))
	if i := strings.LastIndex(k, "_stream"); i > 0 {
		if _, err := strconv.Atoi(k[i+len("_stream"):]); err == nil {
			return k[:i]
		}
	}
	return k
}

// place lists the placements: the file's instances, then each stream's,
// with their models' names and definitions and their LODs.
func (s *Scene) place() {
	add := func(f *ipl.File, file string) {
		for i, in := range f.Instances {
			p := Placement{Instance: in, File: file, Row: i, LODOf: -1}
			if d := s.lib.defs.ByID[in.ID]; d != nil {
				p.Def = d
			}
			switch {
			case in.Model != "":
				p.Name = in.Model
				if p.Def == nil || !strings.EqualFold(p.Def.Model, in.Model) {
					p.Def = s.lib.defs.ByName[strings.ToLower(in.Model)] // the row's name wins over its id
				}
			case p.Def != nil:
				p.Name = p.Def.Model
			default:
				p.Name = "#" + strconv.Itoa(int(in.ID))
			}
			s.placed = append(s.placed, p)
		}
	}
	add(s.File, "")
	text := len(s.placed)
	for i := range text {
		s.placed[i].LODOf = s.File.LODInstance(i)
	}
	for _, n := range s.streams {
		st, ok := n.(*Scene)
		if !ok {
			continue
		}
		first := len(s.placed)
		add(st.File, st.NodeName)
		for i := first; i < len(s.placed); i++ {
			if l := s.placed[i].LOD; l >= 0 && int(l) < len(s.File.InstRows) {
				s.placed[i].LODOf = s.File.InstRows[l]
			}
		}
	}
}

// Placements returns every instance of the scene, the joined streams'
// included.
func (s *Scene) Placements() []Placement {
	s.setup()
	return s.placed
}

// Streams returns the names of the joined streams.
func (s *Scene) Streams() []string {
	s.setup()
	var out []string
	for _, n := range s.streams {
		out = append(out, n.Name())
	}
	return out
}

// Diagnostics returns the rows left out, the streams that did not read
// and the game's archives that are missing or do not open.
func (s *Scene) Diagnostics() []formats.Diagnostic {
	s.setup()
	out := append(append([]formats.Diagnostic(nil), s.File.Diags...), s.diags...)
	if s.lib != nil && s.lib.game != nil {
		for _, n := range s.lib.game.Notes {
			out = append(out, formats.Diagnostic{Off: -1, Msg: n})
		}
	}
	return out
}

// IsLeaf is false: a scene has its sections.
func (s *Scene) IsLeaf() bool { return false }

func listNames(dir string) []string {
	names := foldpath.Names(dir)
	sort.Strings(names)
	return names
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// World returns the scene resolved: every placement's model found,
// decoded and placed (once).
func (s *Scene) World() *World {
	s.setup()
	s.worldOnce.Do(func() { s.world = build(s.NodeName, s.placed, s.lib) })
	return s.world
}

// Geometry is the scene's world as geom.World.
func (s *Scene) Geometry() *geom.World { return s.World().Geom }
