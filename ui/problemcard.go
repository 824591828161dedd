package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// problemCard is the inspector's card of a node's error and findings,
// under the header. It is one line — the count and the first problem, cut
// to fit — with a button that opens it to every line it holds (wrapped)
// and closes it again; the choice holds for the next nodes. A level with
// dozens of findings costs the inspector one line, not a third of it.
type problemCard struct {
	icon    *widget.Icon
	oneLine *widget.Label  // closed: the count and the first line
	problem *widget.Label  // open: every line, wrapped
	toggle  *widget.Button // opens and closes the card
	content *fyne.Container
	open    bool
}

// newProblemCard makes the card (hidden) with the Show in hex button.
func newProblemCard(showHex *widget.Button) *problemCard {
	c := &problemCard{icon: widget.NewIcon(theme.ErrorIcon())}
	c.oneLine = widget.NewLabel("")
	c.oneLine.Truncation = fyne.TextTruncateEllipsis
	c.problem = widget.NewLabel("")
	c.problem.Wrapping = fyne.TextWrapWord
	// Made closed without setOpen: a refresh would build the hidden card's
	// widgets at the window's start; they are built when it first shows.
	c.toggle = widget.NewButtonWithIcon(lang.X("inspector.card.more", "More"), theme.MenuDropDownIcon(), func() { c.setOpen(!c.open) })
	c.toggle.Importance = widget.LowImportance
	c.problem.Hide()
	text := container.NewStack(c.oneLine, c.problem)
	c.content = container.NewBorder(nil, nil, container.NewHBox(c.icon), container.NewHBox(c.toggle, showHex), text)
	c.content.Hide()
	return c
}

// show fills the card with lines (the first says the most) of count
// problems, in the error colour when bad, else in the warning colour; no
// lines hide it.
func (c *problemCard) show(lines []string, count int, bad bool) {
	if len(lines) == 0 {
		c.content.Hide()
		return
	}
	imp := widget.WarningImportance
	if bad {
		imp = widget.DangerImportance
	}
	c.problem.Importance, c.oneLine.Importance = imp, imp
	c.problem.SetText(strings.Join(lines, "\n"))
	first := strings.TrimPrefix(lines[0], "⚠ ") // the card's icon says it
	if count > 1 {
		first = lang.XN("inspector.card.count", "{{.PluralCount}} problems", count) + " · " + first
	}
	c.oneLine.SetText(first)
	c.content.Show()
	c.setOpen(c.open)
}

// setOpen opens the card to every line, or closes it to one.
func (c *problemCard) setOpen(open bool) {
	c.open = open
	if open {
		c.oneLine.Hide()
		c.problem.Show()
		c.toggle.SetIcon(theme.MenuDropUpIcon())
		c.toggle.SetText(lang.X("inspector.card.less", "Less"))
	} else {
		c.problem.Hide()
		c.oneLine.Show()
		c.toggle.SetIcon(theme.MenuDropDownIcon())
		c.toggle.SetText(lang.X("inspector.card.more", "More"))
	}
	c.content.Refresh()
}
