package i18n

import (
	"encoding/json"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// Names reports whether shown, a text of the window in its language (a
// tab's title), is the one name names: name is compared as it is and as
// the English text of a key, without case. So "Preview" names the tab
// shown as "Превью" in Russian, and `--tab Preview` or a test need not
// change with the language.
func Names(shown, name string) bool {
	if strings.EqualFold(shown, name) {
		return true
	}
	for _, k := range keysOf(name) {
		if strings.EqualFold(lang.X(k, name), shown) {
			return true
		}
	}
	return false
}

var (
	englishOnce sync.Once
	englishKeys map[string][]string // lower-case English text → its keys
)

// keysOf returns the keys whose English text is text (without case).
func keysOf(text string) []string {
	englishOnce.Do(func() {
		englishKeys = map[string][]string{}
		b, err := files.ReadFile("translations/" + English + ".json")
		var texts map[string]any
		if err == nil {
			err = json.Unmarshal(b, &texts)
		}
		if err != nil {
			fyne.LogError("the window's English texts", err)
			return
		}
		for k, v := range texts {
			if s, ok := v.(string); ok {
				englishKeys[strings.ToLower(s)] = append(englishKeys[strings.ToLower(s)], k)
			}
		}
	})
	return englishKeys[strings.ToLower(text)]
}
