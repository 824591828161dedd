package dff

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/col"
)

// CollisionFor returns the collision model of the model: its clump's own
// (the collision plugin of vehicles), else the model of the same name
// (case-insensitive) in the .col files of the model's IMG archive or
// folder. where says which ("collision plugin", "vegase_1.col/lamppost");
// a nil model and error mean none was found.
func (r *Root) CollisionFor() (m *col.Model, where string, err error) {
	f, err := r.File()
	if err != nil {
		return nil, "", err
	}
	if cn := r.collisionNode(f.Clump); cn != nil {
		m, err := cn.Model()
		return m, "collision plugin", err
	}
	name := r.vehicle().model
	if r.src.Parent != nil {
		return collisionInArchive(r.src.Parent, name)
	}
	if r.src.Path == "" {
		return nil, "", nil
	}
	return collisionInFolder(filepath.Dir(r.src.Path), name)
}

// collisionInArchive looks through the .col entries of an archive.
func collisionInArchive(parent formats.Node, name string) (*col.Model, string, error) {
	kids, err := formats.SafeChildren(parent)
	if err != nil {
		return nil, "", nil
	}
	for _, k := range kids {
		cr, ok := k.(*col.Root)
		if !ok {
			continue
		}
		models, err := formats.SafeChildren(cr)
		if err != nil {
			continue
		}
		for _, mn := range models {
			if strings.EqualFold(mn.Name(), name) {
				m, err := mn.(*col.ModelNode).Model()
				return m, k.Name() + "/" + mn.Name(), err
			}
		}
	}
	return nil, "", nil
}

// colIndex is where each model name of a folder's .col files is, by
// lower-case name.
type colIndex map[string]colPlace

type colPlace struct {
	file      string
	off, size int64
}

var colIndexes = struct {
	sync.Mutex
	m map[string]colIndex
}{m: map[string]colIndex{}}

// collisionInFolder finds the model in the .col files of dir (their
// headers are indexed once per folder).
func collisionInFolder(dir, name string) (*col.Model, string, error) {
	colIndexes.Lock()
	idx, ok := colIndexes.m[dir]
	if !ok {
		idx = indexFolder(dir)
		if len(colIndexes.m) > 64 {
			clear(colIndexes.m)
		}
		colIndexes.m[dir] = idx
	}
	colIndexes.Unlock()
	p, ok := idx[strings.ToLower(name)]
	if !ok {
		return nil, "", nil
	}
	f, err := os.Open(p.file)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	b := make([]byte, p.size)
	if _, err := f.ReadAt(b, p.off); err != nil && err != io.EOF {
		return nil, "", err
	}
	m, err := col.ParseModel(b, p.off)
	return m, filepath.Base(p.file) + "/" + name, err
}

// maxColFiles bounds the .col files one folder's index reads.
const maxColFiles = 4096

// indexFolder reads the model headers of dir's .col files.
func indexFolder(dir string) colIndex {
	idx := colIndex{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return idx
	}
	n := 0
	for _, e := range ents {
		if e.IsDir() || !strings.EqualFold(filepath.Ext(e.Name()), ".col") || n >= maxColFiles {
			continue
		}
		n++
		p := filepath.Join(dir, e.Name())
		f, st, err := formats.OpenRegular(p)
		if err != nil {
			continue
		}
		node, err := col.Open(formats.Source{R: f, Size: st.Size(), Base: 0, Name: e.Name(), Path: p})
		if err == nil {
			for _, place := range node.(*col.Root).Places() {
				if _, dup := idx[strings.ToLower(place.Name)]; !dup {
					idx[strings.ToLower(place.Name)] = colPlace{file: p, off: place.Off, size: place.Size}
				}
			}
		}
		f.Close()
	}
	return idx
}
