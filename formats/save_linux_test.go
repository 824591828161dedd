package formats

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSaveBackupCopyOnFullDisk refuses hard links (as FAT does) on a
// 1 MiB tmpfs: the backup copy runs out of space, and the file, the older
// backup and the folder stay as they were.
func TestSaveBackupCopyOnFullDisk(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=1m"); err != nil {
		t.Skip("cannot mount a small tmpfs here:", err)
	}
	defer syscall.Unmount(dir, 0)
	link = func(string, string) error { return errors.New("hard links not supported") }
	defer func() { link = os.Link }()
	p := filepath.Join(dir, "big.img")
	orig := bytes.Repeat([]byte{1}, 400<<10)
	os.WriteFile(p, orig, 0o644)
	os.WriteFile(p+".bak", []byte("older"), 0o644)
	err := SaveFileWith(p, content(bytes.Repeat([]byte{2}, 300<<10)), SaveOptions{Backups: BackupEvery})
	if err == nil || !strings.Contains(err.Error(), "keeping the backup") {
		t.Fatalf("error %v, want the backup to fail", err)
	}
	if !bytes.Equal(mustRead(t, p), orig) || string(mustRead(t, p+".bak")) != "older" {
		t.Error("the file or its older backup changed")
	}
	if got := folderNames(t, dir); got != "big.img big.img.bak" {
		t.Errorf("folder after a full disk: %s", got)
	}
}
