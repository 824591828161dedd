package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

func TestRecentFiles(t *testing.T) {
	a := test.NewTempApp(t)
	for i := 0; i < maxRecent+3; i++ {
		addRecent(a, fmt.Sprintf("/f%d", i))
	}
	addRecent(a, "/f5") // again: moves to the front, no duplicate
	got := recentFiles(a)
	if len(got) != maxRecent || got[0] != "/f5" || got[1] != fmt.Sprintf("/f%d", maxRecent+2) || strings.Count(strings.Join(got, ","), "/f5,") > 1 {
		t.Errorf("recent %v", got)
	}
	setLastFolder(a, "/data")
	if lastFolder(a) != "/data" {
		t.Error("last folder not kept")
	}
	clearRecent(a)
	if len(recentFiles(a)) != 0 {
		t.Error("recent not cleared")
	}
}

func TestRecentMenu(t *testing.T) {
	w := newTestWindow(t)
	addRecent(w.app, "/tmp/a.lib")
	w.opened.rebuildRecent()
	if len(w.opened.recentMenu.Items) != 3 || w.opened.recentMenu.Items[0].Label != "/tmp/a.lib" {
		t.Errorf("recent menu %d items", len(w.opened.recentMenu.Items))
	}
}

func TestThemeChoice(t *testing.T) {
	w := newTestWindow(t)
	setTheme(w.app, "dark")
	if th, ok := w.app.Settings().Theme().(variantTheme); !ok || th.v != theme.VariantDark {
		t.Errorf("dark theme not applied: %T", w.app.Settings().Theme())
	}
	w.view.checkTheme()
	if !w.view.themeItems[2].Checked || w.view.themeItems[0].Checked {
		t.Error("View menu does not tick the dark theme")
	}
	setTheme(w.app, "system")
	if _, ok := w.app.Settings().Theme().(variantTheme); ok {
		t.Error("system theme still forced")
	}
}

// Recent paths are stored absolute and clean, without duplicates; a list
// stored otherwise is normalised when read.
func TestRecentNormalised(t *testing.T) {
	a := test.NewTempApp(t)
	abs := func(p string) string {
		s, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a.Preferences().SetStringList(prefRecent, []string{"/x/../y/a.lib", "/y//a.lib", "rel/b.lib", "", "rel/./b.lib"})
	want := []string{filepath.Clean("/y/a.lib"), abs("rel/b.lib")}
	if got := recentFiles(a); !slices.Equal(got, want) {
		t.Errorf("recent %q, want %q", got, want)
	}
	if got := a.Preferences().StringList(prefRecent); !slices.Equal(got, want) {
		t.Errorf("stored %q, want %q", got, want)
	}
	addRecent(a, "rel/sub/../b.lib")
	want = []string{abs("rel/b.lib"), filepath.Clean("/y/a.lib")}
	if got := recentFiles(a); !slices.Equal(got, want) {
		t.Errorf("after adding again: %q, want %q", got, want)
	}
	removeRecent(a, "/y/./a.lib")
	if got := recentFiles(a); !slices.Equal(got, want[:1]) {
		t.Errorf("after removing: %q", got)
	}
}
