package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"rummage/samples"
)

// step is one command on a hostile input and what must hold after it.
type step struct {
	name   string        // the input ("item5-big-level")
	cmd    string        // shown in the table ("ls", "export", "build txd", …)
	args   []string      // the command line after the binary
	input  int64         // bytes of every file the command reads
	unpack int64         // unpacked size of the largest compressed chunk its answer needs
	status int           // the exit status wanted; anyStatus: 0 or 1
	stderr string        // a regular expression the error output must match ("" any)
	stdout string        // a regular expression the output must match ("" any)
	check  func() string // a check after the run: "" or what is wrong
	kills  int           // > 0: also run this many times, killed at random moments
	// tight, when > 0, is a limit tighter than the budget the peak must
	// stay under (a command that reads headers only).
	tight int64
}

const anyStatus = -1

// sizeOf is the total size of the regular files at paths (files a folder
// holds included).
func sizeOf(paths ...string) int64 {
	var n int64
	for _, p := range paths {
		filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if st, err := d.Info(); err == nil {
					n += st.Size()
				}
			}
			return nil
		})
	}
	return n
}

// round2 are the cases of issue 23, item by item.
func round2(dir string, quick bool) []step {
	j := func(p ...string) string { return filepath.Join(append([]string{dir}, p...)...) }
	for _, out := range []string{"out-odd", "out-images", "out-biglevel", "out-kill", "out-modes", "out-broken"} {
		os.MkdirAll(j(out), 0o755) // build, convert and render write into a folder that exists
	}
	var s []step
	s = append(s, dotSteps(j)...)
	s = append(s, refuseSteps(j)...)
	s = append(s, buildInputSteps(j)...)
	s = append(s, imageSteps(j, quick)...)
	s = append(s, levelSteps(j)...)
	s = append(s, killSteps(j, quick)...)
	s = append(s, modeSteps(j)...)
	s = append(s, brokenSteps(j)...)
	return append(s, offsetSteps(j)...)
}

// noDotfiles checks that nothing under out but keep starts with a dot.
func noDotfiles(out string, keep ...string) func() string {
	return func() string {
		var bad []string
		filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err == nil && p != out && strings.HasPrefix(d.Name(), ".") && !contains(keep, d.Name()) {
				bad = append(bad, d.Name())
			}
			return nil
		})
		if b, _ := os.ReadFile(filepath.Join(out, ".bashrc")); string(b) != "mine" {
			bad = append(bad, ".bashrc replaced")
		}
		if len(bad) > 0 {
			return "dotfiles written: " + strings.Join(bad, " ")
		}
		return ""
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// item 1: dotfiles are never written, with or without --overwrite.
func dotSteps(j func(...string) string) []step {
	in, out := j("dots", "evil.lib"), j("out-dots")
	return []step{
		{name: "item1-dotfiles", cmd: "export", args: []string{"export", "--out", out, in}, input: sizeOf(in), check: noDotfiles(out, ".bashrc")},
		{name: "item1-dotfiles", cmd: "export -f", args: []string{"export", "--overwrite", "--out", out, in}, input: sizeOf(in), check: noDotfiles(out, ".bashrc")},
	}
}

// unchanged checks that file still holds "mine".
func unchanged(file string) func() string {
	return func() string {
		if b, _ := os.ReadFile(file); string(b) != "mine" {
			return file + " was replaced"
		}
		return ""
	}
}

// item 2: no overwrite without asking.
func refuseSteps(j func(...string) string) []step {
	png, lvl := j("out-render", "x.png"), j("samples", "xray_level_v4")
	fs := samples.Files()
	last := j("out-samples", fs[len(fs)-1].Name)
	onlyLast := func() string {
		if ents, _ := os.ReadDir(j("out-samples")); len(ents) != 1 {
			return fmt.Sprintf("a refused samples run wrote %d files", len(ents)-1)
		}
		return unchanged(last)()
	}
	return []step{
		{name: "item2-render-existing", cmd: "render", args: []string{"render", "--out", png, lvl, "visuals/0"}, input: sizeOf(lvl),
			status: 1, stderr: regexp.QuoteMeta(png) + ".*--overwrite", check: unchanged(png)},
		{name: "item2-samples-existing", cmd: "samples", args: []string{"samples", j("out-samples")},
			status: 1, stderr: regexp.QuoteMeta(last) + ".*--overwrite", check: onlyLast},
	}
}

