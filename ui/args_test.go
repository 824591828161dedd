package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestParseArgs(t *testing.T) {
	c, err := parseArgs([]string{"--materials", "m.lib", "--screenshot=out.png", "--select", "A/B", "--size", "800x600", "x.lib", "--", "-odd.lib"})
	if err != nil {
		t.Fatal(err)
	}
	if c.materials != "m.lib" || c.screenshot != "out.png" || c.selectNode != "A/B" || c.width != 800 || c.height != 600 ||
		strings.Join(c.files, ",") != "x.lib,-odd.lib" {
		t.Errorf("parsed %+v", c)
	}
	c, _ = parseArgs(nil)
	if c.width != 1280 || c.height != 800 || len(c.files) != 0 {
		t.Errorf("defaults %+v", c)
	}
	for _, bad := range [][]string{{"--bogus"}, {"--select"}, {"--screenshot", "a.png", "--size", "12"}, {"--size", "800x600"}} {
		if _, err := parseArgs(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestRunBadUsage(t *testing.T) {
	if got := Run(test.NewTempApp(t), []string{"--nope"}); got != 2 {
		t.Errorf("status %d, want 2", got)
	}
}
