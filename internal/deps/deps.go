//go:build tools

// Package deps pins the modules the project uses so `go mod tidy` keeps
// them while the packages that import them are being written.
package deps

import (
	_ "fyne.io/fyne/v2/app"
	_ "fyne.io/fyne/v2/test"
	_ "github.com/go-gl/mathgl/mgl32"
	_ "github.com/soniakeys/quant/median"
	_ "golang.org/x/image/draw"
	_ "golang.org/x/text/encoding/charmap"
)
