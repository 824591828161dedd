package cli

import (
	"fmt"
	"strings"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/geom"
	"rummage/pose"
)

// motionFlags are the animation flags of render and export: --anim FILE
// (an .ifp or .omf) and --motion NAME (case-insensitive; default the
// first motion; "*" all of them, export only).
type motionFlags struct {
	file, motion string
}

// parseMotionFlags reads --anim and --motion; msg is a usage error.
func parseMotionFlags(a *args, allowAll bool) (m motionFlags, msg string) {
	m.file, m.motion = a.vals["anim"], a.vals["motion"]
	_, hasAnim := a.vals["anim"]
	_, hasMotion := a.vals["motion"]
	switch {
	case hasAnim && m.file == "":
		return m, "--anim needs a file name"
	case hasMotion && !hasAnim:
		return m, "--motion needs --anim FILE"
	case m.motion == "*" && !allowAll:
		return m, "--motion '*' (all motions) is for export; render draws one"
	}
	return m, ""
}

// loadMotions opens the animation file and returns the chosen motions:
// the one named (case-insensitively), every one for "*", the first one
// when no name is given. Broken motions are skipped for "*" with a note
// on stderr, and are an error when named.
func (e *env) loadMotions(m motionFlags) ([]*geom.Animation, error) {
	f, err := formats.Open(m.file, &formats.Options{})
	if err != nil {
		f.Close()
		return nil, plainErr(err)
	}
	defer f.Close()
	nodes, err := animationNodes(f.Root)
	if err != nil {
		return nil, err
	}
	if len(nodes) == 0 {
		return nil, fmt.Errorf("%s holds no animations", m.file)
	}
	var out []*geom.Animation
	for _, n := range nodes {
		if m.motion != "" && m.motion != "*" && !strings.EqualFold(n.Name(), m.motion) {
			continue
		}
		a, err := n.(formats.Animator).Animation()
		switch {
		case err != nil && m.motion == "*":
			fmt.Fprintln(e.stderr, errLine(m.file, n.Name(), err))
			continue
		case err != nil:
			return nil, &formats.NodeError{Path: n.Name(), Err: err}
		}
		out = append(out, a)
		if m.motion == "" || m.motion != "*" {
			break
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s has no motion %q (%d motions; ls lists them)", m.file, m.motion, len(nodes))
	}
	return out, nil
}

// animationNodes lists the animation nodes of a file: the root's
// children (an .ifp or .omf) or the root itself.
func animationNodes(root formats.Node) ([]formats.Node, error) {
	if _, ok := root.(formats.Animator); ok {
		return []formats.Node{root}, nil
	}
	kids, err := root.Children()
	if err != nil {
		return nil, err
	}
	var out []formats.Node
	for _, k := range kids {
		if _, ok := k.(formats.Animator); ok && k.Kind() == formats.KindAnimation {
			out = append(out, k)
		}
	}
	return out, nil
}

// posedMesh returns m posed by animation a at clockMs on the animation's
// own looping clock, and the warning about bones that matched none.
func posedMesh(m *geom.Mesh, a *geom.Animation, clockMs uint32) (*geom.Mesh, string, error) {
	p, err := pose.New(m, a)
	if err != nil {
		return nil, "", err
	}
	if p.Binding.Matched() == 0 {
		return nil, "", fmt.Errorf("animation %q moves no bone of the model (%d bones, none matched)", a.Name, len(a.Tracks))
	}
	p.At(pose.LocalTime(a, clockMs))
	return p.Mesh(), p.Binding.Warning(), nil
}

// exportAnimations reads export's --anim, --motion, --at and --skeleton
// into the options. On failure it returns nil and the status (the error
// reported); otherwise a function that closes the skeleton's file.
func (e *env) exportAnimations(a *args, s *exportSettings) (func(), int) {
	m, msg := parseMotionFlags(a, true)
	if msg != "" {
		return nil, e.usagef("%s", msg)
	}
	if v, ok := a.vals["at"]; ok {
		at, err := parseU32(v)
		if err != nil {
			return nil, e.usagef("--at: %v", err)
		}
		s.opts.Clock = at
	}
	if m.file != "" {
		anims, err := e.loadMotions(m)
		if err != nil {
			return nil, e.fail(m.file, "", err)
		}
		s.opts.Animations = anims
		if m.motion == "*" && len(anims) > 1 && s.opts.As != export.GLTF {
			fmt.Fprintln(e.stderr, noteLine(m.file, "", fmt.Sprintf("--motion '*': an OBJ holds one pose, the first motion's (%s); --as gltf keeps all %d motions", anims[0].Name, len(anims))))
		}
	}
	sk, ok := a.vals["skeleton"]
	if !ok {
		return func() {}, 0
	}
	if sk == "" {
		return nil, e.usagef("--skeleton needs a model file")
	}
	f, err := formats.Open(sk, s.files)
	if err != nil {
		f.Close()
		return nil, e.fail(sk, "", plainErr(err))
	}
	s.opts.Skeleton = f.Root
	return func() { f.Close() }, 0
}
