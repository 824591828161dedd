package cli

import "rummage/internal/version"

// Version is the line `rummage --version` prints (see internal/version):
// the version Go stamped from git, or FyneApp.toml's version and the commit
// the Makefile passed, then the commit, its time, "modified", the Go
// version and the platform.
func Version() string { return version.Line() }
