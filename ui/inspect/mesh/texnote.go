package mesh

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/preview"
)

// texNote is the preview's line about textures that were not found: in
// the textured views a missing texture is drawn as a flat colour, so the
// line says how many are missing and where they were looked for.
type texNote struct {
	label  *widget.Label
	report formats.TextureReport
	known  bool // the mesh's format reports on its textures
}

func newTexNote() *texNote {
	n := &texNote{label: widget.NewLabel("")}
	n.label.Wrapping = fyne.TextWrapWord
	n.label.Importance = widget.WarningImportance
	n.label.Hide()
	return n
}

// set keeps the mesh's report (known: it has one).
func (n *texNote) set(r formats.TextureReport, known bool) {
	n.report, n.known = r, known
	n.label.SetText(texNoteText(r))
}

// show shows the line in the textured views when textures are missing.
func (n *texNote) show(mode preview.Mode) {
	if n.known && len(n.report.Missing) > 0 && (mode == preview.ModeTextured || mode == preview.ModeTexturedWire) {
		n.label.Show()
	} else {
		n.label.Hide()
	}
}

// maxNamedMissing is how many missing names the line names.
const maxNamedMissing = 3

// texNoteText says how many of the named textures are missing (naming the
// first few) and where they were looked for.
func texNoteText(r formats.TextureReport) string {
	if len(r.Missing) == 0 {
		return ""
	}
	names := r.Missing
	if len(names) > maxNamedMissing {
		names = append(append([]string(nil), names[:maxNamedMissing]...), "…")
	}
	data := map[string]any{"PluralCount": len(r.Missing), "Named": r.Named, "Names": strings.Join(names, ", "), "Where": strings.Join(r.Looked, "; ")}
	if len(r.Looked) == 0 {
		return lang.XN("mesh.textures.missing_nowhere", "{{.PluralCount}} of {{.Named}} textures not found ({{.Names}}), drawn as flat colours: the file is not in a folder on disk, so there was nowhere to look",
			len(r.Missing), data)
	}
	return lang.XN("mesh.textures.missing", "{{.PluralCount}} of {{.Named}} textures not found ({{.Names}}), drawn as flat colours; looked in {{.Where}}",
		len(r.Missing), data)
}
