// Package glbtest lets tests hand the .glb files they write to the Khronos
// glTF validator: when RUMMAGE_GLB_DIR is set (by `make test`), Keep and
// KeepFile copy each file there, and scripts/validate-gltf.sh validates
// every file of that folder afterwards. Without it they do nothing.
package glbtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Env names the folder the files are copied into.
const Env = "RUMMAGE_GLB_DIR"

// Keep copies data, a .glb file a test wrote, into $RUMMAGE_GLB_DIR as
// TEST-NAME-N.glb (N makes it unique).
func Keep(t testing.TB, name string, data []byte) {
	t.Helper()
	dir := os.Getenv(Env)
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("glbtest: %v", err)
	}
	prefix := safe(t.Name() + "-" + strings.TrimSuffix(filepath.Base(name), ".glb"))
	f, err := os.CreateTemp(dir, prefix+"-*.glb")
	if err != nil {
		t.Fatalf("glbtest: %v", err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatalf("glbtest: %v", err)
	}
}

// KeepFile copies the .glb file at path into $RUMMAGE_GLB_DIR (see Keep).
func KeepFile(t testing.TB, path string) {
	t.Helper()
	if os.Getenv(Env) == "" {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("glbtest: %v", err)
	}
	Keep(t, path, data)
}

// safe keeps letters, digits, '-' and '.' of s and makes the rest '_'.
func safe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}
