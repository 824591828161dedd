package archive

import (
	"strconv"
	"strings"

	"rummage/formats"
	"rummage/formats/img"
	"rummage/formats/nres"
	"rummage/formats/rsli"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterFacts(func(n *nres.Node) ([]string, bool) {
		a := n.Archive()
		facts := append(formatFact("nres", n.Type()), widgets.Plural(a.Len(), "entry"))
		return append(facts, "version "+strconv.FormatUint(uint64(a.Header().Version), 10)), true
	})
	inspect.RegisterFacts(func(n *rsli.Node) ([]string, bool) {
		return append(formatFact("rsli", n.Type()), widgets.Plural(n.A.Count, "entry")), true
	})
	inspect.RegisterFacts(func(r *img.Root) ([]string, bool) {
		a := r.Archive()
		facts := append(formatFact("img", r.Type()), widgets.Plural(len(a.Entries), "entry"))
		return append(facts, "version "+strconv.Itoa(a.Version)), true
	})
	inspect.RegisterFacts(func(f *formats.Folder) ([]string, bool) {
		return []string{widgets.Plural(len(f.Items), "item")}, true
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
