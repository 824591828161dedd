package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestParseArgs(t *testing.T) {
	c, err := parseArgs([]string{"--materials", "m.lib", "--txd=t.txd", "--txd", "u.txd", "--screenshot=out.png", "--select", "A/B", "--size", "800x600", "--tab", "Material/Animation", "x.lib", "--", "-odd.lib"})
	if err != nil {
		t.Fatal(err)
	}
	if c.materials != "m.lib" || strings.Join(c.txd, " ") != "t.txd u.txd" || len(c.shots) != 1 || c.shots[0] != (shot{"out.png", 800, 600, true}) || c.selectNode != "A/B" ||
		c.tab != "Material/Animation" || strings.Join(c.files, ",") != "x.lib,-odd.lib" {
		t.Errorf("parsed %+v", c)
	}
	c, _ = parseArgs(nil)
	if len(c.shots) != 0 || len(c.files) != 0 {
		t.Errorf("defaults %+v", c)
	}
	for _, bad := range [][]string{{"--bogus"}, {"--select"}, {"--txd"}, {"--screenshot", "a.png", "--size", "12"}, {"--size", "800x600"},
		{"--tab", "Hex"}, {"--screenshot", "a.png", "--size", "800x600", "--size", "900x600"},
		{"--size", "800x600", "--screenshot", "a.png", "--size", "900x600"}} {
		if _, err := parseArgs(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestParseShots: each --size belongs to the --screenshot before it (one
// given first, to the first); a shot without one is 1280x800.
func TestParseShots(t *testing.T) {
	c, err := parseArgs([]string{"--size", "1024x640", "--screenshot", "a.png", "--screenshot", "b.png", "--screenshot", "c.png", "--size", "900x700"})
	if err != nil {
		t.Fatal(err)
	}
	want := []shot{{"a.png", 1024, 640, true}, {"b.png", 1280, 800, false}, {"c.png", 900, 700, true}}
	if len(c.shots) != len(want) {
		t.Fatalf("shots %+v", c.shots)
	}
	for i := range want {
		if c.shots[i] != want[i] {
			t.Errorf("shot %d: %+v, want %+v", i, c.shots[i], want[i])
		}
	}
}

func TestRunBadUsage(t *testing.T) {
	if got := Run(test.NewTempApp(t), []string{"--nope"}); got != 2 {
		t.Errorf("status %d, want 2", got)
	}
}
