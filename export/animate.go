package export

import (
	"context"
	"errors"
	"fmt"
	"io"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/pose"
)

// isScener reports whether n keeps a hierarchy of its own for glTF.
func isScener(n formats.Node) bool {
	_, ok := n.(formats.Scener)
	return ok
}

// sceneOf is the node's scene: its own hierarchy (formats.Scener), a
// skinned mesh's bones, or its one mesh.
func sceneOf(n formats.Node) (*Scene, error) {
	if sc, ok := n.(formats.Scener); ok {
		return sc.Scene()
	}
	ms, ok := n.(formats.Mesher)
	if !ok {
		return nil, fmt.Errorf("%s node %q has no mesh", n.Kind(), n.Name())
	}
	m, err := ms.Mesh()
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errors.New("node has no mesh")
	}
	if m.Skin != nil && m.Skin.Skeleton != nil {
		return geom.SkinnedScene(m, n.Name()), nil
	}
	return SceneOf(m, n.Name()), nil
}

// animatedScene is the node's scene with the animations to play on its
// skeleton; a node without one cannot take animations.
func animatedScene(n formats.Node, anims []*geom.Animation) (*Scene, error) {
	s, err := sceneOf(n)
	if err != nil || len(anims) == 0 {
		return s, err
	}
	if s.Skeleton == nil {
		return nil, fmt.Errorf("%q has no skeleton or frame hierarchy to play animations on", n.Name())
	}
	out := *s
	out.Animations = anims
	return &out, nil
}

// writeAnimation writes an animation node as glTF onto the skeleton of
// Options.Skeleton: the model with its one animation.
func (o *outDir) writeAnimation(ctx context.Context, j Job, a formats.Animator) ([]string, error) {
	if o.opts.Skeleton == nil {
		return nil, fmt.Errorf("an animation is exported as glTF onto a model: name one with --skeleton MODEL")
	}
	an, err := a.Animation()
	if err != nil {
		return nil, err
	}
	s, err := animatedScene(o.opts.Skeleton, []*geom.Animation{an})
	if err != nil {
		return nil, err
	}
	s.Name = j.Node.Name()
	return o.write(ctx, j.Replace, nil, j.Files[0], func(w io.Writer) error { return WriteSceneGLB(w, s) })
}

// posedAt is m posed by the first animation at clock ms (OBJ keeps one
// pose), m itself without animations.
func posedAt(m *geom.Mesh, anims []*geom.Animation, clock uint32) (*geom.Mesh, error) {
	if len(anims) == 0 {
		return m, nil
	}
	p, err := pose.New(m, anims[0])
	if err != nil {
		return nil, err
	}
	p.At(pose.LocalTime(anims[0], clock))
	return p.Mesh(), nil
}
