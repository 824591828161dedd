package xrlevel

import (
	"os"
	"path/filepath"
	"strings"

	"rummage/formats"
	"rummage/formats/omf"
	"rummage/formats/xray"
)

// NameMotions is the child of a model that holds its own motions.
const NameMotions = "motions"

// ownMotions reads the motions an OGF v4 model keeps in its own S_MOTIONS
// and S_SMPARAMS chunks (nil when it has none), for its bones.
func (m *Model) ownMotions(b []byte) (*omf.Archive, error) {
	if len(m.Visuals) == 0 || m.Visuals[0].OGFVersion != 4 {
		return nil, nil
	}
	var mot, par *xray.Chunk
	for _, c := range m.Visuals[0].Skeleton {
		switch c.ID {
		case omf.ChunkMotions:
			mot = &c
		case omf.ChunkParams:
			par = &c
		}
	}
	if mot == nil {
		return nil, nil
	}
	names := make([]string, len(m.Bones))
	for i, bn := range m.Bones {
		names[i] = bn.Name
	}
	return omf.NewArchive(b, 0, *mot, par, len(m.Bones), names)
}

// motionsNode is the archive of a model's own motions.
func (n *ModelNode) motionsNode(b []byte) formats.Node {
	a, err := n.m.ownMotions(b)
	switch {
	case err != nil:
		return formats.NewBroken(formats.Source{Name: NameMotions, R: n.src.R, Size: 0, Base: -1}, formats.KindArchive, "motions", err)
	case a == nil:
		return nil
	}
	return &formats.Folder{NodeName: NameMotions, NodeKind: formats.KindArchive, Tag: "motions", Items: a.Nodes(n.src.R, n.src.Base == 0)}
}

// MotionFiles returns the .omf files the model names in its motion
// references (S_MOTION_REFS, S_MOTION_REFS2) that exist on disk: each
// reference is a path below gamedata/meshes without the extension, found
// from the meshes folder above the model (names match in any case).
func (m *Model) MotionFiles(modelPath string) []string {
	if modelPath == "" || len(m.MotionRefs) == 0 {
		return nil
	}
	meshes := meshesDir(filepath.Dir(modelPath))
	if meshes == "" {
		meshes = filepath.Dir(modelPath)
	}
	var out []string
	for _, ref := range m.MotionRefs {
		for _, r := range strings.Split(ref, ",") {
			rel := filepath.FromSlash(strings.ReplaceAll(strings.TrimSpace(r), "\\", "/"))
			if rel == "" {
				continue
			}
			if p := findFold(meshes, rel+".omf"); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// meshesDir returns the folder named "meshes" at or above dir, "" when
// there is none.
func meshesDir(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if strings.EqualFold(filepath.Base(d), "meshes") {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// findFold finds rel below dir, each path element matched in any case.
func findFold(dir, rel string) string {
	cur := dir
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		ents, err := os.ReadDir(cur)
		if err != nil {
			return ""
		}
		found := ""
		for _, e := range ents {
			if strings.EqualFold(e.Name(), part) {
				found = e.Name()
				break
			}
		}
		if found == "" {
			return ""
		}
		cur = filepath.Join(cur, found)
	}
	return cur
}
