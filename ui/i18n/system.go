package i18n

import (
	_ "unsafe" // go:linkname

	"github.com/jeandeaual/go-locale"
	"golang.org/x/text/language"
)

// setupLang is Fyne's own switch of the language its lang package
// translates into (the one its tests use). Fyne offers no public way to
// choose the language: it matches the system's locales against its
// translations whenever translations are added, and on Windows and macOS
// it asks the system, not the environment, so neither LANGUAGE nor any
// variable set before Fyne starts could carry the user's choice there.
// The name is checked when the program links: a Fyne that renamed it
// fails to build rather than ignore the choice, and TestUseSwitches
// checks that it still switches.
//
//go:linkname setupLang fyne.io/fyne/v2/lang.setupLang
func setupLang(lang string)

// windowLanguages are the languages the window speaks, English first (the
// one for a system language that is neither).
var windowLanguages = []language.Tag{language.English, language.Russian}

// systemLanguage is Russian when the system's preferred languages, as
// Fyne reads them, match Russian before English, else English.
func systemLanguage() string {
	locales, err := locale.GetLocales()
	if err != nil {
		return English
	}
	return matchLanguage(locales)
}

// matchLanguage is the window language that best matches the locales
// (BCP 47 tags, most preferred first; "ru-RU", "en"), English when none
// is close.
func matchLanguage(locales []string) string {
	var tags []language.Tag
	for _, l := range locales {
		if t, err := language.Parse(l); err == nil {
			tags = append(tags, t)
		}
	}
	_, i, conf := language.NewMatcher(windowLanguages).Match(tags...)
	if conf == language.No || i != 1 {
		return English
	}
	return Russian
}
