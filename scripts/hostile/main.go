// Command hostile builds hostile inputs with Rummage's own writers (memory
// bombs, shared payloads, deep nesting, side files that are devices or
// FIFOs, crafted names) and runs a rummage binary on each, reporting the
// peak memory of every command against the budget of 64 MB + 8 × the
// input, whether any file was written outside --out, and whether every
// error line names an offset or a file. It exits 1 when a check fails.
//
//	go run ./scripts/hostile [-bin ./rummage-cli] [-dir SCRATCH]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// input is one hostile file (or folder) and what is run on it.
type input struct {
	name string
	file string // path of the file to open
	size int64  // bytes counted as "the input"
}

var offsetOrFile = regexp.MustCompile(`offset 0x[0-9A-F]+|\.(dir|wea|geom|cform|img|lib|txd)\b|is missing|FIFO|device|not beside`)

func main() {
	bin := flag.String("bin", "./rummage", "the rummage binary to run")
	scratch := flag.String("dir", "", "scratch folder (default: a new temporary one)")
	buildOnly := flag.Bool("build", false, "only write the inputs into -dir and list them")
	flag.Parse()
	if *buildOnly {
		inputs, err := build(*scratch)
		if err != nil {
			fail(err)
		}
		for _, in := range inputs {
			fmt.Printf("%s\t%s\t%d\n", in.name, in.file, in.size)
		}
		return
	}
	dir := *scratch
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "hostile"); err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
	}
	// The inputs are built by a child process: a child's peak memory
	// (ru_maxrss) starts from its parent's, which must stay small.
	inputs, err := buildInChild(dir)
	if err != nil {
		fail(err)
	}
	bad := 0
	fmt.Printf("%-26s %-8s %10s %10s %8s  %s\n", "input", "command", "input", "peak RSS", "status", "check")
	for _, in := range inputs {
		for _, cmd := range []string{"ls", "info", "export"} {
			bad += run(*bin, dir, in, cmd)
		}
	}
	if bad > 0 {
		fmt.Printf("hostile: %d checks failed\n", bad)
		os.Exit(1)
	}
	fmt.Println("hostile: every command stayed within its memory budget, wrote nothing outside --out and named its offsets")
}

// run runs one command on one input and checks it; it returns 1 on a
// failed check.
func run(bin, dir string, in input, cmd string) int {
	out := filepath.Join(dir, "out-"+in.name+"-"+cmd)
	var args []string
	switch cmd {
	case "ls":
		args = []string{"ls", "-r", "--json", in.file}
	case "info":
		args = []string{"info", "--json", in.file}
	default:
		args = []string{"export", "--out", out, in.file}
	}
	before := snapshot(dir, out)
	c := exec.Command(bin, args...)
	var stderr strings.Builder
	c.Stderr = &stderr
	done := make(chan error, 1)
	if err := c.Start(); err != nil {
		fail(err)
	}
	go func() { done <- c.Wait() }()
	var werr error
	select {
	case werr = <-done:
	case <-time.After(60 * time.Second):
		c.Process.Kill()
		<-done
		fmt.Printf("%-26s %-8s hung (killed after 60 s)\n", in.name, cmd)
		return 1
	}
	rss := c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024
	budget := 64<<20 + 8*in.size
	status := c.ProcessState.ExitCode()
	var problems []string
	if rss > budget {
		problems = append(problems, fmt.Sprintf("peak %d MB over the budget %d MB", rss>>20, budget>>20))
	}
	if status > 1 || werr != nil && status < 0 {
		problems = append(problems, fmt.Sprintf("status %d", status))
	}
	for _, l := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
		if l != "" && !offsetOrFile.MatchString(l) {
			problems = append(problems, "error without offset: "+l)
		}
		if strings.Contains(l, "goroutine ") || strings.Contains(l, "runtime:") {
			problems = append(problems, "a Go runtime trace reached stderr")
		}
	}
	if outside := snapshot(dir, out); outside != before {
		problems = append(problems, "a file was written outside --out")
	}
	check := "ok"
	if len(problems) > 0 {
		check = strings.Join(problems, "; ")
	}
	fmt.Printf("%-26s %-8s %9dK %9dM %8d  %s\n", in.name, cmd, in.size>>10, rss>>20, status, check)
	if len(problems) > 0 {
		return 1
	}
	return 0
}

// buildInChild runs this program with -build and reads the inputs it lists.
func buildInChild(dir string) ([]input, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(self, "-build", "-dir", dir).Output()
	if err != nil {
		return nil, fmt.Errorf("building the inputs: %w", err)
	}
	var inputs []input
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var in input
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			continue
		}
		in.name, in.file = f[0], f[1]
		fmt.Sscan(f[2], &in.size)
		inputs = append(inputs, in)
	}
	return inputs, nil
}

// snapshot lists the files under dir outside skip, as one string.
func snapshot(dir, skip string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if strings.HasPrefix(p, filepath.Join(dir, "out-")) {
			if d.IsDir() && p != dir {
				return filepath.SkipDir
			}
			return nil
		}
		b.WriteString(p + "\n")
		return nil
	})
	return b.String()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "hostile:", err)
	os.Exit(2)
}
