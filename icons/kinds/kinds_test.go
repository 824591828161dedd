package kinds

import (
	"bytes"
	"encoding/xml"
	"testing"
)

// Every icon is a well-formed SVG of filled shapes (no strokes, which the
// theme would not recolour).
func TestIconsAreFilledSVG(t *testing.T) {
	for _, r := range []struct {
		name string
		data []byte
	}{{Mesh.Name(), Mesh.Content()}, {Level.Name(), Level.Content()}, {Texture.Name(), Texture.Content()}} {
		if err := xml.Unmarshal(r.data, new(struct{})); err != nil {
			t.Errorf("%s: %v", r.name, err)
		}
		if !bytes.Contains(r.data, []byte(`viewBox="0 0 24 24"`)) || bytes.Contains(r.data, []byte("stroke")) {
			t.Errorf("%s: want a 24×24 filled icon", r.name)
		}
	}
}
