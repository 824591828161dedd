package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
)

// ctrl is Ctrl+k (Cmd+k on macOS).
func ctrl(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

// ctrlShift is Ctrl+Shift+k (Cmd+Shift+k on macOS).
func ctrlShift(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// menuPlace is where a registration puts its items: a menu of the main
// menu (by its English title, see menuTitle) and a section of it. Sections are drawn in order, a line between
// two; items keep the order they were added in.
type menuPlace struct {
	menu    string
	section int
}

// The places of the main menu (docs/window.md, "Menus and keys").
var (
	fileOpen   = menuPlace{"File", 0} // Open…, Open folder…, Recent, side files
	fileSave   = menuPlace{"File", 1} // Save, Save as…, Export…
	fileClose  = menuPlace{"File", 2} // Close, Quit
	editUndo   = menuPlace{"Edit", 0} // Undo, Redo
	editNode   = menuPlace{"Edit", 1} // Find, Copy path, Show in hex
	viewTheme  = menuPlace{"View", 0} // the themes
	viewShow   = menuPlace{"View", 1} // texture background, preview reset
	viewWindow = menuPlace{"View", 2} // Settings…, Messages
	helpTopics = menuPlace{"Help", 0} // Formats, Shortcuts, About
)

// menuOrder is the order of the main menu's menus.
var menuOrder = []string{"File", "Edit", "View", "Help"}

// menuTitle is the title the window shows for the menu of menuOrder
// named menu.
func menuTitle(menu string) string {
	switch menu {
	case "File":
		return lang.X("menu.file", "File")
	case "Edit":
		return lang.X("menu.edit", "Edit")
	case "View":
		return lang.X("menu.view", "View")
	case "Help":
		return lang.X("menu.help", "Help")
	}
	return menu
}

// menuBar is the window's main menu, built from the controllers'
// registrations (add) once they are all made (install). A later feature
// adds its items where they belong without the others knowing.
type menuBar struct {
	main    *fyne.MainMenu
	entries map[menuPlace][]*fyne.MenuItem
	keys    []menuKey
}

// menuKey is a shortcut without a menu item of its own (Ctrl+Y).
type menuKey struct {
	key fyne.Shortcut
	do  func()
}

func newMenuBar() *menuBar {
	return &menuBar{entries: map[menuPlace][]*fyne.MenuItem{}}
}

// add registers items at a place.
func (b *menuBar) add(at menuPlace, items ...*fyne.MenuItem) {
	b.entries[at] = append(b.entries[at], items...)
}

// addKey registers a shortcut that has no menu item.
func (b *menuBar) addKey(key fyne.Shortcut, do func()) {
	b.keys = append(b.keys, menuKey{key, do})
}

// install builds the main menu from the registrations and sets it on win,
// with the shortcuts registered without an item.
func (b *menuBar) install(win fyne.Window) {
	for _, k := range b.keys {
		do := k.do
		win.Canvas().AddShortcut(k.key, func(fyne.Shortcut) { do() })
	}
	var menus []*fyne.Menu
	for _, title := range menuOrder {
		var sections []int
		for at := range b.entries {
			if at.menu == title {
				sections = append(sections, at.section)
			}
		}
		slices.Sort(sections)
		var items []*fyne.MenuItem
		for i, s := range sections {
			if i > 0 {
				items = append(items, fyne.NewMenuItemSeparator())
			}
			items = append(items, b.entries[menuPlace{title, s}]...)
		}
		if len(items) > 0 {
			menus = append(menus, fyne.NewMenu(menuTitle(title), items...))
		}
	}
	b.main = fyne.NewMainMenu(menus...)
	win.SetMainMenu(b.main)
}

// refresh redraws the menu after items changed (labels, checks, states).
func (b *menuBar) refresh() {
	if b.main != nil {
		b.main.Refresh()
	}
}

// rowMenu is the tree rows' right-click menu, built from registrations as
// the main menu is: each section's entries for the row, a line between
// two sections.
type rowMenu struct {
	sections map[int][]func(it *item) []*fyne.MenuItem
}

// add registers entries for rows in a section.
func (m *rowMenu) add(section int, entries func(it *item) []*fyne.MenuItem) {
	if m.sections == nil {
		m.sections = map[int][]func(*item) []*fyne.MenuItem{}
	}
	m.sections[section] = append(m.sections[section], entries)
}

// items are the menu's entries for it.
func (m *rowMenu) items(it *item) []*fyne.MenuItem {
	var keys []int
	for k := range m.sections {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []*fyne.MenuItem
	for _, k := range keys {
		var sec []*fyne.MenuItem
		for _, f := range m.sections[k] {
			sec = append(sec, f(it)...)
		}
		if len(sec) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, fyne.NewMenuItemSeparator())
		}
		out = append(out, sec...)
	}
	return out
}

// The sections of the row menu (docs/window.md: Export…, Copy path, Show in hex,
// Open containing folder; the export variants stay next to Export…).
const (
	rowExport = iota // Export…, Export all of a type, export marks
	rowNode          // Copy path, Show in hex, Open containing folder
)
