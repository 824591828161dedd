package texture

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"rummage/formats/imagefile"
	"rummage/formats/texm"
	"rummage/formats/txd"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterFacts(func(n *texm.Node) ([]string, bool) {
		t := n.Tex
		return imageFacts(n.Type(), texm.FormatName(t.Format), int(t.Width), int(t.Height), int(t.Mips)), false
	})
	inspect.RegisterFacts(func(n *imagefile.Node) ([]string, bool) {
		return imageFacts(n.Type(), n.Format(), n.Width(), n.Height(), 1), false
	})
	inspect.RegisterFacts(func(n *txd.TexNode) ([]string, bool) {
		t := n.Texture()
		facts := imageFacts(n.Type(), t.FormatName(), t.Width, t.Height, len(t.Levels))
		if p := t.PlatformName(); p != "" {
			facts = append(facts, p)
		}
		return facts, false
	})
}

// imageFacts is "DXT1 · 64×64 · 7 levels" (the pixel format left out when
// the type tag says it already).
func imageFacts(tag, format string, w, h, levels int) []string {
	var out []string
	if format != "" && !strings.EqualFold(format, tag) {
		out = append(out, format)
	}
	return append(out, strconv.Itoa(w)+"×"+strconv.Itoa(h), lang.XN("count.level", "{{.PluralCount}} levels", levels))
}
