package cli

import (
	"io/fs"
	"os"
	"path/filepath"
)

// MemoryLimit is the soft memory limit of the command cmd with arguments
// args: 64 MB plus 8 times the bytes of the files (and folders' files) the
// command reads. It is a target for the garbage collector, not a cap: what
// a command keeps is bounded by the formats' own budgets.
//
// Only words the command reads as files count: a NODE path is never
// looked up on disk (`render FILE /` must not walk the file system), and a
// command line that does not parse counts nothing.
func MemoryLimit(cmd string, args []string) int64 {
	var total int64
	for _, p := range inputWords(cmd, args) {
		total += inputBytes(p)
	}
	return 64<<20 + 8*total
}

// inputWords are the words of a command line that name files or folders
// the command reads: its FILEs (not its NODEs) and the values of the flags
// that name side files.
func inputWords(cmd string, list []string) []string {
	c, ok := commands[cmd]
	if !ok {
		return nil
	}
	a, err := parseArgs(list, c.flags)
	if err != nil || len(a.pos) == 0 {
		return nil
	}
	var words []string
	for _, f := range []string{"materials", "geom", "txd"} {
		words = append(words, a.all[f]...)
	}
	switch cmd {
	case "ls", "info", "export":
		if single(a.pos) {
			return append(words, a.pos[0])
		}
		return append(words, a.pos...)
	case "render":
		return append(words, a.pos[0])
	case "build", "convert":
		return append(words, a.pos[1:]...) // after "txd" or "img"
	}
	return words
}

// inputBytes is the size of the file at p, or of every regular file in
// the folder p; 0 when p cannot be read.
func inputBytes(p string) int64 {
	st, err := os.Stat(p)
	switch {
	case err != nil:
		return 0
	case st.Mode().IsRegular():
		return st.Size()
	case !st.IsDir():
		return 0
	}
	var total int64
	filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	return total
}
