// Command scenemem measures the memory of rummage on the scene of the
// budgets (issue 28): it writes the generated city of worldtest.Budget
// (5,000 instances of 200 models, 1.5 million triangles) and runs
// `render` (the whole city from the top, every high-detail instance; iso
// with LOD by distance; the stand-ins; the wire and textured+wire views),
// `info --json` and `export --as gltf` and `--as obj` on its text file,
// reporting each command's peak resident memory (ru_maxrss) beside the budget of 64 MB
// + 8 × the bytes of every file the scene reads (the whole game folder:
// gta.dat, the .ide, the .ipl and gta3.img, every entry of which is a
// model, a dictionary or a stream of the city). It exits 1 when a command
// fails or goes over.
//
//	go run ./scripts/scenemem [-bin ./rummage-cli]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"rummage/formats/world/worldtest"
)

func main() {
	bin := flag.String("bin", "./rummage", "the rummage binary to run")
	gen := flag.String("gen", "", "only write the city into this folder and print its text file and byte count")
	flag.Parse()
	if *gen != "" {
		info, err := worldtest.GenerateCity(*gen, worldtest.Budget)
		if err != nil {
			fail(err)
		}
		fmt.Printf("%s\t%d\t%d\n", info.IPL, info.Bytes, info.Triangles)
		return
	}
	dir, err := os.MkdirTemp("", "scenemem")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	// The city is written by a child process: a child's peak memory
	// starts from its parent's, which must stay small.
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	out, err := exec.Command(self, "-gen", filepath.Join(dir, "game")).Output()
	if err != nil {
		fail(fmt.Errorf("writing the city: %v", err))
	}
	f := strings.Fields(string(out))
	if len(f) != 3 {
		fail(fmt.Errorf("writing the city said %q", out))
	}
	ipl := f[0]
	input, _ := strconv.ParseInt(f[1], 10, 64)
	fmt.Printf("city: %s triangles placed, %d bytes of files (budget %d MB)\n", f[2], input, (64<<20+8*input)>>20)
	bad := 0
	for _, args := range [][]string{
		{"render", "--size", "1280x800", "--out", filepath.Join(dir, "top.png"), ipl},
		{"render", "--size", "1280x800", "--camera", "iso", "--lod", "distance", "--out", filepath.Join(dir, "iso.png"), ipl},
		{"info", "--json", ipl},
		{"export", "--as", "gltf", "--out", filepath.Join(dir, "out"), ipl},
		{"render", "--size", "1280x800", "--lod", "lod", "--out", filepath.Join(dir, "lod.png"), ipl},
		{"render", "--size", "1280x800", "--view", "wire", "--out", filepath.Join(dir, "wire.png"), ipl},
		{"render", "--size", "1280x800", "--view", "textured+wire", "--out", filepath.Join(dir, "tw.png"), ipl},
		{"export", "--as", "obj", "--out", filepath.Join(dir, "obj"), ipl},
	} {
		bad += run(*bin, args, input)
	}
	if bad > 0 {
		os.Exit(1)
	}
}

// run runs one command and reports its peak memory against the budget;
// it returns 1 when the command failed or went over.
func run(bin string, args []string, input int64) int {
	c := exec.Command(bin, args...)
	c.Stdout, c.Stderr = nil, nil
	t0 := time.Now()
	err := c.Run()
	wall := time.Since(t0)
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	rss := ru.Maxrss * 1024
	budget := 64<<20 + 8*input
	verdict := "ok"
	if rss > budget {
		verdict = "OVER"
	}
	if err != nil {
		verdict = "FAILED: " + err.Error()
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	fmt.Printf("%-10s %-28s peak %4d MB of %4d MB, %5.2f s wall, %5.2f s CPU  %s\n", args[0], strings.Join(args[1:len(args)-1], " ")[:min(28, len(strings.Join(args[1:len(args)-1], " ")))],
		rss>>20, budget>>20, wall.Seconds(), cpu.Seconds(), verdict)
	if verdict != "ok" {
		return 1
	}
	return 0
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scenemem:", err)
	os.Exit(1)
}
