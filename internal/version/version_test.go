package version

import (
	"runtime/debug"
	"testing"
)

func TestLine(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2025-01-02T03:04:05Z"},
		{Key: "vcs.modified", Value: "true"}, {Key: "GOOS", Value: "plan9"}, {Key: "GOARCH", Value: "arm"}}}
	linkedX := stamp{version: "v0.1.0", commit: "fedcba9876543210", time: "2026-12-02T10:00:00Z"}
	devel := &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"}}}
	for _, c := range []struct {
		name string
		info *debug.BuildInfo
		x    stamp
		want string
	}{
		{"Go's stamp wins over -X", stamped, linkedX, "rummage v1.2.3 commit 0123456789ab 2025-01-02T03:04:05Z modified go1.99 plan9/arm"},
		{"Go's stamp alone", stamped, stamp{}, "rummage v1.2.3 commit 0123456789ab 2025-01-02T03:04:05Z modified go1.99 plan9/arm"},
		{"-X when Go stamped nothing", devel, linkedX, "rummage v0.1.0 commit fedcba987654 2026-12-02T10:00:00Z go1.99 linux/amd64"},
		{"-X modified, no time", devel, stamp{version: "v0.1.0", commit: "abc", modified: true}, "rummage v0.1.0 commit abc modified go1.99 linux/amd64"},
		{"nothing", devel, stamp{}, "rummage (devel) go1.99 linux/amd64"},
		{"a commit but no module version", &debug.BuildInfo{GoVersion: "go1.99", Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"}}},
			linkedX, "rummage v0.1.0 commit 0123456789ab go1.99 linux/amd64"},
	} {
		if got := line(c.info, c.x); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestLinkedVersion(t *testing.T) {
	defer func(r, c, m string) { release, commit, modified = r, c, m }(release, commit, modified)
	release, commit, modified = "0.3.1", "abc", "true"
	if s := linked(); s.version != "v0.3.1" || s.commit != "abc" || !s.modified {
		t.Errorf("linked() = %+v", s)
	}
	release = "v0.3.1" // a tag-style value is not doubled
	if s := linked(); s.version != "v0.3.1" {
		t.Errorf("linked() = %+v", s)
	}
	release = ""
	if s := linked(); s.version != "" {
		t.Errorf("no release: %+v", s)
	}
}
