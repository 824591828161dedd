package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Version is the line `rummage --version` prints: the module version and,
// when the binary was built in a git checkout, the commit, its time and
// whether the tree had changes, then the Go version and platform, e.g.
// "rummage (devel) commit 1d12c00c9a1b 2025-12-02T13:10:00Z modified go1.24.1 linux/amd64".
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "rummage (unknown version: no build information) " + runtime.Version()
	}
	return versionLine(info)
}

// versionLine formats the build information.
func versionLine(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	parts := []string{"rummage", v}
	s := map[string]string{}
	for _, kv := range info.Settings {
		s[kv.Key] = kv.Value
	}
	if r := s["vcs.revision"]; r != "" {
		parts = append(parts, "commit", r[:min(len(r), 12)])
	}
	if t := s["vcs.time"]; t != "" {
		parts = append(parts, t)
	}
	if s["vcs.modified"] == "true" {
		parts = append(parts, "modified")
	}
	goos, goarch := s["GOOS"], s["GOARCH"]
	if goos == "" {
		goos, goarch = runtime.GOOS, runtime.GOARCH
	}
	return strings.Join(parts, " ") + fmt.Sprintf(" %s %s/%s", info.GoVersion, goos, goarch)
}
