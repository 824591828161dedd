package cli

import (
	"strings"
	"testing"

	"rummage/formats/txd"
	"rummage/preview"
)

// TestChoicesFromOwners: every value a flag offers is one its owner's
// parser takes, and the usage lines and the help text name them all.
func TestChoicesFromOwners(t *testing.T) {
	parsers := map[string]func(string) error{
		"view":       func(s string) error { _, err := preview.ParseMode(s); return err },
		"camera":     func(s string) error { _, err := preview.ParseViewpoint(s); return err },
		"platform":   func(s string) error { _, err := txd.ParsePlatform(s); return err },
		"format":     func(s string) error { _, _, err := txd.ParseFormat(s); return err },
		"rw-version": func(s string) error { _, err := txd.VersionStamp(s); return err },
	}
	for name, parse := range parsers {
		if len(choiceLists[name]) == 0 {
			t.Errorf("no choices for %s", name)
		}
		for _, v := range choiceLists[name] {
			if err := parse(v); err != nil {
				t.Errorf("%s %q: %v", name, v, err)
			}
		}
	}
	texts := []string{helpText}
	for _, c := range commands {
		texts = append(texts, c.usage)
	}
	for _, s := range texts {
		if strings.ContainsAny(s, "{}") {
			t.Errorf("a choice reference is left in %q", s)
		}
	}
	for _, want := range []string{
		"--view " + strings.Join(preview.ModeNames(), "|"),
		"--camera " + strings.Join(preview.ViewpointNames(), "|"),
		"--platform " + strings.Join(txd.PlatformNames(), "|"),
		"--format " + strings.Join(txd.StoredFormats(), "|"),
	} {
		if !strings.Contains(helpText, want) {
			t.Errorf("the help text lacks %q", want)
		}
	}
}
