// Command fynehello is the smallest Fyne window (one label, 1280×800): the
// floor that scripts/firstframe compares Rummage's start-up against, since
// on a software-GL display most of the time to the first frame is the
// driver's.
package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.New()
	w := a.NewWindow("hello")
	w.SetContent(widget.NewLabel("hello"))
	w.Resize(fyne.NewSize(1280, 800))
	w.ShowAndRun()
}