// item 3: build inputs are bounded like side files.
func buildInputSteps(j func(...string) string) []step {
	out := j("out-odd", "x")
	return []step{
		{name: "item3-fifo-input", cmd: "build txd", args: []string{"build", "txd", "--platform", "d3d9", "--out", out, j("odd", "pipe.png")}, status: 1, stderr: "is a FIFO"},
		{name: "item3-dev-zero", cmd: "build txd", args: []string{"build", "txd", "--platform", "d3d9", "--out", out, j("odd", "zero.png")}, status: 1, stderr: "is a device"},
		{name: "item3-fifo-input", cmd: "build img", args: []string{"build", "img", "--out", out, j("odd", "pipe.png")}, status: 1, stderr: "is a FIFO"},
		{name: "item3-dev-zero", cmd: "build img", args: []string{"build", "img", "--out", out, j("odd", "zero.png")}, status: 1, stderr: "is a device"},
		{name: "item3-fifo-input", cmd: "convert", args: []string{"convert", "txd", "--platform", "ps2", "--out", out, j("odd", "pipe.png")}, status: 1, stderr: "is a FIFO"},
		{name: "item3-folder-without-txds", cmd: "convert", args: []string{"convert", "txd", "--platform", "ps2", "--out", out, j("odd", "folder.txd")}, status: 1, stderr: "no .txd file in the folder"},
	}
}

// item 4: image decoding within the budget.
func imageSteps(j func(...string) string, quick bool) []step {
	out := j("out-images", "x.txd")
	build := func(name, folder, format, want string) step {
		in := j("images", folder)
		return step{name: name, cmd: "build txd", args: []string{"build", "txd", "--platform", "d3d9", "--format", format, "--out", out, in},
			input: sizeOf(in), status: 1, stderr: want}
	}
	resized := build("item4-png-16384-resized", "huge", "auto", `huge\.png: the PNG header claims 16384×16384 pixels: building it needs about`)
	resized.args = append([]string{"build", "txd", "--resize", "max"}, resized.args[2:]...)
	s := []step{
		build("item4-png-16384", "huge", "auto", `huge\.png: the PNG header claims 16384×16384 pixels`),
		build("item4-png-4096-8888", "big", "8888", `big\.png: the PNG header claims 4096×4096 pixels: building it as 8888 needs about`),
		resized,
	}
	if !quick {
		s = append(s, build("item4-real-flat-4096", "flat", "8888", `flat\.png: the PNG header claims 4096×4096`))
	}
	return s
}

// items 5 and 6: unpacking and side files within the budget.
func levelSteps(j func(...string) string) []step {
	big, out := j("biglevel", "level"), j("out-biglevel")
	unpack := int64(bigLevelMB)<<20 + 1<<20
	in := sizeOf(big)
	sp := j("sparse", "level")
	return []step{
		{name: "item5-big-level", cmd: "ls", args: []string{"ls", "-r", "--json", big}, input: in, unpack: unpack},
		{name: "item5-big-level", cmd: "info", args: []string{"info", "--json", big}, input: in, unpack: unpack},
		{name: "item5-big-level", cmd: "export", args: []string{"export", "--out", out, big}, input: in, unpack: unpack},
		{name: "item5-big-level", cmd: "render", args: []string{"render", "--overwrite", "--size", "200x150", "--out", j("out-biglevel", "x.png"), big, "visuals/0"}, input: in, unpack: unpack},
		{name: "item6-sparse-geom", cmd: "info", args: []string{"info", "--json", sp}, input: sizeOf(j("sparse")), tight: 64 << 20},
		{name: "item6-sparse-geom", cmd: "ls", args: []string{"ls", "-r", "--json", sp}, input: sizeOf(j("sparse")), tight: 64 << 20},
	}
}

// item 7: nothing left behind by a kill -9.
func killSteps(j func(...string) string, quick bool) []step {
	kills := 12
	if quick {
		kills = 4
	}
	k := func(p ...string) string { return j(append([]string{"kill"}, p...)...) }
	out := j("out-kill")
	return []step{
		{name: "item7-kill", cmd: "build img", args: []string{"build", "img", "--overwrite", "--out", filepath.Join(out, "x.img"), k("files")}, input: sizeOf(k("files")), kills: kills, check: noTemps(out)},
		{name: "item7-kill", cmd: "build txd", args: []string{"build", "txd", "--overwrite", "--platform", "d3d9", "--format", "8888", "--out", filepath.Join(out, "x.txd"), k("images")}, input: sizeOf(k("images")), kills: kills, check: noTemps(out)},
		{name: "item7-kill", cmd: "convert", args: []string{"convert", "txd", "--overwrite", "--platform", "ps2", "--out", filepath.Join(out, "y.txd"), k("three.txd")}, input: sizeOf(k("three.txd")), kills: kills, check: noTemps(out)},
		{name: "item7-kill", cmd: "export", args: []string{"export", "--overwrite", "--out", filepath.Join(out, "png"), k("three.txd")}, input: sizeOf(k("three.txd")), kills: kills, check: noTemps(filepath.Join(out, "png"))},
	}
}

