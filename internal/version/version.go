// Package version tells which build of Rummage is running, for
// `rummage --version` and the window's Help › About.
//
// Two sources, the first that has an answer wins:
//
//   - the build information Go stamps from git (Go 1.24 and later, a build
//     in a git clone): the module version — the tag (v0.2.0) when the
//     commit is tagged, else a pseudo-version naming the commit after the
//     last tag, "+dirty" with changes — and the commit, its time and
//     whether the tree was modified;
//   - the values the Makefile passes with -ldflags -X for a build where Go
//     stamped nothing (outside git, a git worktree, GOFLAGS=-buildvcs=false):
//     FyneApp.toml's Version and the commit scripts/buildinfo.sh found.
//
// A plain `go build` outside git has neither and says "(devel)".
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Set with -ldflags "-X rummage/internal/version.release=0.1.0 ..."
// (scripts/buildinfo.sh prints the flags).
var (
	release  string // FyneApp.toml's Version, e.g. "0.1.0"
	commit   string // the commit hash
	time     string // the commit's time, RFC 3339 in UTC
	modified string // "true" when the tree had uncommitted changes
)

// stamp is what one source knows about the build.
type stamp struct {
	version, commit, time string
	modified              bool
}

// linked is the stamp of the -X flags.
func linked() stamp {
	s := stamp{commit: commit, time: time, modified: modified == "true"}
	if release != "" {
		s.version = "v" + strings.TrimPrefix(release, "v")
	}
	return s
}

// Line is the line `rummage --version` prints: the version, the commit,
// its time and "modified" when they are known, then the Go version and the
// platform, e.g.
// "rummage v0.2.0 commit 1d12c00c9a1b 2026-12-02T13:10:00Z go1.26.8 linux/amd64".
func Line() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = &debug.BuildInfo{GoVersion: runtime.Version()}
	}
	return line(info, linked())
}

// Short is the version alone ("v0.2.0", a pseudo-version, or "(devel)").
func Short() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = &debug.BuildInfo{}
	}
	return choose(info, linked()).version
}

// Release is FyneApp.toml's Version as the build was told it, "" when the
// build was not made by the Makefile or the release script.
func Release() string { return release }

// choose picks the stamp Go wrote into info when it wrote one, else x.
func choose(info *debug.BuildInfo, x stamp) stamp {
	s := map[string]string{}
	for _, kv := range info.Settings {
		s[kv.Key] = kv.Value
	}
	v := info.Main.Version
	if v == "(devel)" {
		v = ""
	}
	if v == "" && s["vcs.revision"] == "" { // Go stamped nothing
		if x.version == "" {
			x.version = "(devel)"
		}
		return x
	}
	st := stamp{version: v, commit: s["vcs.revision"], time: s["vcs.time"], modified: s["vcs.modified"] == "true"}
	if st.version == "" { // a commit but no module version (Go before 1.24)
		st.version = x.version
	}
	if st.version == "" {
		st.version = "(devel)"
	}
	return st
}

// line formats the build information, x being the -X fallback.
func line(info *debug.BuildInfo, x stamp) string {
	st := choose(info, x)
	parts := []string{"rummage", st.version}
	if st.commit != "" {
		parts = append(parts, "commit", st.commit[:min(len(st.commit), 12)])
	}
	if st.time != "" {
		parts = append(parts, st.time)
	}
	if st.modified {
		parts = append(parts, "modified")
	}
	goos, goarch := runtime.GOOS, runtime.GOARCH
	for _, kv := range info.Settings {
		switch kv.Key {
		case "GOOS":
			goos = kv.Value
		case "GOARCH":
			goarch = kv.Value
		}
	}
	return strings.Join(parts, " ") + fmt.Sprintf(" %s %s/%s", info.GoVersion, goos, goarch)
}
