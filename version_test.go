package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// releaseOf reads FyneApp.toml's Version and the newest release of the
// AppStream metainfo.
func releaseOf(t *testing.T) (toml, metainfo string) {
	t.Helper()
	b, err := os.ReadFile("FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^Version *= *"([^"]+)"`).FindSubmatch(b)
	if m == nil {
		t.Fatal("FyneApp.toml has no Version")
	}
	b, err = os.ReadFile("packaging/linux/io.github.rummage.metainfo.xml")
	if err != nil {
		t.Fatal(err)
	}
	r := regexp.MustCompile(`<release version="([^"]+)"`).FindSubmatch(b) // the newest comes first
	if r == nil {
		t.Fatal("the metainfo has no <release>")
	}
	return string(m[1]), string(r[1])
}

// FyneApp.toml, the metainfo's newest release and the version a build made
// with the Makefile's flags prints agree (Go stamps nothing here:
// -buildvcs=false, as outside git); where git is at hand, the commit
// printed is HEAD.
func TestVersionsAgree(t *testing.T) {
	toml, meta := releaseOf(t)
	if toml != meta {
		t.Fatalf("FyneApp.toml says %s, the metainfo's newest release %s", toml, meta)
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	flags, err := exec.Command("sh", "scripts/buildinfo.sh").Output()
	if err != nil {
		t.Fatalf("scripts/buildinfo.sh: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "rummage-cli")
	build := exec.Command("go", "build", "-buildvcs=false", "-ldflags", strings.TrimSpace(string(flags)), "-tags", "nogui", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, _, code := runHeadless(t, bin, "--version")
	if want := "rummage v" + toml + " "; code != 0 || !strings.HasPrefix(out, want) {
		t.Fatalf("--version = %q (status %d), want it to start with %q", out, code, want)
	}
	if head, err := exec.Command("git", "rev-parse", "HEAD").Output(); err == nil {
		if want := " commit " + string(head[:12]) + " "; !strings.Contains(out, want) {
			t.Errorf("--version = %q, want %q", out, want)
		}
	}
}
