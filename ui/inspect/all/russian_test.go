package all_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/ui/i18n"
	"rummage/ui/inspect"
	_ "rummage/ui/inspect/all"
	"rummage/ui/inspect/inspecttest"
)

// russianForm is the Russian plural form of n (CLDR, for integers),
// worked out here on its own: one, few or many.
func russianForm(n int) string {
	switch {
	case n%10 == 1 && n%100 != 11:
		return "one"
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return "few"
	}
	return "many"
}

// russianCount says "n noun" with the noun's form for n.
func russianCount(n int, one, few, many string) string {
	return fmt.Sprint(n) + " " + map[string]string{"one": one, "few": few, "many": many}[russianForm(n)]
}

// tabTitles makes n's inspector tabs and returns their titles.
func tabTitles(t *testing.T, h *inspecttest.Host, n formats.Node) []string {
	t.Helper()
	var titles []string
	for _, p := range inspecttest.Providers(t, n) {
		if tab := p.Make(h, n); tab != nil {
			titles = append(titles, tab.Title)
			if tab.Close != nil {
				tab.Close()
			}
		}
	}
	return titles
}

// resolve opens path below root.
func resolve(t *testing.T, root formats.Node, path string) formats.Node {
	t.Helper()
	n, err := formats.Resolve(root, path)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// With the window in Russian the inspectors speak Russian: tab titles,
// header facts whose counts agree with their numbers, labels, buttons;
// the data (names, type tags, format names) stays as the files say.
func TestInspectorsInRussian(t *testing.T) {
	a := test.NewTempApp(t)
	h := &inspecttest.Host{Win: a.NewWindow("inspectors")}
	i18n.Use(i18n.Russian)
	t.Cleanup(func() { i18n.Use(i18n.English) })

	// A material: its tab, its facts, its editor.
	lib := inspecttest.OpenSample(t, "Material.lib")
	water := resolve(t, lib, "WATER_M")
	if got := tabTitles(t, h, water); !slices.Equal(got, []string{"Материал"}) {
		t.Errorf("material tabs %q", got)
	}
	m := water.(*material.Node).Material()
	facts, _, err := inspect.FactsFor(water)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{russianCount(len(m.Phases), "фаза", "фазы", "фаз"), russianCount(len(m.Blocks), "блок", "блока", "блоков"),
		fmt.Sprintf("версия %d", m.Version)}
	if !slices.Equal(facts, want) {
		t.Errorf("material facts %q, want %q", facts, want)
	}
	tab := inspecttest.Providers(t, water)[0].Make(h, water)
	defer tab.Close()
	labels := inspecttest.Labels(tab.Content)
	for _, w := range []string{"Образец", "Смешивание", fmt.Sprintf("Фаза 0 из %d", len(m.Phases)), "маска интерполяции"} {
		if !strings.Contains(labels, w) {
			t.Errorf("the Material tab has no %q:\n%s", w, labels)
		}
	}
	var tabs []string
	for _, at := range inspecttest.Find[*container.AppTabs](tab.Content) {
		for _, it := range at.Items {
			tabs = append(tabs, it.Text)
		}
	}
	if !slices.Equal(tabs, []string{"Фаза", "Анимация"}) {
		t.Errorf("the Material tab's editors are %q", tabs)
	}

	// An archive: its Entries tab says how many entries, in Russian.
	kids, _ := lib.Children()
	if got := tabTitles(t, h, lib); !slices.Equal(got, []string{"Записи"}) {
		t.Errorf("archive tabs %q", got)
	}
	entries := inspecttest.Providers(t, lib)[0].Make(h, lib)
	if l := inspecttest.Labels(entries.Content); !strings.HasPrefix(l, russianCount(len(kids), "запись", "записи", "записей")+" · щёлкните заголовок") {
		t.Errorf("the Entries tab says %q", l)
	}

	// A level: Statistics and its sub-tabs.
	level := inspecttest.OpenSample(t, "xray_level_v4")
	inspect.FactsFor(level) // decodes it, so the Statistics are built at once
	if got := tabTitles(t, h, level); !slices.Contains(got, "Статистика") || !slices.Contains(got, "Превью") {
		t.Errorf("level tabs %q", got)
	}
	var stats []string
	for _, p := range inspecttest.Providers(t, level) {
		if p.Name == "Statistics" {
			for _, at := range inspecttest.Find[*container.AppTabs](p.Make(h, level).Content) {
				for _, it := range at.Items {
					stats = append(stats, it.Text)
				}
			}
		}
	}
	if len(stats) < 5 || !slices.Equal(stats[:4], []string{"Чанки", "Секторы", "Текстуры", "Шейдеры"}) || !strings.HasPrefix(stats[4], "Диагностика (") {
		t.Errorf("the Statistics sub-tabs are %q", stats)
	}

	// A texture: its size and mip levels; its name and format stay.
	tex := resolve(t, inspecttest.OpenSample(t, "Textures.lib"), "EFFECT.0")
	facts, _, _ = inspect.FactsFor(tex)
	im := tex.(formats.Imager)
	if len(facts) == 0 || facts[len(facts)-1] != russianCount(im.Levels(), "мип-уровень", "мип-уровня", "мип-уровней") {
		t.Errorf("texture facts %q (%d levels)", facts, im.Levels())
	}
	if got := tabTitles(t, h, tex); !slices.Equal(got, []string{"Изображение"}) {
		t.Errorf("texture tabs %q", got)
	}
}
