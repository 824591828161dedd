package export

import (
	"path"
	"sync"

	"rummage/internal/atomicfile"
)

// heldFolders keeps each output folder open while the jobs that write into
// it run (a TXD's textures go into one folder), so that a file costs only
// its own open, write, link and close. A folder is closed after its last
// job; at most about one per worker is open at a time.
type heldFolders struct {
	mu   sync.Mutex
	out  *outDir
	left map[string]int             // jobs not yet done per folder
	open map[string]*atomicfile.Dir // folders opened so far
}

// newHeldFolders counts the jobs of each folder (that of a job's first
// file: all its files go there).
func newHeldFolders(o *outDir, jobs []Job) *heldFolders {
	h := &heldFolders{out: o, left: map[string]int{}, open: map[string]*atomicfile.Dir{}}
	for _, j := range jobs {
		for _, rel := range j.folders() {
			h.left[rel]++
		}
	}
	return h
}

// folders lists the output folder of each job j stands for: its own, or
// one per job of a file job (which writes them one after the other).
func (j Job) folders() []string {
	if j.file == nil {
		return []string{path.Dir(j.Files[0])}
	}
	dirs := make([]string, len(j.jobs))
	for i, k := range j.jobs {
		dirs[i] = path.Dir(k.Files[0])
	}
	return dirs
}

// get returns the open folder rel, or nil when rel has no jobs counted or
// cannot be opened (the write then opens the folder itself and reports
// what is wrong).
func (h *heldFolders) get(rel string) *atomicfile.Dir {
	h.mu.Lock()
	defer h.mu.Unlock()
	if d := h.open[rel]; d != nil {
		return d
	}
	if h.left[rel] == 0 {
		return nil
	}
	d, err := atomicfile.OpenInRoot(h.out.root, rel)
	if err != nil {
		return nil
	}
	h.open[rel] = d
	return d
}

// done counts a job of folder rel as finished and closes the folder after
// its last.
func (h *heldFolders) done(rel string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.left[rel]--
	if d := h.open[rel]; d != nil && h.left[rel] <= 0 {
		d.Close()
		delete(h.open, rel)
	}
}

// closeAll closes the folders still open (jobs left out by a cancel).
func (h *heldFolders) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for rel, d := range h.open {
		d.Close()
		delete(h.open, rel)
	}
}
