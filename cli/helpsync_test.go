package cli

import (
	"regexp"
	"strings"
	"testing"
)

// helpBlock returns the lines of `rummage help` that describe name: its
// usage line "  rummage NAME ..." up to the next command's.
func helpBlock(name string) string {
	lines := strings.Split(helpText, "\n")
	var block []string
	for _, l := range lines {
		if strings.HasPrefix(l, "  rummage ") {
			if len(block) > 0 {
				break
			}
			if strings.HasPrefix(l, "  rummage "+name+" ") {
				block = append(block, l)
			}
			continue
		}
		if len(block) > 0 {
			if l == "" {
				break
			}
			block = append(block, l)
		}
	}
	return strings.Join(block, "\n")
}

// TestHelpOverviewFlags: the overview's line of each command whose flags
// it spells out lists every flag of the command's own usage (the side
// files --materials and --txd are told once below the commands); it drifted
// when --quality was added to build txd and convert txd.
func TestHelpOverviewFlags(t *testing.T) {
	flag := regexp.MustCompile(`--[a-z][a-z-]*`)
	for _, name := range []string{"render", "samples", "build txd", "build img", "convert txd", "completion"} {
		block := helpBlock(name)
		if block == "" {
			t.Errorf("help has no line for %s", name)
			continue
		}
		for _, f := range flag.FindAllString(lookup(name).usage, -1) {
			if f == "--materials" || f == "--txd" {
				continue
			}
			if !strings.Contains(block, f+" ") && !strings.Contains(block, f+"]") {
				t.Errorf("help's %s line lacks %s:\n%s", name, f, block)
			}
		}
	}
	for _, f := range windowFlags {
		if !strings.HasSuffix(f, "register-types") && !strings.Contains(helpText, "--"+f) {
			t.Errorf("help does not show the window's --%s", f)
		}
	}
	for _, f := range []string{"--materials", "--txd", "--geom"} {
		if !strings.Contains(helpText, "\n"+f+" FILE names") {
			t.Errorf("help does not tell what %s names", f)
		}
	}
}
