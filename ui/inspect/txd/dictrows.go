package txd

import (
	"cmp"
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/count"
)

// The rows of the TXD list: one per child texture, with the columns a
// texture modder scans: thumbnail, name, W×H, format, mips, alpha,
// platform and size.

// listCols are the list's column titles (the first is the thumbnail).
func listCols() []string {
	return []string{"", lang.X("txd.column.name", "Name"), lang.X("txd.column.size_wh", "W×H"),
		lang.X("txd.column.format", "Format"), lang.X("txd.column.mips", "Mips"), lang.X("txd.column.alpha", "Alpha"),
		lang.X("txd.column.platform", "Platform"), lang.X("txd.column.bytes", "Size")}
}

// texRow is one child texture of the list.
type texRow struct {
	node     formats.Node
	index    int // child index in the container
	name     string
	w, h     int
	format   string
	mips     int
	platform string
	size     int64
	alpha    string // "" until asked (decodes level 0 for some formats)
}

// texRows makes the rows of a container's children (textures only).
func texRows(kids []formats.Node) []*texRow {
	var rows []*texRow
	for i, k := range kids {
		r := &texRow{node: k, index: i, name: formats.SafeName(k), mips: -1}
		if t, ok := k.(*txd.TexNode); ok {
			tx := t.Texture()
			r.w, r.h, r.format, r.mips, r.platform = tx.Width, tx.Height, tx.FormatName(), len(tx.Levels), tx.PlatformName()
		} else if v, _ := formats.SafeDescribe(k); v != nil {
			d, _ := v.(map[string]any)
			r.w, r.h = intOf(d["width"]), intOf(d["height"])
			r.format, _ = d["format"].(string)
			r.platform, _ = d["platform"].(string)
			if _, ok := d["levels"]; ok {
				r.mips = intOf(d["levels"])
			}
		}
		if _, n, ok := formats.SafeRange(k); ok {
			r.size = n
		}
		rows = append(rows, r)
	}
	return rows
}

func intOf(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	case uint32:
		return int(x)
	case float64:
		return int(x)
	}
	return 0
}

// alphaText is the row's alpha column, worked out on first use.
func (r *texRow) alphaText() string {
	if r.alpha == "" {
		r.alpha = "–"
		if t, ok := r.node.(*txd.TexNode); ok {
			if a, err := formats.Guard("alpha", func() (string, error) { return t.Texture().Alpha(), nil }); err == nil {
				r.alpha = alphaName(a)
			}
		}
	}
	return r.alpha
}

// alphaName is how the list says a texture's alpha (txd.Texture.Alpha:
// no, 1-bit or yes).
func alphaName(a string) string {
	switch a {
	case "no":
		return lang.X("txd.alpha.no", "no")
	case "yes":
		return lang.X("txd.alpha.yes", "yes")
	case "1-bit":
		return lang.X("txd.alpha.1bit", "1-bit")
	}
	return a
}

// cell is the text of column col (0, the thumbnail, has none).
func (r *texRow) cell(col int) string {
	switch col {
	case 1:
		return r.name
	case 2:
		if r.w == 0 {
			return ""
		}
		return fmt.Sprintf("%d×%d", r.w, r.h)
	case 3:
		return r.format
	case 4:
		if r.mips < 0 {
			return ""
		}
		return fmt.Sprint(r.mips)
	case 5:
		return r.alphaText()
	case 6:
		return r.platform
	case 7:
		return sizeText(r.size)
	}
	return ""
}

// sortRows orders rows by column col (the thumbnail column keeps the
// container's order), stable.
func sortRows(rows []*texRow, col int, desc bool) {
	key := func(a, b *texRow) int {
		switch col {
		case 1:
			return cmp.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
		case 2:
			return cmp.Compare(a.w*a.h, b.w*b.h)
		case 3:
			return cmp.Compare(a.format, b.format)
		case 4:
			return cmp.Compare(a.mips, b.mips)
		case 5:
			return cmp.Compare(a.alphaText(), b.alphaText())
		case 6:
			return cmp.Compare(a.platform, b.platform)
		case 7:
			return cmp.Compare(a.size, b.size)
		}
		return cmp.Compare(a.index, b.index)
	}
	sort.SliceStable(rows, func(i, j int) bool {
		c := key(rows[i], rows[j])
		if desc {
			return c > 0
		}
		return c < 0
	})
}

// texChildren returns n's children when every one is a texture (a TXD, a
// Parkan Textures.lib), else nil.
func texChildren(n formats.Node) []formats.Node {
	if formats.SafeKind(n) == formats.KindTexture || !formats.Listed(n) {
		return nil // a folder on disk is listed in the background first
	}
	kids, err := formats.SafeChildren(n)
	if err != nil || len(kids) == 0 {
		return nil
	}
	for _, k := range kids {
		if k == nil || formats.SafeKind(k) != formats.KindTexture {
			return nil
		}
		if _, unopened := k.(formats.Unopened); unopened {
			return nil // image files of a folder: their pixels are not at hand
		}
	}
	return kids
}

// sizeText is a byte count for people: 412 B, 3.2 KiB, 1.5 MiB.
func sizeText(n int64) string { return count.Size(n) }
