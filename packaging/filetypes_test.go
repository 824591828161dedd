package packaging

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The embedded MIME types read back: every type has an English and a
// Russian comment, the globs the XML gives, and the same list as the
// desktop entry's MimeType.
func TestFileTypes(t *testing.T) {
	types, err := FileTypes()
	if err != nil {
		t.Fatal(err)
	}
	desktop, err := os.ReadFile("linux/io.github.rummage.desktop")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^MimeType=(.*)$`).FindSubmatch(desktop)
	listed := strings.FieldsFunc(string(m[1]), func(r rune) bool { return r == ';' })
	var names []string
	for _, ft := range types {
		names = append(names, ft.MIME)
		if ft.Comment == "" || ft.Comments["ru"] == "" {
			t.Errorf("%s: comments %q %v", ft.MIME, ft.Comment, ft.Comments)
		}
	}
	slices.Sort(names)
	slices.Sort(listed)
	if !slices.Equal(names, listed) {
		t.Errorf("the XML's types %v differ from the desktop entry's %v", names, listed)
	}
	byType := map[string]FileType{}
	for _, ft := range types {
		byType[ft.MIME] = ft
	}
	if got := byType["application/x-renderware-txd"].Extensions(); !slices.Equal(got, []string{".txd"}) {
		t.Errorf("TXD extensions %v", got)
	}
	img := byType["application/x-gta-img"]
	if got := img.Extensions(); !slices.Equal(got, []string{".img"}) || !slices.Contains(img.Globs, "gta3.img") {
		t.Errorf("IMG globs %v, extensions %v", img.Globs, got)
	}
	if got := byType["application/x-xray-level"].Extensions(); len(got) != 0 {
		t.Errorf("X-Ray level files have no extension, got %v", got)
	}
	if got := byType["application/x-gta-col"].Comments["ru"]; got != "Файл коллизий GTA" {
		t.Errorf("COL's Russian comment %q", got)
	}
}
