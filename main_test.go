package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildBinary builds the real rummage binary once for the tests below.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "rummage")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func run(t *testing.T, bin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	// A locale Fyne cannot parse must not make it print anything in CLI mode.
	cmd.Env = append(os.Environ(), "LANG=C", "DISPLAY=")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return o.String(), e.String(), code
}

// TestBinaryCLIContract runs the real binary as an outside script would:
// no display, only its own output, the documented exit codes.
func TestBinaryCLIContract(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	if _, e, code := run(t, bin, "samples", dir); code != 0 || e != "" {
		t.Fatalf("samples: exit %d, stderr %q", code, e)
	}
	files, _ := os.ReadDir(dir)
	if len(files) == 0 {
		t.Fatal("samples wrote no files")
	}
	for _, f := range files {
		p := filepath.Join(dir, f.Name())
		o, e, code := run(t, bin, "ls", "--json", "-r", p)
		if code != 0 || e != "" {
			t.Fatalf("ls %s: exit %d, stderr %q", f.Name(), code, e)
		}
		var rows []map[string]any
		if err := json.Unmarshal([]byte(o), &rows); err != nil {
			t.Fatalf("ls %s: not a JSON array: %v", f.Name(), err)
		}
		for _, r := range rows {
			for _, k := range []string{"path", "name", "kind", "type", "size", "offset", "children"} {
				if _, ok := r[k]; !ok {
					t.Fatalf("ls %s: row %v lacks %q", f.Name(), r, k)
				}
			}
		}
		o, e, code = run(t, bin, "info", "--json", p)
		var obj map[string]any
		if code != 0 || e != "" || json.Unmarshal([]byte(o), &obj) != nil || obj["kind"] == nil {
			t.Fatalf("info %s: exit %d, stderr %q, stdout %.200q", f.Name(), code, e, o)
		}
	}

	garbage := filepath.Join(dir, "garbage.lib")
	os.WriteFile(garbage, []byte("NRes\x00\x01\x00\x00\x05\x00\x00\x00\xff\xff\x00\x00junk"), 0o644)
	_, e, code := run(t, bin, "ls", garbage)
	if code != 1 || strings.Count(e, "\n") != 1 || !strings.Contains(e, "garbage.lib") || !strings.Contains(e, "offset") {
		t.Fatalf("garbage: exit %d, stderr %q; want 1 and one line naming the file and offset", code, e)
	}
	if strings.Contains(e, "goroutine") || strings.Contains(e, "panic") {
		t.Fatalf("garbage: stderr has a trace: %q", e)
	}
	_, e, code = run(t, bin, "ls")
	if code != 2 || e == "" {
		t.Fatalf("usage: exit %d, stderr %q; want 2 and a message", code, e)
	}
}

// TestBinaryIdentity checks --version against the build information the
// go tool stamped into the binary, and that a mistyped command is a usage
// error rather than a window.
func TestBinaryIdentity(t *testing.T) {
	bin := buildBinary(t)
	out, e, code := run(t, bin, "--version")
	if code != 0 || e != "" || !strings.HasPrefix(out, "rummage ") {
		t.Fatalf("--version: exit %d, stderr %q, stdout %q", code, e, out)
	}
	meta, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(meta), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) >= 3 && f[0] == "mod" && !strings.Contains(out, " "+f[2]+" "):
			t.Errorf("--version %q lacks the module version %s", out, f[2])
		case len(f) == 2 && strings.HasPrefix(f[1], "vcs.revision=") && !strings.Contains(out, strings.TrimPrefix(f[1], "vcs.revision=")[:12]):
			t.Errorf("--version %q lacks the commit of %s", out, f[1])
		}
	}
	for _, args := range [][]string{{"frobnicate"}, {"lss", "x.txd"}} {
		_, e, code := run(t, bin, args...)
		if code != 2 || strings.Count(e, "\n") != 1 || !strings.Contains(e, "neither a command nor a file") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line", args, code, e)
		}
	}
	// Registering file types is the Windows window's: here it says where
	// Linux registers them.
	for _, flag := range []string{"--register-types", "--unregister-types"} {
		o, e, code := run(t, bin, flag)
		if code != 2 || o != "" || strings.Count(e, "\n") != 1 || !strings.Contains(e, "make install") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and where Linux registers types", flag, code, o, e)
		}
	}
}
