package ui

import (
	"path/filepath"
	"strings"
)

// nameRoots gives the roots that share a name (two files called level,
// from two folders) row names that tell them apart: the name followed by
// the part of the folder that differs (the parent folder, or more when the
// parents share a name too). Roots with a name of their own, or not on
// disk, show their name alone.
func (m *treeModel) nameRoots() {
	byName := map[string][]*item{}
	for _, uid := range m.roots {
		if it := m.items[uid]; it != nil {
			it.rowName = ""
			key := strings.ToLower(it.name)
			byName[key] = append(byName[key], it)
		}
	}
	for _, same := range byName {
		if len(same) < 2 {
			continue
		}
		dirs := make([]string, len(same))
		for i, it := range same {
			if it.file != nil && it.file.path != "" {
				dirs[i] = filepath.Dir(it.file.path)
			}
		}
		for i, it := range same {
			if where := distinctTail(dirs[i], dirs); where != "" {
				it.rowName = it.name + " — " + where
			}
		}
	}
}

// distinctTail is the shortest tail of folder dir (its last folder, then
// the last two, …) that no other folder in dirs ends with; the whole
// folder when none is shorter, "" for no folder.
func distinctTail(dir string, dirs []string) string {
	if dir == "" {
		return ""
	}
	parts := strings.Split(filepath.ToSlash(dir), "/")
	for n := 1; n <= len(parts); n++ {
		tail := strings.Join(parts[len(parts)-n:], "/")
		clash := false
		seen := false
		for _, d := range dirs {
			if d == "" {
				continue
			}
			if d == dir && !seen {
				seen = true // dir itself (once)
				continue
			}
			ds := filepath.ToSlash(d)
			if ds == tail || strings.HasSuffix(ds, "/"+tail) {
				clash = true
				break
			}
		}
		if !clash {
			return filepath.FromSlash(tail)
		}
	}
	return dir
}
