package cli

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
)

// maxRenderSide caps --size: a bigger image is a typo, not a wish.
const maxRenderSide = 16384

// renderSettings is a parsed `render` command line.
type renderSettings struct {
	mode      preview.Mode
	viewpoint preview.Viewpoint
	cameraSet bool // --camera given (a scene's default is top)
	lod       preview.LODChoice
	w, h      int
	clock     uint32
	out       string
	motion    motionFlags
}

func runRender(e *env, a *args) int {
	s, msg := renderFlags(a)
	if msg != "" {
		return e.usagef("%s", msg)
	}
	if st := e.checkOut(a, s.out); st != exitOK {
		return st
	}
	file, nodePath := a.pos[0], "" // without NODE, the file's root
	if len(a.pos) > 1 {
		nodePath = a.pos[1]
	}
	f, node, canon, st := e.openNode(a, file, nodePath)
	if f == nil {
		return st
	}
	defer f.Close()
	if wn, ok := node.(worldNode); ok {
		return e.renderScene(a, &s, file, canon, node, wn)
	}
	m, err := meshOf(node)
	if err != nil {
		return e.fail(file, canon, err)
	}
	if s.motion.file != "" {
		if m, err = e.poseForRender(m, s); err != nil {
			return e.fail(file, canon, err)
		}
	}
	e.vehicleNotes(a, file, canon, node)
	b, err := e.fitBounds(file, canon, m)
	if err != nil {
		return e.fail(file, canon, err)
	}
	img, cam := s.draw(m, b)
	e.warnIfBlank(file, canon, img, m, &cam)
	return e.writePNG(a, s.out, img)
}

// writePNG writes img to out, atomically (replacing a file only with
// --overwrite), and prints out.
func (e *env) writePNG(a *args, out string, img image.Image) int {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return e.fail(out, "", err)
	}
	return e.writeOut(a, out, buf.Bytes())
}

// meshOf is the mesh render draws for node, or why there is none.
func meshOf(node formats.Node) (*geom.Mesh, error) {
	ms, ok := node.(formats.Mesher)
	if !ok {
		return nil, fmt.Errorf("%s node %q has no mesh to render", node.Kind(), node.Name())
	}
	m, err := formats.SafeMesh(ms)
	if err == nil && m == nil {
		err = fmt.Errorf("%s node %q has no mesh to render", node.Kind(), node.Name())
	}
	return m, err
}

// draw renders m, its camera fitted to b, as the settings say.
func (s *renderSettings) draw(m *geom.Mesh, b geom.Bounds) (*image.RGBA, preview.Camera) {
	r := preview.NewRenderer()
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, s.w, s.h))
	cam := preview.StillCamera(s.viewpoint, b, m.Up, s.w, s.h)
	opt := preview.DefaultOptions()
	opt.Mode, opt.Clock = s.mode, s.clock
	opt.Background, opt.Axes = color.NRGBA{}, false
	opt.GroupColors = s.mode != preview.ModeTexturedWire // over textures, edges in one colour
	r.Render(img, m, &cam, &opt)
	return img, cam
}

// renderFlags checks the render command line; msg is the usage error.
func renderFlags(a *args) (s renderSettings, msg string) {
	switch {
	case len(a.pos) < 1:
		return s, "missing FILE"
	case len(a.pos) > 2:
		return s, "too many arguments: " + strings.Join(a.pos[2:], " ")
	}
	s = renderSettings{mode: preview.ModeTextured, viewpoint: preview.Iso, w: 800, h: 600, out: a.vals["out"]}
	if s.out == "" {
		return s, "--out OUT.png is required"
	}
	var err error
	if v, ok := a.vals["view"]; ok {
		if s.mode, err = preview.ParseMode(v); err != nil {
			return s, "--view: " + err.Error()
		}
	}
	if v, ok := a.vals["camera"]; ok {
		if s.viewpoint, err = preview.ParseViewpoint(v); err != nil {
			return s, "--camera: " + err.Error()
		}
		s.cameraSet = true
	}
	s.lod = preview.LODHigh
	if v, ok := a.vals["lod"]; ok {
		if s.lod, ok = preview.ParseLOD(v); !ok {
			return s, fmt.Sprintf("--lod: want hd, lod or distance, got %q", v)
		}
	}
	if v, ok := a.vals["size"]; ok {
		if s.w, s.h, err = parseSize(v); err != nil {
			return s, "--size: " + err.Error()
		}
	}
	if v, ok := a.vals["at"]; ok {
		if s.clock, err = parseU32(v); err != nil {
			return s, "--at: " + err.Error()
		}
	}
	s.motion, msg = parseMotionFlags(a, false)
	return s, msg
}

// parseSize parses "WxH" with each side 1..maxRenderSide.
func parseSize(v string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(v), "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if !ok || errW != nil || errH != nil || w < 1 || h < 1 || w > maxRenderSide || h > maxRenderSide {
		return 0, 0, fmt.Errorf("want WIDTHxHEIGHT, each 1..%d, got %q", maxRenderSide, v)
	}
	return w, h, nil
}

// poseForRender poses m by the --anim motion at --at, warning on stderr
// about animation bones that match none of the model's.
func (e *env) poseForRender(m *geom.Mesh, s renderSettings) (*geom.Mesh, error) {
	anims, err := e.loadMotions(s.motion)
	if err != nil {
		return nil, fmt.Errorf("--anim %s: %w", s.motion.file, err)
	}
	posed, warn, err := posedMesh(m, anims[0], s.clock)
	if err != nil {
		return nil, err
	}
	if warn != "" {
		fmt.Fprintln(e.stderr, "rummage: warning: "+oneLine(warn))
	}
	return posed, nil
}
