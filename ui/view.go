package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// viewCtl is the View menu: the theme, the texture background, the
// preview's reset, and the Settings dialog (settings.go), whose every
// change applies at once and is remembered.
type viewCtl struct {
	app        fyne.App
	win        fyne.Window
	bar        *menuBar
	themeItems []*fyne.MenuItem // System, Light, Dark
	bgMenu     *fyne.Menu       // View › Texture background
	bgNames    []string         // the names of bgMenu's items, in order

	shown  viewInspector
	recent recentMenu
	report reporter
}

// viewInspector is what the View menu asks of the inspector.
type viewInspector interface {
	resetterOnShow() inspect.Resetter // the preview on show, nil when none
	redrawTexture()                   // a texture on show is drawn again
}

// recentMenu is what Settings asks of File › Recent.
type recentMenu interface {
	rebuildRecent()
}

// themeNames are the themes of the View menu and Settings, in order.
var themeNames = []string{"system", "light", "dark"}

// themeItemLabel is the View menu's entry for the theme named name.
func themeItemLabel(name string) string {
	switch name {
	case "light":
		return lang.X("menu.view.theme.light", "Light theme")
	case "dark":
		return lang.X("menu.view.theme.dark", "Dark theme")
	}
	return lang.X("menu.view.theme.system", "System theme")
}

// addMenus registers the themes, Texture background, Reset preview and
// Settings….
func (v *viewCtl) addMenus(b *menuBar) {
	v.bar = b
	v.themeItems = nil
	for _, name := range themeNames {
		v.themeItems = append(v.themeItems, fyne.NewMenuItem(themeItemLabel(name), func() { v.setTheme(name) }))
	}
	v.checkTheme()
	bg := fyne.NewMenuItem(lang.X("menu.view.background", "Texture background"), nil)
	v.bgMenu = fyne.NewMenu(bg.Label)
	v.bgNames = widgets.TextureBackgrounds()
	for _, name := range v.bgNames {
		v.bgMenu.Items = append(v.bgMenu.Items, fyne.NewMenuItem(widgets.TextureBackgroundLabel(name), func() { v.setTextureBackground(name) }))
	}
	bg.ChildMenu = v.bgMenu
	v.checkBackground()
	resetPreview := fyne.NewMenuItem(lang.X("menu.view.reset_preview", "Reset preview (F in the preview fits)"), v.resetPreview)
	b.add(viewTheme, v.themeItems...)
	b.add(viewShow, bg, resetPreview)
	b.add(viewWindow, fyne.NewMenuItem(lang.X("menu.view.settings", "Settings…"), func() { v.showSettings() }))
}

// setTheme applies and remembers a theme ("system", "light", "dark").
func (v *viewCtl) setTheme(name string) {
	setTheme(v.app, name)
	v.checkTheme()
}

// checkTheme ticks the current theme in the View menu.
func (v *viewCtl) checkTheme() {
	cur := themePref(v.app)
	for i, name := range themeNames {
		if i < len(v.themeItems) {
			v.themeItems[i].Checked = name == cur
		}
	}
	v.bar.refresh()
}

// checkBackground ticks the current texture background in View › Texture
// background.
func (v *viewCtl) checkBackground() {
	if v.bgMenu == nil {
		return
	}
	for i, mi := range v.bgMenu.Items {
		mi.Checked = i < len(v.bgNames) && v.bgNames[i] == widgets.TextureBackground()
	}
	v.bar.refresh()
}

// setTextureBackground is View › Texture background and the Settings
// choice: it is remembered, and a texture on show is drawn again over it.
func (v *viewCtl) setTextureBackground(name string) {
	if name == "" || name == widgets.TextureBackground() {
		return
	}
	v.app.Preferences().SetString(prefTexBackground, name)
	widgets.SetTextureBackground(name)
	v.checkBackground()
	v.shown.redrawTexture()
}

// resetPreview is View › Reset preview: the wireframe preview on show (if
// any) returns to its default view.
func (v *viewCtl) resetPreview() {
	r := v.shown.resetterOnShow()
	if r == nil {
		v.report.Status(lang.X("view.no_preview", "no preview on show: select a mesh or a level and its Preview tab"))
		return
	}
	r.ResetView()
}

// showSettings is View › Settings….
func (v *viewCtl) showSettings() *settingsView {
	s := v.newSettingsView()
	d := dialog.NewCustom(lang.X("settings.title", "Settings"), lang.X("action.close", "Close"), s.content, v.win)
	d.Resize(fyne.NewSize(720, 540))
	d.Show()
	return s
}
