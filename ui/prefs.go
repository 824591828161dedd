package ui

import (
	"fyne.io/fyne/v2"
)

// Preference keys.
const (
	prefRecent     = "recent"
	prefLastFolder = "lastFolder"
	prefTheme      = "theme"
	maxRecent      = 10
)

// recentFiles returns the recently opened files and folders, newest first.
func recentFiles(a fyne.App) []string {
	return a.Preferences().StringList(prefRecent)
}

// addRecent puts path first in the recent list.
func addRecent(a fyne.App, path string) {
	list := []string{path}
	for _, p := range recentFiles(a) {
		if p != path && len(list) < maxRecent {
			list = append(list, p)
		}
	}
	a.Preferences().SetStringList(prefRecent, list)
}

// clearRecent empties the recent list.
func clearRecent(a fyne.App) { a.Preferences().SetStringList(prefRecent, nil) }

// lastFolder is the folder of the last file dialog.
func lastFolder(a fyne.App) string { return a.Preferences().String(prefLastFolder) }

// setLastFolder remembers the folder of the last file dialog.
func setLastFolder(a fyne.App, dir string) { a.Preferences().SetString(prefLastFolder, dir) }
