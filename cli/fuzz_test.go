package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzArgs checks the flag parser never panics and keeps every plain
// argument.
func FuzzArgs(f *testing.F) {
	for _, s := range []string{"f --json", "--out=d f", "-r -- --json", "--at", "---x", "- f", "--json=true n"} {
		f.Add(s)
	}
	spec := map[string]bool{"json": false, "r": false, "out": true, "at": true}
	f.Fuzz(func(t *testing.T, line string) {
		list := strings.Fields(line)
		a, err := parseArgs(list, spec)
		if err != nil {
			return
		}
		for _, p := range a.pos {
			if !strings.Contains(line, p) {
				t.Fatalf("positional %q not in the input", p)
			}
		}
	})
}

// FuzzNodePath runs ls and info on arbitrary node paths and on arbitrary
// file bytes: the status is 0 or 1, a failure is one line, never a panic.
func FuzzNodePath(f *testing.F) {
	file, data := fixture(f)
	nfile, ndata := nresFixture(f)
	for _, s := range []string{"", "Sub", "sub/WATER", "dup@2", "@4", "bad", "Sub/x/y", "//", "a@-1", "Inner.lib/stream@1"} {
		f.Add(s, data[:len(data)/2])
	}
	f.Add("Readme.txt", ndata)
	f.Add("", ndata[:len(ndata)-7])
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, node string, content []byte) {
		p := filepath.Join(dir, "fuzz.bin")
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Lstat(node); err == nil && node != "" {
			// A word naming a file or folder on disk is a FILE, not a
			// NODE (docs/cli.md, "Node paths"): "//" would list
			// the whole file system.
			return
		}
		for _, args := range [][]string{
			{"ls", "--json", "-r", "--", file, node},
			{"info", "--", file, node},
			{"info", "--json", "--", nfile, node},
			{"ls", "-r", p},
			{"info", "--json", "--", p, node},
			{"export", "--out", filepath.Join(dir, "out"), "--", p},
			{"export", "--all-mips", "--out", filepath.Join(dir, "out"), "--", file, node},
		} {
			code, _, errs := run(t, args...)
			switch code {
			case 0:
			case 1:
				// One line per failure (export reports each failed node).
				lines := strings.SplitAfter(errs, "\n")
				if args[0] != "export" && len(lines) > 2 {
					t.Fatalf("%q: stderr is not one line: %q", args, errs)
				}
				for _, l := range lines[:len(lines)-1] {
					if !errLineRE.MatchString(l) {
						t.Fatalf("%q: stderr line is not an error line: %q", args, l)
					}
				}
			default:
				t.Fatalf("%q: status %d: %q", args, code, errs)
			}
		}
		os.RemoveAll(filepath.Join(dir, "out"))
	})
}
