package main

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCommandLineOnlyBuild builds the static command-line-only binary
// (CGO_ENABLED=0 -tags nogui, what `make cli` builds as rummage-cli) and runs
// its subcommands where there is no display at all.
func TestCommandLineOnlyBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if runtime.GOOS != "linux" {
		t.Skip("checks a Linux ELF binary")
	}
	assertNoGUIDeps(t)
	bin := filepath.Join(t.TempDir(), "rummage-cli")
	build := exec.Command("go", "build", "-tags", "nogui", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags nogui: %v\n%s", err, out)
	}
	assertStatic(t, bin)

	dir := t.TempDir()
	out, e, code := runHeadless(t, bin, "samples", dir)
	if code != 0 || e != "" || !strings.Contains(out, "pc_d3d9.txd") {
		t.Fatalf("samples: exit %d, stderr %q, stdout %q", code, e, out)
	}
	txd := filepath.Join(dir, "pc_d3d9.txd")
	out, e, code = runHeadless(t, bin, "ls", "--json", txd)
	var rows []map[string]any
	if code != 0 || e != "" || json.Unmarshal([]byte(out), &rows) != nil || len(rows) == 0 || rows[0]["path"] != "brick" {
		t.Fatalf("ls --json: exit %d, stderr %q, stdout %.200q", code, e, out)
	}
	out, e, code = runHeadless(t, bin, "info", "--json", txd, "brick")
	var facts map[string]any
	if code != 0 || e != "" || json.Unmarshal([]byte(out), &facts) != nil || facts["kind"] != "texture" {
		t.Fatalf("info --json: exit %d, stderr %q, stdout %.200q", code, e, out)
	}

	exported := t.TempDir()
	out, e, code = runHeadless(t, bin, "export", "--out", exported, txd, "brick")
	if code != 0 || e != "" || strings.TrimSpace(out) != filepath.Join(exported, "brick.png") {
		t.Fatalf("export: exit %d, stderr %q, stdout %q", code, e, out)
	}
	data, err := os.ReadFile(filepath.Join(exported, "brick.png"))
	if err != nil {
		t.Fatal(err)
	}
	if img, err := png.Decode(bytes.NewReader(data)); err != nil || img.Bounds().Dx() != int(facts["width"].(float64)) {
		t.Errorf("exported PNG: %v", err)
	}

	// Asking for the window is a usage error that says why.
	for _, args := range [][]string{nil, {txd}} {
		if _, e, code := runHeadless(t, bin, args...); code != 2 || strings.Count(e, "\n") != 1 || !strings.Contains(e, "this build has no window") ||
			!strings.Contains(e, "build, convert") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line saying there is no window", args, code, e)
		}
	}
}

// runHeadless runs bin in an environment without DISPLAY or WAYLAND_DISPLAY.
func runHeadless(t *testing.T, bin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return o.String(), e.String(), code
}

// assertStatic checks that the ELF binary at path needs no dynamic loader
// and no shared library (libGL, libX11, libc).
func assertStatic(t *testing.T, path string) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("%s has a PT_INTERP header: it is dynamically linked", path)
		}
	}
	libs, err := f.ImportedLibraries()
	if err != nil || len(libs) != 0 {
		t.Errorf("%s needs shared libraries %v (%v)", path, libs, err)
	}
}

// assertNoGUIDeps checks that the nogui build imports no Fyne, GL or cgo.
func assertNoGUIDeps(t *testing.T) {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-tags", "nogui", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps -tags nogui: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "fyne.io/") || strings.HasPrefix(pkg, "github.com/go-gl/gl") ||
			strings.HasPrefix(pkg, "github.com/go-gl/glfw") || pkg == "runtime/cgo" {
			t.Errorf("the nogui build imports %s", pkg)
		}
	}
}
