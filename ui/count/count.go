// Package count says "N things" in the window's language, for the nouns
// the window counts in more than one place (header facts, tab info lines,
// status messages): count.Triangles(5) is "5 triangles" or "5
// треугольников". Each is a plural key count.<noun> of lang.XN; a noun
// counted in one place only is counted there with lang.XN directly.
package count

import (
	"fmt"

	"fyne.io/fyne/v2/lang"

	_ "rummage/ui/i18n" // the translations, plural forms included
)

// Entries is "N entries" (of an archive).
func Entries(n int) string { return lang.XN("count.entry", "{{.PluralCount}} entries", n) }

// Items is "N items" (of a folder or a list).
func Items(n int) string { return lang.XN("count.item", "{{.PluralCount}} items", n) }

// Rows is "N rows" (of a table).
func Rows(n int) string { return lang.XN("count.row", "{{.PluralCount}} rows", n) }

// Chunks is "N chunks" (of an X-Ray file).
func Chunks(n int) string { return lang.XN("count.chunk", "{{.PluralCount}} chunks", n) }

// Triangles is "N triangles".
func Triangles(n int) string { return lang.XN("count.triangle", "{{.PluralCount}} triangles", n) }

// Vertices is "N vertices".
func Vertices(n int) string { return lang.XN("count.vertex", "{{.PluralCount}} vertices", n) }

// Batches is "N batches" (of a mesh).
func Batches(n int) string { return lang.XN("count.batch", "{{.PluralCount}} batches", n) }

// Textures is "N textures".
func Textures(n int) string { return lang.XN("count.texture", "{{.PluralCount}} textures", n) }

// Frames is "N frames" (of a RenderWare clump).
func Frames(n int) string { return lang.XN("count.frame", "{{.PluralCount}} frames", n) }

// Materials is "N materials".
func Materials(n int) string { return lang.XN("count.material", "{{.PluralCount}} materials", n) }

// Version is the "version N" fact of a file or record.
func Version(v int64) string {
	return lang.X("header.version", "version {{.Version}}", map[string]any{"Version": v})
}

// Size is a byte size for people: "512 B", "1.8 KiB", "3.5 MiB", "1.25 GiB".
func Size(n int64) string {
	switch {
	case n < 1024:
		return lang.X("size.bytes", "{{.N}} B", map[string]any{"N": n})
	case n < 1<<20:
		return lang.X("size.kib", "{{.N}} KiB", map[string]any{"N": fmt.Sprintf("%.1f", float64(n)/1024)})
	case n < 1<<30:
		return lang.X("size.mib", "{{.N}} MiB", map[string]any{"N": fmt.Sprintf("%.1f", float64(n)/(1<<20))})
	}
	return lang.X("size.gib", "{{.N}} GiB", map[string]any{"N": fmt.Sprintf("%.2f", float64(n)/(1<<30))})
}

// Files is "N files".
func Files(n int) string { return lang.XN("count.file", "{{.PluralCount}} files", n) }

// Nodes is "N nodes" (of the tree).
func Nodes(n int) string { return lang.XN("count.node", "{{.PluralCount}} nodes", n) }

// Children is "N children" (of a node).
func Children(n int) string { return lang.XN("count.child", "{{.PluralCount}} children", n) }
