package preview

import (
	"fmt"
	"slices"
	"strings"
)

// Mode is what a frame draws.
type Mode uint8

// The views.
const (
	ModeWire         Mode = iota // antialiased edges
	ModeSolid                    // shaded faces in the groups' colours, no textures
	ModeTextured                 // faces with their materials: textures, vertex colours, blending
	ModeTexturedWire             // textured, with the visible edges over it
)

var modeNames = [...]string{"wire", "solid", "textured", "textured+wire"}

// String returns the view's name as `rummage render --view` spells it.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// ModeNames returns the views' names in Mode order, as ParseMode and
// `rummage render --view` take them.
func ModeNames() []string { return slices.Clone(modeNames[:]) }

// ParseMode returns the view named s (one of ModeNames).
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown view %q: want one of %s", s, strings.Join(modeNames[:], ", "))
}

// Shading is how the solid and textured views light faces.
type Shading uint8

// The shadings.
const (
	ShadeAuto   Shading = iota // smooth when the mesh has normals, else flat
	ShadeFlat                  // one light value per triangle, from its plane
	ShadeSmooth                // light per vertex (the mesh's normals, or smooth ones made for it), blended across
)
