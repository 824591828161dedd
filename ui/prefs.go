package ui

import (
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
)

// Preference keys.
const (
	prefRecent     = "recent"
	prefLastFolder = "lastFolder"
	prefTheme      = "theme"
	maxRecent      = 10
)

// recentFiles returns the recently opened files and folders, newest first:
// absolute, cleaned paths without duplicates. A list stored otherwise (by
// an older version) is stored again normalised.
func recentFiles(a fyne.App) []string {
	stored := a.Preferences().StringList(prefRecent)
	list := normalRecent(stored)
	if !slices.Equal(list, stored) {
		a.Preferences().SetStringList(prefRecent, list)
	}
	return list
}

// normalRecent makes every path absolute and clean, drops duplicates (the
// first one stays) and keeps at most maxRecent.
func normalRecent(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		} else {
			p = filepath.Clean(p) // no working directory to resolve it against
		}
		if !slices.Contains(out, p) && len(out) < maxRecent {
			out = append(out, p)
		}
	}
	return out
}

// addRecent puts path first in the recent list.
func addRecent(a fyne.App, path string) {
	a.Preferences().SetStringList(prefRecent, normalRecent(append([]string{path}, recentFiles(a)...)))
}

// removeRecent drops path from the recent list.
func removeRecent(a fyne.App, path string) {
	drop := normalRecent([]string{path})
	list := slices.DeleteFunc(recentFiles(a), func(p string) bool { return slices.Contains(drop, p) })
	a.Preferences().SetStringList(prefRecent, list)
}

// clearRecent empties the recent list.
func clearRecent(a fyne.App) { a.Preferences().SetStringList(prefRecent, nil) }

// lastFolder is the folder of the last file dialog.
func lastFolder(a fyne.App) string { return a.Preferences().String(prefLastFolder) }

// setLastFolder remembers the folder of the last file dialog.
func setLastFolder(a fyne.App, dir string) { a.Preferences().SetString(prefLastFolder, dir) }
