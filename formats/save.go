package formats

import (
	"fmt"
	"os"
	"path/filepath"
)

// SaveFile writes s to path safely: into a temporary file beside it, synced,
// then the previous file is kept as path+".bak" and the new one renamed into
// place. The original is untouched if anything fails before the rename.
func SaveFile(path string, s Saver) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	tmpName := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmpName)
		return fmt.Errorf("save %s: %w", path, err)
	}
	if _, err := s.WriteTo(tmp); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmpName)
		return fmt.Errorf("save %s: %w", path, err)
	}
	if st, err := os.Stat(path); err == nil {
		os.Chmod(tmpName, st.Mode().Perm())
		bak := path + ".bak"
		os.Remove(bak)
		if err := os.Link(path, bak); err != nil {
			if err := copyFile(path, bak); err != nil {
				os.Remove(tmpName)
				return fmt.Errorf("save %s: keeping the backup: %w", path, err)
			}
		}
	}
	if err := os.Rename(tmpName, path); err != nil {
		os.Remove(tmpName)
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}
