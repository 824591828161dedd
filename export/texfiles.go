package export

import (
	"strings"
	"sync"
)

// texFiles names the textures that OBJ jobs write beside their OBJ files
// after the textures' own names, for all the jobs of a run at once: a
// texture named NAME is NAME.png in its OBJ's folder, NAME_2.png,
// NAME_3.png, … when that name holds other pixels already (another
// texture of the same name), is a file another job of the plan writes, or
// is a file on disk the export may not replace. The same pixels under the
// same name in the same folder are one file, shared by every OBJ there.
type texFiles struct {
	mu      sync.Mutex
	written map[string][32]byte // lower-case path → the digest of the pixels it holds
	names   *namer              // the plan's claims (read only)
}

func newTexFiles(names *namer) *texFiles {
	return &texFiles{written: map[string][32]byte{}, names: names}
}

// claim returns the path in dir (slash-separated, relative; "" is the
// output folder) that t is written to and whether it is new (the caller
// writes it) or holds t already. blocked reports a file in the way on
// disk.
func (f *texFiles) claim(dir string, t Texture, blocked func(rel string) bool) (rel string, fresh bool) {
	base := SafeName(objName(t.Name))
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := 1; ; i++ {
		rel = candidate(dir, base, i) + ".png"
		key := strings.ToLower(rel)
		if had, ok := f.written[key]; ok {
			if had == t.sum {
				return rel, false
			}
			continue
		}
		if f.names != nil && f.names.taken([]string{rel}) || blocked(rel) {
			continue
		}
		f.written[key] = t.sum
		return rel, true
	}
}
