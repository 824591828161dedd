package i18n

import (
	"runtime"
	"slices"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
)

// useRussian switches to Russian for one test.
func useRussian(t *testing.T) {
	t.Helper()
	Use(Russian)
	t.Cleanup(func() { Use(English) })
}

// Tests start in English whatever the system says; Use switches every
// string made afterwards, Fyne's own included, and Current reports it.
func TestUseSwitches(t *testing.T) {
	system := func() string { return lang.X("settings.language.system", "System") }
	if Current() != English || system() != "System" {
		t.Fatalf("tests start in %s: %q", Current(), system())
	}
	useRussian(t)
	if Current() != Russian {
		t.Errorf("Current is %s after Use(Russian)", Current())
	}
	if got := system(); got != "Системный" {
		t.Errorf("settings.language.system in Russian is %q", got)
	}
	if got := lang.L("Cancel"); got != "Отмена" {
		t.Errorf("Fyne's own Cancel in Russian is %q", got)
	}
	Use("de") // a language the window does not speak: English
	if Current() != English || system() != "System" || lang.L("Cancel") != "Cancel" {
		t.Errorf("Use(de) gives %s: %q, %q", Current(), system(), lang.L("Cancel"))
	}
}

// The system's language is Russian when its preferred locales reach
// Russian before English, English for any other language.
func TestMatchLanguage(t *testing.T) {
	for _, c := range []struct {
		locales []string
		want    string
	}{
		{[]string{"ru-RU"}, Russian},
		{[]string{"ru"}, Russian},
		{[]string{"en-US"}, English},
		{[]string{"de-DE"}, English},
		{[]string{"uk-UA"}, English},
		{[]string{"de-DE", "ru-RU"}, Russian},
		{[]string{"en-GB", "ru-RU"}, English},
		{nil, English},
		{[]string{"C"}, English},
	} {
		if got := matchLanguage(c.locales); got != c.want {
			t.Errorf("%v: %s, want %s", c.locales, got, c.want)
		}
	}
}

// The choice is kept in the preferences; Apply follows it, and the system
// for System.
func TestStoredChoice(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	if Stored(p) != System {
		t.Fatalf("a new app has the choice %q", Stored(p))
	}
	Store(p, Russian)
	if Stored(p) != Russian || p.String(PrefLanguage) != "ru" {
		t.Errorf("stored Russian: %q (%q)", Stored(p), p.String(PrefLanguage))
	}
	t.Cleanup(func() { Use(English) })
	if got := Apply(Stored(p)); got != Russian || Current() != Russian || lang.X("settings.language.system", "System") != "Системный" {
		t.Errorf("Apply(%q) = %s, current %s", Stored(p), got, Current())
	}
	Store(p, English)
	if got := Apply(Stored(p)); got != English || lang.X("settings.language.system", "System") != "System" {
		t.Errorf("Apply(English) = %s", got)
	}
	Store(p, System)
	if Stored(p) != System || p.String(PrefLanguage) != "" {
		t.Errorf("System is stored as %q", p.String(PrefLanguage))
	}
	p.SetString(PrefLanguage, "klingon")
	if Stored(p) != System {
		t.Errorf("an unknown stored choice reads as %q", Stored(p))
	}
	t.Setenv("LANGUAGE", "ru_RU")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "ru_RU.UTF-8")
	if got := Apply(System); got != Russian && systemLocalesFromEnv() {
		t.Errorf("System under LANG=ru_RU.UTF-8 is %s", got)
	}
}

// systemLocalesFromEnv reports whether the system's locales are read from
// LANGUAGE, LC_ALL, LC_MESSAGES and LANG here (as go-locale does outside
// Windows, macOS, Android and the browser).
func systemLocalesFromEnv() bool {
	return !slices.Contains([]string{"windows", "darwin", "android", "ios", "js"}, runtime.GOOS)
}

// A text of the window is named by itself or by its English text, without
// case; another English text does not name it.
func TestNames(t *testing.T) {
	useRussian(t)
	shown := lang.X("settings.language.system", "System")
	for _, name := range []string{"System", "system", "Системный", "системный"} {
		if !Names(shown, name) {
			t.Errorf("%q does not name %q", name, shown)
		}
	}
	for _, name := range []string{"Systems", "English", "Русский", ""} {
		if Names(shown, name) {
			t.Errorf("%q names %q", name, shown)
		}
	}
}

// The Settings row stores the choice at once and says it takes effect on
// the next start while the choice differs from the language in use.
func TestSetting(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	s := NewSetting(p)
	if s.Radio.Selected != "System" || Stored(p) != System {
		t.Fatalf("a new setting selects %q (stored %q)", s.Radio.Selected, Stored(p))
	}
	s.Radio.SetSelected("Русский")
	if Stored(p) != Russian || !s.Note.Visible() {
		t.Errorf("Русский: stored %q, note shown %v", Stored(p), s.Note.Visible())
	}
	if Current() != English {
		t.Errorf("the choice changed the language at once: %s", Current())
	}
	s.Radio.SetSelected("English")
	if Stored(p) != English || s.Note.Visible() {
		t.Errorf("English: stored %q, note shown %v", Stored(p), s.Note.Visible())
	}
	if again := NewSetting(p); again.Radio.Selected != "English" {
		t.Errorf("the stored English reopens as %q", again.Radio.Selected)
	}
}
