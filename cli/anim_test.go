package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/export/glbtest"
	"rummage/formats/geom"
	"rummage/formats/ifp"
)

// renderAt renders the sample walker with the given extra flags and
// returns the PNG's bytes.
func renderAt(t *testing.T, dir string, extra ...string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "w.png")
	args := append([]string{"render", "--view", "solid", "--size", "120x160", "--camera", "front", "--out", out}, extra...)
	args = append(args, filepath.Join(dir, "walker.dff"), "")
	code, _, stderr := run(t, args...)
	if code != 0 || stderr != "" {
		t.Fatalf("%v: status %d, %s", extra, code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRenderAnim: a motion at a time poses the model (different images at
// two times and from the bind pose), names match case-insensitively and
// the first motion is the default.
func TestRenderAnim(t *testing.T) {
	dir, _ := writeSamples(t)
	anim := filepath.Join(dir, "walker.ifp")
	bind := renderAt(t, dir)
	a := renderAt(t, dir, "--anim", anim, "--motion", "WALK", "--at", "250")
	b := renderAt(t, dir, "--anim", anim, "--motion", "walk", "--at", "750")
	first := renderAt(t, dir, "--anim", anim, "--at", "250")
	if bytes.Equal(bind, a) || bytes.Equal(a, b) {
		t.Error("the walk at 250 ms, at 750 ms and the bind pose do not all differ")
	}
	if !bytes.Equal(a, first) {
		t.Error("without --motion the first motion (walk) is not the one played")
	}
	// The clock loops: 1250 ms into a one-second walk is 250 ms.
	if loop := renderAt(t, dir, "--anim", anim, "--motion", "walk", "--at", "1250"); !bytes.Equal(a, loop) {
		t.Error("1250 ms does not loop back to 250 ms")
	}
}

func TestRenderAnimErrors(t *testing.T) {
	dir, _ := writeSamples(t)
	out := filepath.Join(t.TempDir(), "x.png")
	model := filepath.Join(dir, "walker.dff")
	anim := filepath.Join(dir, "walker.ifp")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--anim", anim, "--motion", "fly"}, 1, `no motion "fly"`},
		{[]string{"--anim", anim, "--motion", "*"}, 2, "export"},
		{[]string{"--motion", "walk"}, 2, "--anim"},
		{[]string{"--anim", filepath.Join(dir, "rumbler.txd")}, 1, "no animations"},
	} {
		args := append([]string{"render", "--out", out}, c.args...)
		code, _, stderr := run(t, append(args, model, "")...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: status %d, %q; want %d and %q", c.args, code, stderr, c.code, c.msg)
		}
	}
	// A model without a skeleton cannot be posed.
	code, _, stderr := run(t, "render", "--out", out, "--anim", anim, filepath.Join(dir, "tank.rlb"), "TANK.msh")
	if code != 1 || !strings.Contains(stderr, "skeleton") {
		t.Errorf("tank: status %d, %q", code, stderr)
	}
}

// TestRenderAnimUnmatched: tracks that match no bone are counted in a
// warning; the rest still pose the model.
func TestRenderAnimUnmatched(t *testing.T) {
	dir, _ := writeSamples(t)
	a := &geom.Animation{Name: "odd", Tracks: []geom.Track{
		{Bone: " L Thigh", ID: 41, Times: []float32{0, 1}, Rot: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatRotate(1, mgl32.Vec3{1, 0, 0})}},
		{Bone: "Tail", ID: 900, Times: []float32{0}, Rot: []mgl32.Quat{mgl32.QuatIdent()}},
		{Bone: "Wing", ID: 901, Times: []float32{0}, Rot: []mgl32.Quat{mgl32.QuatIdent()}},
	}}
	b, err := ifp.WriteANP3("odd", []*geom.Animation{a}, false)
	if err != nil {
		t.Fatal(err)
	}
	anim := filepath.Join(t.TempDir(), "odd.ifp")
	if err := os.WriteFile(anim, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "o.png")
	code, _, stderr := run(t, "render", "--out", out, "--anim", anim, "--at", "500", filepath.Join(dir, "walker.dff"), "")
	if code != 0 || !strings.Contains(stderr, "warning") || !strings.Contains(stderr, "2 of 3 bones match no bone") || !strings.Contains(stderr, "Tail, Wing") {
		t.Errorf("status %d, stderr %q", code, stderr)
	}
}

// TestAnimFacts checks info --json of an animation node and of the package.
func TestAnimFacts(t *testing.T) {
	dir, _ := writeSamples(t)
	code, stdout, stderr := run(t, "info", "--json", filepath.Join(dir, "walker.ifp"), "walk")
	if code != 0 {
		t.Fatalf("status %d, %s", code, stderr)
	}
	var f struct {
		Kind     string `json:"kind"`
		Duration int    `json:"duration"`
		Frames   int    `json:"frames"`
		Bones    []struct {
			Name string `json:"name"`
			ID   int    `json:"id"`
			Keys int    `json:"keys"`
			Type string `json:"type"`
		} `json:"bones"`
	}
	if err := json.Unmarshal([]byte(stdout), &f); err != nil {
		t.Fatal(err)
	}
	if f.Kind != "animation" || f.Duration != 1000 || f.Frames != 9 || len(f.Bones) != 5 || f.Bones[1].Name != " L Thigh" || f.Bones[1].ID != 41 ||
		f.Bones[0].Type != "compressed rotation+translation" {
		t.Errorf("facts %+v", f)
	}
	code, stdout, _ = run(t, "ls", "--json", filepath.Join(dir, "walker.ifp"))
	var rows []map[string]any
	if err := json.Unmarshal([]byte(stdout), &rows); code != 0 || err != nil || len(rows) != 2 || rows[1]["path"] != "wave" || rows[1]["kind"] != "animation" {
		t.Errorf("ls: %d %v %v", code, err, rows)
	}
	code, stdout, _ = run(t, "info", "--json", filepath.Join(dir, "walker.dff"))
	var clump struct {
		Bones []map[string]any `json:"bones"`
	}
	if err := json.Unmarshal([]byte(stdout), &clump); code != 0 || err != nil || len(clump.Bones) != 8 ||
		clump.Bones[1]["name"] != "Pelvis" || clump.Bones[1]["id"] != 1.0 || clump.Bones[1]["parent"] != 0.0 || clump.Bones[6]["parent"] != 1.0 {
		t.Errorf("clump bones: %d %v %v", code, err, clump.Bones)
	}
}

// TestExportAnim: glTF of a model with --anim carries the motions (every
// one with '*'), an animation node exports onto --skeleton MODEL, OBJ
// keeps the pose at --at, and a model without a skeleton refuses --anim.
func TestExportAnim(t *testing.T) {
	dir, _ := writeSamples(t)
	model, anim := filepath.Join(dir, "walker.dff"), filepath.Join(dir, "walker.ifp")
	out := t.TempDir()
	code, stdout, stderr := run(t, "export", "--json", "--as", "gltf", "--out", out, "--anim", anim, "--motion", "*", model)
	if code != 0 || !strings.Contains(stdout, "walker.dff.glb") || stderr != "" {
		t.Fatalf("glTF with motions: %d %s %s", code, stdout, stderr)
	}
	// OBJ (the default for a model) holds one pose: '*' says it wrote the first
	code, _, stderr = run(t, "export", "--out", t.TempDir(), "--anim", anim, "--motion", "*", model)
	if code != 0 || !strings.Contains(stderr, "note: --motion '*': an OBJ holds one pose, the first motion's (walk); --as gltf keeps all 2 motions") {
		t.Errorf("OBJ with --motion '*': status %d, stderr %q", code, stderr)
	}
	glbtest.KeepFile(t, filepath.Join(out, "walker.dff.glb")) // for the validator run of make test
	glb, _ := os.ReadFile(filepath.Join(out, "walker.dff.glb"))
	if !bytes.Contains(glb, []byte(`"animations":[{"name":"walk"`)) || !bytes.Contains(glb, []byte(`{"name":"wave"`)) {
		t.Error("the glTF lacks the walk and wave animations")
	}
	code, _, stderr = run(t, "export", "--as", "gltf", "--out", out, "--skeleton", model, anim, "wave")
	if code != 0 {
		t.Fatalf("animation onto a skeleton: %d %s", code, stderr)
	}
	glbtest.KeepFile(t, filepath.Join(out, "wave.glb"))
	if glb, _ := os.ReadFile(filepath.Join(out, "wave.glb")); !bytes.Contains(glb, []byte(`"skins"`)) || !bytes.Contains(glb, []byte(`"animations":[{"name":"wave"`)) {
		t.Error("wave.glb lacks the skin or the animation")
	}
	code, _, stderr = run(t, "export", "--as", "gltf", "--out", out, anim, "wave")
	if code != 1 || !strings.Contains(stderr, "--skeleton") {
		t.Errorf("animation without a skeleton: %d %s", code, stderr)
	}
	objs := [2]string{}
	for i, at := range []string{"0", "250"} {
		o := filepath.Join(out, "obj"+at)
		if code, _, stderr := run(t, "export", "--as", "obj", "--out", o, "--anim", anim, "--at", at, model); code != 0 {
			t.Fatalf("OBJ at %s: %d %s", at, code, stderr)
		}
		b, _ := os.ReadFile(filepath.Join(o, "walker.dff.obj"))
		objs[i] = string(b)
	}
	if objs[0] == objs[1] || objs[0] == "" {
		t.Error("OBJ poses at 0 and 250 ms are the same")
	}
	code, _, stderr = run(t, "export", "--as", "gltf", "--out", out, "--anim", anim, filepath.Join(dir, "tank.rlb"), "TANK.msh")
	if code != 1 || !strings.Contains(stderr, "skeleton") {
		t.Errorf("a model without a skeleton: %d %s", code, stderr)
	}
}
