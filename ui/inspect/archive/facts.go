package archive

import (
	"strings"

	"rummage/formats"
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
}

// formatFact names the archive format when the type tag does not say it
// already (an NRes archive stored as a LIB entry: "LIB · nres").
func formatFact(format, tag string) []string {
	if strings.EqualFold(format, tag) {
		return nil
	}
	return []string{format}
}
