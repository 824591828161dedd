package export

import (
	"context"
	"strings"
	"testing"

	"rummage/formats"
)

// Options.ByKind picks the format per kind inside containers and for named
// nodes; a kind's format the node lacks falls back to the default.
func TestByKind(t *testing.T) {
	root := &formats.Folder{NodeName: "root", NodeKind: formats.KindArchive, Items: []formats.Node{
		&tex{name: "brick", w: 2, h: 2, levels: 1},
		&mat{name: "water"},
		&mesh{name: "tank"},
		raw("notes", "hello"),
	}}
	opts := Options{Dir: t.TempDir(), ByKind: map[formats.Kind]string{
		formats.KindMesh:     GLTF,
		formats.KindMaterial: Raw, // mat has no bytes: falls back to JSON
		formats.KindRaw:      PNG, // no image: raw bytes
	}}
	p, err := NewPlan(context.Background(), []Item{{Node: root}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, j := range p.Jobs {
		got[j.Path] = j.As
	}
	want := map[string]string{"brick": PNG, "water": JSON, "tank": GLTF, "notes": Raw}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s exported as %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
	// A named node follows ByKind too; As wins over it.
	p, _ = NewPlan(context.Background(), []Item{{Node: root.Items[2], Path: "tank"}}, opts)
	if len(p.Jobs) != 1 || p.Jobs[0].As != GLTF || !strings.HasPrefix(p.Jobs[0].Files[0], "tank.") {
		t.Errorf("named mesh: %+v", p.Jobs)
	}
	opts.As = OBJ
	p, _ = NewPlan(context.Background(), []Item{{Node: root.Items[2], Path: "tank"}}, opts)
	if len(p.Jobs) != 1 || p.Jobs[0].As != OBJ {
		t.Errorf("As obj over ByKind: %+v", p.Jobs)
	}
}
