// Package kinds holds the tree icons Rummage draws itself (the other kinds
// use Fyne's theme icons). The SVGs are filled shapes only, so Fyne's themed
// resources recolour them with the theme.
package kinds

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

//go:embed mesh.svg
var meshSVG []byte

//go:embed level.svg
var levelSVG []byte

//go:embed texture.svg
var textureSVG []byte

// Mesh is an isometric cube, for mesh nodes.
var Mesh = fyne.NewStaticResource("mesh.svg", meshSVG)

// Level is a folded map, for level nodes.
var Level = fyne.NewStaticResource("level.svg", levelSVG)

// Texture is a framed picture, for texture nodes.
var Texture = fyne.NewStaticResource("texture.svg", textureSVG)
