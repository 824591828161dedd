// Package i18n holds the window's translations and picks their language.
//
// The window's strings go through Fyne's own fyne.io/fyne/v2/lang with an
// explicit key: lang.X("area.what", "English text"), and lang.XN for
// counts ("{{.PluralCount}} phases"). The translations are the JSON files
// translations/en.json and translations/ru.json, embedded, the one of the
// language in use added to Fyne's bundle by Use: flat objects sorted by key,
// a string per key, or for a plural key its forms (English one and other;
// Russian one, few, many and other). Apply (main, as the window starts)
// or Use (tests; this package's init does for a test binary) is what makes
// the English one forms or the Russian texts known; the command line,
// which says nothing through lang, reads neither.
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

// added are the languages whose translations are in Fyne's bundle.
var added = map[string]bool{}

func init() {
	if testing.Testing() {
		Use(English) // tests check English texts, whatever the system's language
	}
}

// add puts the translations of language into Fyne's bundle, once. Only
// the language in use is read: parsing both files took a start of the
// program (the command line's too) 8 to 30 ms, most of it Russian.
func add(language string) {
	if added[language] {
		return
	}
	added[language] = true
	b, err := files.ReadFile("translations/" + language + ".json")
	if err == nil {
		err = lang.AddTranslationsForLocale(b, fyne.Locale(language))
	}
	if err != nil {
		fyne.LogError("the window's translations", err)
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
	add(language) // adding resets Fyne's language to the system's: first
	setupLang(language)
	current = language
}

// Current is the language in use: English or Russian.
func Current() string { return current }