// noTemps checks that no temporary file of a writer is in out.
func noTemps(out string) func() string {
	return func() string {
		ents, _ := os.ReadDir(out)
		for _, e := range ents {
			if strings.Contains(e.Name(), ".rummage-") {
				return "temporary file left: " + e.Name()
			}
		}
		return ""
	}
}

// item 8: normal modes for new files, the old mode for replaced ones.
func modeSteps(j func(...string) string) []step {
	out := j("out-modes", "x.img")
	mask := syscall.Umask(0)
	syscall.Umask(mask)
	mode := func(want os.FileMode) func() string {
		return func() string {
			st, err := os.Stat(out)
			if err != nil {
				return err.Error()
			}
			if st.Mode().Perm() != want {
				return fmt.Sprintf("mode %v, want %v", st.Mode().Perm(), want)
			}
			os.Chmod(out, 0o640) // for the next step
			return ""
		}
	}
	in := j("broken", "nested.lib")
	return []step{
		{name: "item8-new-mode", cmd: "build img", args: []string{"build", "img", "--out", out, in}, input: sizeOf(in), check: mode(0o666 &^ os.FileMode(mask))},
		{name: "item8-kept-mode", cmd: "build img", args: []string{"build", "img", "--overwrite", "--out", out, in}, input: sizeOf(in), check: mode(0o640)},
	}
}

// item 9: broken data is never success.
func brokenSteps(j func(...string) string) []step {
	nested, hole, odd, v1 := j("broken", "nested.lib"), j("broken", "hole", "level"), j("broken", "odd.txd"), j("broken", "v1", "gta3.img")
	txdOut := j("out-broken", "odd-ps2.txd")
	nothing := func() string {
		if _, err := os.Stat(txdOut); err == nil {
			return "convert wrote " + txdOut
		}
		return ""
	}
	return []step{
		{name: "item9-nested-nres", cmd: "export", args: []string{"export", "--out", j("out-broken", "nested"), nested}, input: sizeOf(nested), status: 1, stderr: `Inner\.lib: offset 0x18`},
		{name: "item9-visuals-hole", cmd: "info", args: []string{"info", "--json", hole}, input: sizeOf(hole), status: 1, stderr: `offset 0x[0-9A-F]+.*visual 0 is cut short`},
		{name: "item9-visuals-hole", cmd: "export", args: []string{"export", "--out", j("out-broken", "hole"), hole}, input: sizeOf(hole), status: 1, stderr: `visual 0 is cut short`},
		{name: "item9-convert-rejected", cmd: "convert", args: []string{"convert", "txd", "--platform", "ps2", "--out", txdOut, odd}, input: sizeOf(odd), status: 1, stderr: `offset 0x8 .*version stamp`, check: nothing},
		{name: "item9-v1-img-first-dff", cmd: "ls", args: []string{"ls", "--json", v1}, input: sizeOf(j("broken", "v1")), stdout: `a_first\.dff(.|\n)*b\.txd`},
	}
}

// item 10: errors carry offsets and files.
func offsetSteps(j func(...string) string) []step {
	nan, bad := j("frames", "nan.dff"), j("images", "bad")
	return []step{
		{name: "item10-gltf-frame", cmd: "export", args: []string{"export", "--as", "gltf", "--out", j("out-frames"), nan}, input: sizeOf(nan), status: 1, stderr: `offset 0x[0-9A-F]+ \(\d+\): frame 1 \(.*\) has a non-finite matrix`},
		{name: "item10-bad-png", cmd: "build txd", args: []string{"build", "txd", "--platform", "d3d9", "--out", j("out-images", "bad.txd"), bad}, input: sizeOf(bad), status: 1, stderr: `bad\.png: decoding the 8×8 PNG image: `},
	}
}
