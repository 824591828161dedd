package ui

import (
	"strings"

	"fyne.io/fyne/v2/lang"

	"rummage/formats"
)

// The kinds of nodes as the window names them in messages and menus: the
// kind is a word of the window's language, the type tag is data and stays
// as the file says ("MAT0 material", "материал MAT0").

// typeTag is the tag typeLabel and typeCount show beside the kind: none
// when it only repeats the kind (WEAR of a wear table).
func typeTag(kind formats.Kind, tag string) string {
	if strings.EqualFold(tag, string(kind)) {
		return ""
	}
	return tag
}

// oneSpace collapses the runs of spaces an empty tag leaves.
func oneSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// typeLabel names a kind and type tag: "MAT0 material", "texture".
func typeLabel(kind formats.Kind, tag string) string {
	d := map[string]any{"Tag": typeTag(kind, tag)}
	var s string
	switch kind {
	case formats.KindArchive:
		s = lang.X("kind.archive", "{{.Tag}} archive", d)
	case formats.KindTexture:
		s = lang.X("kind.texture", "{{.Tag}} texture", d)
	case formats.KindMaterial:
		s = lang.X("kind.material", "{{.Tag}} material", d)
	case formats.KindWear:
		s = lang.X("kind.wear", "{{.Tag}} WEAR table", d)
	case formats.KindMesh:
		s = lang.X("kind.mesh", "{{.Tag}} mesh", d)
	case formats.KindLevel:
		s = lang.X("kind.level", "{{.Tag}} level", d)
	case formats.KindChunk:
		s = lang.X("kind.chunk", "{{.Tag}} chunk", d)
	case formats.KindTable:
		s = lang.X("kind.table", "{{.Tag}} table", d)
	case formats.KindText:
		s = lang.X("kind.text", "{{.Tag}} text", d)
	case formats.KindRaw:
		s = lang.X("kind.raw", "{{.Tag}} raw", d)
	case formats.KindAnimation:
		s = lang.X("kind.animation", "{{.Tag}} animation", d)
	case formats.KindScene:
		s = lang.X("kind.scene", "{{.Tag}} scene", d)
	default:
		s = typeTag(kind, tag) + " " + string(kind)
	}
	return oneSpace(s)
}

// typeCount counts nodes of a kind and type tag: "2 Texm textures".
func typeCount(n int, kind formats.Kind, tag string) string {
	d := map[string]any{"PluralCount": n, "Tag": typeTag(kind, tag)}
	var s string
	switch kind {
	case formats.KindArchive:
		s = lang.XN("kind.count.archive", "{{.PluralCount}} {{.Tag}} archives", n, d)
	case formats.KindTexture:
		s = lang.XN("kind.count.texture", "{{.PluralCount}} {{.Tag}} textures", n, d)
	case formats.KindMaterial:
		s = lang.XN("kind.count.material", "{{.PluralCount}} {{.Tag}} materials", n, d)
	case formats.KindWear:
		s = lang.XN("kind.count.wear", "{{.PluralCount}} {{.Tag}} WEAR tables", n, d)
	case formats.KindMesh:
		s = lang.XN("kind.count.mesh", "{{.PluralCount}} {{.Tag}} meshes", n, d)
	case formats.KindLevel:
		s = lang.XN("kind.count.level", "{{.PluralCount}} {{.Tag}} levels", n, d)
	case formats.KindChunk:
		s = lang.XN("kind.count.chunk", "{{.PluralCount}} {{.Tag}} chunks", n, d)
	case formats.KindTable:
		s = lang.XN("kind.count.table", "{{.PluralCount}} {{.Tag}} tables", n, d)
	case formats.KindText:
		s = lang.XN("kind.count.text", "{{.PluralCount}} {{.Tag}} texts", n, d)
	case formats.KindRaw:
		s = lang.XN("kind.count.raw", "{{.PluralCount}} {{.Tag}} raw nodes", n, d)
	case formats.KindAnimation:
		s = lang.XN("kind.count.animation", "{{.PluralCount}} {{.Tag}} animations", n, d)
	case formats.KindScene:
		s = lang.XN("kind.count.scene", "{{.PluralCount}} {{.Tag}} scenes", n, d)
	default:
		s = lang.XN("kind.count.unknown", "{{.PluralCount}} × {{.Tag}}", n, map[string]any{"PluralCount": n, "Tag": typeLabel(kind, tag)})
	}
	return oneSpace(s)
}
