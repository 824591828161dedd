package archive

import (
	"strings"

	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/diskfolder"
	"rummage/formats/img"
	"rummage/formats/nres"
	"rummage/formats/rsli"
	"rummage/ui/count"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterFacts(func(n *nres.Node) ([]string, bool) {
		a := n.Archive()
		facts := append(formatFact("nres", n.Type()), count.Entries(a.Len()))
		return append(facts, count.Version(int64(a.Header().Version))), true
	})
	inspect.RegisterFacts(func(n *rsli.Node) ([]string, bool) {
		return append(formatFact("rsli", n.Type()), count.Entries(n.A.Count)), true
	})
	inspect.RegisterFacts(func(r *img.Root) ([]string, bool) {
		a := r.Archive()
		facts := append(formatFact("img", r.Type()), count.Entries(len(a.Entries)))
		return append(facts, count.Version(int64(a.Version))), true
	})
	inspect.RegisterFacts(func(f *formats.Folder) ([]string, bool) {
		return []string{count.Items(len(f.Items))}, true
	})
	inspect.RegisterFacts(folderFacts)
	inspect.RegisterFacts(func(f *diskfolder.File) ([]string, bool) {
		return []string{count.Size(f.Size()), lang.X("folder.unopened", "opening…")}, true
	})
}

// folderFacts are the facts of a folder on disk (a folder root's): its
// subfolders, recognised files and unrecognised ones, hidden or not; or
// that it is being listed.
func folderFacts(f *diskfolder.Folder) ([]string, bool) {
	if !f.Listed() {
		return []string{lang.X("folder.listing", "listing…")}, true
	}
	folders, files, unknown := f.Counts()
	facts := []string{
		lang.XN("folder.count.folder", "{{.PluralCount}} folders", folders),
		lang.XN("folder.count.file", "{{.PluralCount}} files", files-unknown),
	}
	switch {
	case unknown > 0 && f.ShowsUnrecognised():
		facts = append(facts, lang.XN("folder.count.unrecognised", "{{.PluralCount}} unrecognised", unknown))
	case unknown > 0:
		facts = append(facts, lang.XN("folder.count.hidden", "{{.PluralCount}} unrecognised hidden (View › Show unrecognised files)", unknown))
	}
	return facts, true
}

// formatFact names the archive format when the type tag does not say it
// already (an NRes archive stored as a LIB entry: "LIB · nres").
func formatFact(format, tag string) []string {
	if strings.EqualFold(format, tag) {
		return nil
	}
	return []string{format}
}
