package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Backups says which copies of the previous file SaveFileWith keeps.
type Backups int

const (
	// BackupFirst keeps NAME.bak: the file as it was before its first save.
	// A NAME.bak that exists already is never replaced, so the untouched
	// original stays on disk however often the file is saved.
	BackupFirst Backups = iota
	// BackupEvery keeps NAME.bak as BackupFirst does and, on every later
	// save, the file it replaces as NAME.bak2, NAME.bak3, …
	BackupEvery
)

// SaveOptions are the choices of SaveFileWith.
type SaveOptions struct {
	Backups Backups
}

// SaveFile is SaveFileWith with the default options (BackupFirst).
func SaveFile(path string, s io.WriterTo) error {
	return SaveFileWith(path, s, SaveOptions{})
}

// SaveFileWith writes s to path atomically: into a temporary file beside
// the target, synced, then the backup is made (completely, under its own
// temporary name) and the temporary file is renamed into place and the
// folder synced. At every moment the target is either the previous file or
// the complete new one; a failure leaves the file, its backups and the
// folder as they were, and the error says what failed. A path that is a
// symbolic link is written through to the file it points at (the link
// stays a link); stale temporary files of an interrupted earlier save of
// the same file are removed first.
func SaveFileWith(path string, s io.WriterTo, o SaveOptions) error {
	target, err := saveTarget(path)
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	removeStaleTemps(target)
	tmp, err := writeTemp(target, s.WriteTo)
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if st, err := os.Stat(target); err == nil {
		os.Chmod(tmp, st.Mode().Perm())
		if err := keepBackup(target, o.Backups); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("save %s: keeping the backup: %w", path, err)
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save %s: %w", path, err)
	}
	syncDir(filepath.Dir(target))
	return nil
}

// saveTarget is the file a save of path replaces: path itself, or the
// file a symbolic link at path points at.
func saveTarget(path string) (string, error) {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, nil
	}
	if err != nil {
		return "", err
	}
	if st.Mode()&fs.ModeSymlink == 0 {
		if !st.Mode().IsRegular() {
			return "", fmt.Errorf("%s is not a regular file", path)
		}
		return path, nil
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", fmt.Errorf("it is a symbolic link to a missing file: %w", err)
	}
	if st, err := os.Stat(real); err != nil || !st.Mode().IsRegular() {
		return "", fmt.Errorf("it is a symbolic link to %s, which is not a regular file", real)
	}
	return real, nil
}

// tempPrefix is how the temporary files of a save of target start; the
// name is hidden and says whose it is, so stale ones can be found.
func tempPrefix(target string) string {
	return "." + filepath.Base(target) + ".rummage-"
}

// writeTemp writes a new temporary file beside target with write, synced
// and closed, and returns its name. The file is locked while it is written,
// so another save can tell it from a stale one. On failure nothing is left.
func writeTemp(target string, write func(io.Writer) (int64, error)) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(target), tempPrefix(target)+"*.tmp")
	if err != nil {
		return "", fmt.Errorf("cannot write in the folder: %w", err)
	}
	lockFile(f)
	name := f.Name()
	_, err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// keepBackup makes the backup of target that the policy asks for: NAME.bak
// when there is none, and with BackupEvery the next free NAME.bakN. It
// never replaces an existing backup.
func keepBackup(target string, b Backups) error {
	bak := target + ".bak"
	if _, err := os.Lstat(bak); err == nil {
		if b != BackupEvery {
			return nil
		}
		bak = nextBackup(target)
	}
	if err := link(target, bak); err == nil {
		return nil
	}
	// No hard links here (another file system, FAT, …): copy under a
	// temporary name, then rename, so no partial backup ever exists.
	tmp, err := writeTemp(target, func(w io.Writer) (int64, error) {
		in, err := os.Open(target)
		if err != nil {
			return 0, err
		}
		defer in.Close()
		return io.Copy(w, in)
	})
	if err != nil {
		return err
	}
	if _, err := os.Lstat(bak); err == nil {
		os.Remove(tmp)
		return fmt.Errorf("%s appeared during the save", bak)
	}
	if err := os.Rename(tmp, bak); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// link makes a hard link; a variable so tests can refuse it as FAT does.
var link = os.Link

// nextBackup is NAME.bakN for the first N ≥ 2 not taken.
func nextBackup(target string) string {
	for n := 2; ; n++ {
		p := target + ".bak" + strconv.Itoa(n)
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return p
		}
	}
}

// IsBackupName reports whether name is a backup SaveFileWith makes
// (NAME.bak, NAME.bak2, …), so folder listings can skip them.
func IsBackupName(name string) bool {
	i := strings.LastIndex(name, ".bak")
	if i <= 0 {
		return false
	}
	n := name[i+len(".bak"):]
	if n == "" {
		return true
	}
	v, err := strconv.Atoi(n)
	return err == nil && v >= 2 && strconv.Itoa(v) == n
}

// removeStaleTemps removes the temporary files an interrupted earlier save
// of target left beside it (those no running save holds locked).
func removeStaleTemps(target string) {
	dir := filepath.Dir(target)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := tempPrefix(target)
	for _, e := range ents {
		if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), prefix) || !strings.HasSuffix(e.Name(), ".tmp") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if f, err := os.OpenFile(p, os.O_RDWR, 0); err == nil {
			if tryLockFile(f) {
				os.Remove(p)
			}
			f.Close()
		}
	}
}

// syncDir makes a rename in dir durable (where the system allows it).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
