package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// content is a Saver writing fixed bytes, in chunks like a real writer.
type content []byte

func (c content) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for b := []byte(c); len(b) > 0; {
		k, err := w.Write(b[:min(len(b), 64<<10)])
		n += int64(k)
		if err != nil {
			return n, err
		}
		b = b[k:]
	}
	return n, nil
}

// failing writes a little, then fails like a full disk.
type failing struct{}

func (failing) WriteTo(w io.Writer) (int64, error) {
	w.Write([]byte("partial"))
	return 7, errors.New("no space left on device")
}

func folderNames(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSaveKeepsFirstOriginal(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.lib")
	orig := []byte("the untouched original")
	os.WriteFile(p, orig, 0o640)
	for i := 1; i <= 3; i++ {
		if err := SaveFile(p, content(fmt.Sprintf("version %d", i))); err != nil {
			t.Fatal(err)
		}
	}
	if got := mustRead(t, p+".bak"); !bytes.Equal(got, orig) {
		t.Errorf("game.lib.bak = %q after three saves, want the original", got)
	}
	if got := mustRead(t, p); string(got) != "version 3" {
		t.Errorf("game.lib = %q", got)
	}
	if got := folderNames(t, dir); got != "game.lib game.lib.bak" {
		t.Errorf("folder: %s", got)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the original's 0640", st.Mode().Perm())
	}
}

func TestSaveEveryKeepsNumberedBackups(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txd")
	os.WriteFile(p, []byte("v0"), 0o644)
	for i := 1; i <= 3; i++ {
		if err := SaveFileWith(p, content(fmt.Sprintf("v%d", i)), SaveOptions{Backups: BackupEvery}); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]string{"a.txd": "v3", "a.txd.bak": "v0", "a.txd.bak2": "v1", "a.txd.bak3": "v2"} {
		if got := mustRead(t, filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if got := folderNames(t, dir); got != "a.txd a.txd.bak a.txd.bak2 a.txd.bak3" {
		t.Errorf("folder: %s", got)
	}
}

func TestIsBackupName(t *testing.T) {
	for name, want := range map[string]bool{"a.lib.bak": true, "a.lib.bak2": true, "a.lib.bak17": true,
		"a.lib": false, "a.lib.bak1": false, "a.lib.bak02": false, ".bak": false, "a.bakery": false, "bak": false} {
		if IsBackupName(name) != want {
			t.Errorf("IsBackupName(%q) = %v", name, !want)
		}
	}
}

func TestSaveFailureLeavesEverything(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.lib")
	os.WriteFile(p, []byte("orig"), 0o644)
	os.WriteFile(p+".bak", []byte("older"), 0o644)
	err := SaveFile(p, failing{})
	if err == nil || !strings.Contains(err.Error(), "no space left") || !strings.Contains(err.Error(), p) {
		t.Fatalf("error %v, want one naming the file and the cause", err)
	}
	if string(mustRead(t, p)) != "orig" || string(mustRead(t, p+".bak")) != "older" {
		t.Error("a failed save changed the file or its backup")
	}
	if got := folderNames(t, dir); got != "x.lib x.lib.bak" {
		t.Errorf("folder after a failed save: %s", got)
	}
}

func TestSaveMissingFolder(t *testing.T) {
	p := filepath.Join(t.TempDir(), "gone", "x.lib")
	if err := SaveFile(p, content("x")); err == nil || !strings.Contains(err.Error(), "cannot write in the folder") {
		t.Errorf("error %v", err)
	}
}

func TestSaveReadOnlyFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "x.lib")
	os.WriteFile(p, []byte("orig"), 0o644)
	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	if err := SaveFile(p, content("new")); err == nil || !strings.Contains(err.Error(), "cannot write in the folder") {
		t.Errorf("error %v", err)
	}
	if string(mustRead(t, p)) != "orig" {
		t.Error("file changed")
	}
}

func TestSaveThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "data", "real.lib")
	os.Mkdir(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte("orig"), 0o644)
	link := filepath.Join(dir, "link.lib")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	if err := SaveFile(link, content("new")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if string(mustRead(t, real)) != "new" || string(mustRead(t, real+".bak")) != "orig" {
		t.Error("the save did not go through to the link's target with its backup beside it")
	}
	dangling := filepath.Join(dir, "dangling.lib")
	os.Symlink(filepath.Join(dir, "nowhere"), dangling)
	if err := SaveFile(dangling, content("x")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("dangling link: %v", err)
	}
}

// TestSaveKilled kills a child process in the middle of saving, many times
// at random moments: the file is always the original or the complete new
// one, the backup is absent or the original, and the next save removes the
// temporary files the killed ones left.
func TestSaveKilled(t *testing.T) {
	if p := os.Getenv("RUMMAGE_SAVE_CHILD"); p != "" {
		if err := SaveFile(p, content(newBytes())); err != nil {
			os.Exit(3)
		}
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("kills child processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "victim.lib")
	orig := bytes.Repeat([]byte("original"), 1<<20)
	full := saveChild(t, exe, p, orig, -1) // a whole save, to time the rest
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 30; i++ {
		saveChild(t, exe, p, orig, time.Duration(rng.Int63n(int64(full)+1)))
		got := mustRead(t, p)
		if !bytes.Equal(got, orig) && !bytes.Equal(got, newBytes()) {
			t.Fatalf("trial %d: the file is neither the original nor the new one (%d bytes)", i, len(got))
		}
		if b, err := os.ReadFile(p + ".bak"); err == nil && !bytes.Equal(b, orig) {
			t.Fatalf("trial %d: the backup is not the original", i)
		}
	}
	os.Remove(p + ".bak")
	if err := SaveFile(p, content("clean")); err != nil {
		t.Fatal(err)
	}
	if got := folderNames(t, dir); got != "victim.lib victim.lib.bak" {
		t.Errorf("stale temporary files were not removed: %s", got)
	}
}

func newBytes() []byte { return bytes.Repeat([]byte("NEW!"), 3<<20) }

// saveChild restores orig at p, runs a child saving p and kills it after
// kill (never when kill < 0); it returns how long the child ran.
func saveChild(t *testing.T, exe, p string, orig []byte, kill time.Duration) time.Duration {
	t.Helper()
	os.Remove(p + ".bak")
	if err := os.WriteFile(p, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestSaveKilled$")
	cmd.Env = append(os.Environ(), "RUMMAGE_SAVE_CHILD="+p)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if kill >= 0 {
		time.AfterFunc(kill, func() { cmd.Process.Signal(syscall.SIGKILL) })
	}
	err := cmd.Wait()
	if kill < 0 && err != nil {
		t.Fatalf("child save: %v", err)
	}
	return time.Since(start)
}

// TestSaveNewRefuses: SaveOptions.New never replaces a file.
func TestSaveNewRefuses(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.img")
	os.WriteFile(p, []byte("mine"), 0o644)
	err := SaveFileWith(p, content("new"), SaveOptions{New: true})
	if !errors.Is(err, fs.ErrExist) {
		t.Errorf("error %v, want fs.ErrExist", err)
	}
	if string(mustRead(t, p)) != "mine" || folderNames(t, dir) != "out.img" {
		t.Errorf("the file or the folder changed: %s", folderNames(t, dir))
	}
}
