package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"rummage/formats"
	"rummage/icons/kinds"
)

// The icons drawn for Rummage (themed: they follow the foreground colour).
var (
	meshIcon    = theme.NewThemedResource(kinds.Mesh)
	levelIcon   = theme.NewThemedResource(kinds.Level)
	textureIcon = theme.NewThemedResource(kinds.Texture)
)

// brokenIcon is made on first use: theme lookups need a running app, and
// package initialisation also runs in CLI mode.
func brokenIcon() fyne.Resource { return theme.NewErrorThemedResource(theme.ErrorIcon()) }

// kindIcon is the tree icon of an item: one per kind, the error icon for a
// broken node.
func kindIcon(it *item) fyne.Resource {
	if it.err != nil && !it.branch {
		return brokenIcon()
	}
	switch it.kind {
	case formats.KindArchive:
		return theme.FolderIcon()
	case formats.KindTexture:
		return textureIcon
	case formats.KindMaterial:
		return theme.ColorPaletteIcon()
	case formats.KindWear:
		return theme.ListIcon()
	case formats.KindMesh:
		return meshIcon
	case formats.KindLevel, formats.KindScene: // a world, placed
		return levelIcon
	case formats.KindChunk:
		return theme.StorageIcon()
	case formats.KindTable:
		return theme.GridIcon()
	case formats.KindText:
		return theme.FileTextIcon()
	case formats.KindAnimation:
		return theme.MediaPlayIcon()
	}
	return theme.FileIcon()
}
