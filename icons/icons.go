// Package icons holds Rummage's application icon (drawn by icons/gen).
package icons

//go:generate go run ./gen rummage.png

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

//go:embed rummage.png
var appPNG []byte

// App is the application icon as a Fyne resource.
var App = fyne.NewStaticResource("rummage.png", appPNG)
