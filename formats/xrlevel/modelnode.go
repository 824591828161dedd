package xrlevel

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

func init() {
	formats.Register(formats.Format{
		Name:     "xray-ogf",
		Kind:     formats.KindMesh,
		Priority: 3,
		Match:    func(p formats.Probe) bool { return ProbeOGF(p.Head, p.Size) || ProbeProtectedOGF(p.Head, p.Size) },
		Open:     OpenModel,
		Tag:      formats.FixedTag("ogf"),
	})
}

// MaxModelFile caps a stand-alone OGF file read into memory.
const MaxModelFile = 256 << 20

// ModelNode is the root node of a stand-alone OGF model: a mesh whose
// children are the visuals of a hierarchy or skeleton.
type ModelNode struct {
	formats.Raw
	src formats.Source

	once sync.Once
	m    *Model
	err  error
	kids []formats.Node
}

// OpenModel opens a stand-alone OGF model; it is decoded when first asked
// for.
func OpenModel(s formats.Source) (formats.Node, error) {
	head := make([]byte, min(s.Size, 16))
	if _, err := s.R.ReadAt(head, 0); err != nil && err != io.EOF {
		return nil, binread.Errorf(max(s.Base, 0), "reading the OGF header: %w", err)
	}
	if ProbeProtectedOGF(head, s.Size) {
		return nil, protectedError(s.R, s.Size, max(s.Base, 0))
	}
	if !ProbeOGF(head, s.Size) {
		return nil, binread.Errorf(max(s.Base, 0), "not an OGF model: no OGF header chunk at the start")
	}
	if s.Size > MaxModelFile {
		return nil, binread.Unsupportedf(-1, "OGF model of %d bytes (at most %d are read)", s.Size, MaxModelFile)
	}
	return &ModelNode{Raw: *formats.NewRaw(s, formats.KindMesh, "ogf"), src: s}, nil
}

// Model decodes (once) and returns the model.
func (n *ModelNode) Model() (*Model, error) {
	n.once.Do(func() {
		b := make([]byte, n.src.Size)
		if _, err := n.src.R.ReadAt(b, 0); err != nil && err != io.EOF {
			n.err = binread.Errorf(max(n.src.Base, 0), "reading the model: %w", err)
			return
		}
		dir := ""
		if n.src.Path != "" && n.src.Parent == nil {
			dir = filepath.Dir(n.src.Path)
		}
		n.m, n.err = ParseModel(b, dir)
		if n.err == nil {
			n.kids = n.makeChildren()
			if mn := n.motionsNode(b); mn != nil {
				n.kids = append(n.kids, mn)
			}
		}
	})
	return n.m, n.err
}

// makeChildren makes one node per child of the root visual, named by its
// place in the list.
func (n *ModelNode) makeChildren() []formats.Node {
	root := n.m.Visuals[0]
	var kids []formats.Node
	for k, i := range root.Children {
		v := n.m.Visuals[i]
		r := formats.Raw{NodeName: strconv.Itoa(k), NodeKind: formats.KindMesh, Tag: "visual", R: n.src.R, Abs: -1}
		if c := v.Rel; c >= 0 && c+8+v.Size <= n.src.Size {
			r.R = io.NewSectionReader(n.src.R, c+8, v.Size)
			r.N = v.Size
			if n.src.Base >= 0 {
				r.Abs = n.src.Base + c + 8
			}
		}
		kids = append(kids, &ModelVisualNode{&VisualNode{itemRaw: itemRaw{r}, lv: n.m.Level, i: i}})
	}
	return kids
}

// ModelVisualNode is a child visual of a model: a level visual's node
// that also says when its geometry is broken.
type ModelVisualNode struct{ *VisualNode }

// Err returns the error of the first broken visual at or below this one.
func (n *ModelVisualNode) Err() error { return n.lv.subtreeErr(n.i) }

// Err returns why the model cannot be read, or the error of its first
// broken visual; nil when it is whole.
func (n *ModelNode) Err() error {
	m, err := n.Model()
	if err != nil {
		return err
	}
	return m.subtreeErr(0)
}

// Children returns the child visuals of a hierarchy or skeleton.
func (n *ModelNode) Children() ([]formats.Node, error) {
	if _, err := n.Model(); err != nil {
		return nil, err
	}
	return n.kids, nil
}

// Mesh returns the whole model.
func (n *ModelNode) Mesh() (*geom.Mesh, error) {
	m, err := n.Model()
	if err != nil {
		return nil, err
	}
	mesh, err := m.visualMesh(0)
	if err == nil {
		m.skinMesh(mesh)
	}
	return mesh, err
}

// Skeleton returns the model's bones in their bind pose (nil when it has
// none).
func (n *ModelNode) Skeleton() (*geom.Skeleton, error) {
	m, err := n.Model()
	if err != nil || len(m.Bones) == 0 {
		return nil, err
	}
	return m.Skeleton(), nil
}

// Describe returns the model's facts: those of its root visual (counts
// over the whole model), then its bones, source file and motions.
func (n *ModelNode) Describe() (any, error) {
	m, err := n.Model()
	if err != nil {
		return nil, err
	}
	root := &VisualNode{itemRaw: itemRaw{n.Raw}, lv: m.Level, i: 0}
	d, err := root.Describe()
	if err != nil {
		return nil, err
	}
	facts, ok := d.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("model facts are %T", d)
	}
	facts["name"] = n.NodeName
	facts["visuals"] = len(m.Visuals)
	if m.Bones != nil {
		facts["bones"] = m.BoneFacts()
		facts["boneCount"] = len(m.Bones)
	}
	if mesh, err := n.Mesh(); err == nil && mesh.Skin != nil {
		facts["skin"] = map[string]any{"bones": len(m.Bones), "usedBones": mesh.Skin.UsedBones(), "maxWeights": mesh.Skin.MaxWeights}
	}
	if m.Source != "" {
		facts["source"] = m.Source
	}
	if m.MotionRefs != nil {
		facts["motionRefs"] = m.MotionRefs
	}
	return facts, nil
}

// Diagnostics returns the findings about the whole model.
func (n *ModelNode) Diagnostics() []formats.Diagnostic {
	m, err := n.Model()
	if err != nil {
		return []formats.Diagnostic{{Off: formats.ErrorOffset(err), Msg: err.Error()}}
	}
	return m.Diags
}

// AnimationFiles returns the motion files the model names that exist
// beside it in its game data (see Model.MotionFiles).
func (n *ModelNode) AnimationFiles() []string {
	m, err := n.Model()
	if err != nil || n.src.Parent != nil {
		return nil
	}
	return m.MotionFiles(n.src.Path)
}

// Scene returns the model for exporters that keep hierarchies: a skinned
// model as its bones with the mesh skinned to them, else its one mesh.
func (n *ModelNode) Scene() (*geom.Scene, error) {
	m, err := n.Mesh()
	if err != nil {
		return nil, err
	}
	if m.Skin != nil && m.Skin.Skeleton != nil {
		return geom.SkinnedScene(m, n.NodeName), nil
	}
	return geom.SceneOf(m, n.NodeName), nil
}
