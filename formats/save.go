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

	"rummage/internal/atomicfile"
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
	// New refuses to replace an existing file (an error matching
	// fs.ErrExist, nothing written): for a command's output without
	// --overwrite. The refusal holds even when the file appears while the
	// new one is being written.
	New bool
}

// SaveFile is SaveFileWith with the default options (BackupFirst).
func SaveFile(path string, s io.WriterTo) error {
	return SaveFileWith(path, s, SaveOptions{})
}

// SaveFileWith writes s to path atomically (internal/atomicfile): the new
// file is written beside the target, unnamed where the system allows it,
// synced; then the backup is made (completely, under its own temporary
// name) and the file put in place and the folder synced. At every moment
// the target is either the previous file or the complete new one; a
// failure leaves the file, its backups and the folder as they were, and
// the error says what failed. A replaced file keeps its permission bits; a
// new one gets 0666 less the umask. A path that is a symbolic link is
// written through to the file it points at (the link stays a link);
// temporary files that interrupted earlier writes left beside it are
// removed first.
func SaveFileWith(path string, s io.WriterTo, o SaveOptions) error {
	target, err := saveTarget(path)
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	opts := atomicfile.Options{Policy: atomicfile.Replace, Sync: true}
	if o.New {
		opts.Policy = atomicfile.NoReplace
	} else if _, err := os.Stat(target); err == nil {
		opts.BeforePlace = func() error {
			if err := keepBackup(target, o.Backups); err != nil {
				return fmt.Errorf("keeping the backup: %w", err)
			}
			return nil
		}
	}
	err = atomicfile.Write(target, opts, func(w io.Writer) error {
		_, err := s.WriteTo(w)
		return err
	})
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
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
	// No hard links here (another file system, FAT, …): copy, never over
	// a backup that appeared meanwhile, so no partial backup ever exists.
	opts := atomicfile.Options{Sync: true}
	if st, err := os.Stat(target); err == nil {
		opts.Mode = st.Mode().Perm()
	}
	err := atomicfile.Write(bak, opts, func(w io.Writer) error {
		in, err := os.Open(target)
		if err != nil {
			return err
		}
		defer in.Close()
		_, err = io.Copy(w, in)
		return err
	})
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s appeared during the save", bak)
	}
	return err
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
