package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder opens without the backups a save keeps.
func TestFolderSkipsBackups(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.lib", "a.lib.bak", "a.lib.bak2", "a.lib.bak10", "b.bakery"} {
		os.WriteFile(filepath.Join(dir, name), nil, 0o644)
	}
	var names []string
	for _, tg := range expandPaths(context.Background(), []string{dir}) {
		names = append(names, tg.name)
	}
	if got := strings.Join(names, ","); got != "a.lib,b.bakery" {
		t.Errorf("opened %s", got)
	}
}
