package atomicfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// StaleAge is how old a temporary file of a finished process must be
// before CleanStale removes it where no lock says whether it is in use.
const StaleAge = time.Hour

// CleanStale removes the temporary files (.NAME.rummage-PID-SEQ.tmp) that
// writers killed while writing left in d: those whose process is gone and
// that are older than StaleAge, and, where files can be locked, at once
// those no process holds locked and whose process is gone.
func (d *Dir) CleanStale() {
	f, err := d.root.Open(d.rel)
	if err != nil {
		return
	}
	names, _ := f.Readdirnames(-1)
	f.Close()
	for _, n := range names {
		pid, ok := tempPID(n)
		if !ok {
			continue
		}
		d.removeIfStale(n, pid)
	}
}

// removeIfStale removes the temporary file n of process pid when no
// running writer can own it.
func (d *Dir) removeIfStale(n string, pid int) {
	p := d.join(n)
	st, err := d.root.Lstat(p)
	if err != nil || !st.Mode().IsRegular() {
		return
	}
	old := time.Since(st.ModTime()) > StaleAge
	gone := pid != os.Getpid() && !processAlive(pid)
	f, err := d.root.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		return
	}
	defer f.Close()
	free, known := tryLockFile(f)
	if known && !free {
		return // a running writer holds it
	}
	// Where locks tell (known), an unlocked file is nobody's once its
	// process is gone or it is old; elsewhere both must hold.
	if known && (gone || old) || gone && old {
		d.root.Remove(p)
	}
}

// tempPID reads the process id from a temporary name
// .NAME.rummage-PID-SEQ.tmp.
func tempPID(n string) (int, bool) {
	if !strings.HasPrefix(n, ".") || !strings.HasSuffix(n, tempExt) {
		return 0, false
	}
	i := strings.LastIndex(n, tempMark)
	if i < 0 {
		return 0, false
	}
	rest := strings.TrimSuffix(n[i+len(tempMark):], tempExt)
	pid, sq, ok := strings.Cut(rest, "-")
	if !ok || !digits(sq) || !digits(pid) {
		return 0, false
	}
	v, err := strconv.Atoi(pid)
	return v, err == nil && v > 0
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// CleanStaleIn removes the stale temporary files in the folder at path
// (see CleanStale), once per process and folder: the window calls it for
// the folders of the files it opens, where an interrupted save of an
// earlier session may have left one.
func CleanStaleIn(path string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return
	}
	if _, done := cleaned.LoadOrStore(abs, true); done {
		return
	}
	if d, err := OpenDir(abs); err == nil {
		d.CleanStale()
		d.Close()
	}
}
