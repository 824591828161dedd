// Package i18n holds the window's translations and picks their language.
//
// The window's strings go through Fyne's own fyne.io/fyne/v2/lang with an
// explicit key: lang.X("area.what", "English text"), and lang.XN for
// counts ("{{.PluralCount}} phases"). The translations are the JSON files
// translations/en.json and translations/ru.json, embedded and added to
// Fyne's bundle when this package initialises: flat objects sorted by key,
// a string per key, or for a plural key its forms (English one and other;
// Russian one, few, many and other). Importing this package (the
// inspectors do through ui/count and ui/widgets, main directly) is what
// makes the English one forms and the Russian texts known.
//
// The language is English or Russian: the one the user chose in Settings
// (System, English, Русский; NewSetting is that row), else the system's
// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG on Linux; the user's locale on
// Windows and macOS) when it is Russian, else English. The choice is kept
// in Fyne's own preferences of the app (PrefLanguage, beside the others:
// no file of ours, no copy of Fyne's per-system paths) and read by main
// once the app exists: Apply sets the language for the whole window,
// Fyne's own dialogs included, before the window makes its first string,
// so a new choice takes effect on the next start. (Fyne's lang matches
// the system's locale when it initialises and again whenever translations
// are added; nothing is translated before Apply, so internal/earlyinit
// has no part in it.) Tests run in English whatever the system says, and
// switch with Use.
package i18n

import (
	"embed"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// The languages of the window, as stored choices and as Current reports
// them; System is the empty choice (follow the system).
const (
	System  = ""
	English = "en"
	Russian = "ru"
)

// PrefLanguage is the Fyne preference that keeps the chosen language
// (System, English or Russian).
const PrefLanguage = "language"

//go:embed translations/*.json
var files embed.FS

// current is the language in use.
var current = English

func init() {
	if err := lang.AddTranslationsFS(files, "translations"); err != nil {
		fyne.LogError("the window's translations", err)
	}
	if testing.Testing() {
		Use(English) // tests check English texts, whatever the system's language
	} else {
		Use(systemLanguage())
	}
}

// Choice is one choice of the language setting.
type Choice struct {
	Value string // System, English or Russian
	Label string // as Settings shows it
}

// Choices are the language choices as Settings offers them: System (in
// the window's language), then each language in its own name.
func Choices() []Choice {
	return []Choice{
		{System, lang.X("settings.language.system", "System")},
		{English, "English"},
		{Russian, "Русский"},
	}
}

// Stored is the choice kept in p: System when none (or an unknown one) is.
func Stored(p fyne.Preferences) string {
	switch v := p.String(PrefLanguage); v {
	case English, Russian:
		return v
	}
	return System
}

// Store keeps choice (System, English or Russian) in p for the next
// start: the strings already made stay in their language, so the window
// changes language when it is opened again.
func Store(p fyne.Preferences, choice string) {
	switch choice {
	case English, Russian:
		p.SetString(PrefLanguage, choice)
	default:
		p.RemoveValue(PrefLanguage)
	}
}

// Apply makes the window speak the language choice names, the system's
// for System (Russian when the system's is, else English), and returns
// it. Call it before the window makes its first string.
func Apply(choice string) string {
	l := choice
	if l != English && l != Russian {
		l = systemLanguage()
	}
	Use(l)
	return l
}

// Use switches the language of every string made from now on (English or
// Russian; anything else is English). The window calls it through Apply;
// tests call it to check another language.
func Use(language string) {
	if language != Russian {
		language = English
	}
	setupLang(language)
	current = language
}

// Current is the language in use: English or Russian.
func Current() string { return current }
