package col

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/dff/dfftest"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
	"rummage/ui/inspect/mesh"
)

func TestCollisionLegendAndFacts(t *testing.T) {
	test.NewTempApp(t)
	m := dfftest.Collision()
	m.Version = 2
	data, err := m.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "car.col"})
	if err != nil {
		t.Fatal(err)
	}
	facts, counts, err := inspect.FactsFor(root)
	if err != nil || !counts || len(facts) != 1 || !strings.Contains(facts[0], "1 model") {
		t.Errorf("file facts %v %v %v", facts, counts, err)
	}
	kids, _ := root.Children()
	facts, _, _ = inspect.FactsFor(kids[0])
	if strings.Join(facts, ",") != "2 faces,1 spheres,1 boxes" && strings.Join(facts, ",") != "2 faces,1 sphere,1 box" {
		t.Errorf("model facts %v", facts)
	}
	v := mesh.NewPreviewView(nil, kids[0].(formats.Mesher))
	t.Cleanup(v.Close)
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(600, 400))
	var texts []string
	for _, tx := range inspecttest.Find[*canvas.Text](v.Content) {
		texts = append(texts, tx.Text)
	}
	if got := strings.Join(texts, "|"); !strings.Contains(got, "Surfaces:|10 (2)|45 (12)|63 (") {
		t.Errorf("legend %q", got)
	}
}
