// Command hostile builds hostile inputs with Rummage's own writers (memory
// bombs, shared payloads, deep nesting, side files that are devices or
// FIFOs, crafted names, and a case for each item of issue 23: dotfiles,
// refused overwrites, odd build inputs, images claiming huge sizes,
// chunks that unpack to 40 MB each, a sparse 1000 MB level.geom, kill -9
// during writes, file modes, broken data, errors with offsets) and runs a
// rummage binary on each. It prints every command's peak memory (the
// child's maximum resident set) beside its budget, 64 MB + 8 × the bytes
// of every file it reads + the unpacked size of the largest compressed
// chunk its answer needs, and checks its exit status, its messages (an
// offset or a file on every error line), that nothing was written outside
// its output folder and what each case asks. It exits 1 when a check
// fails.
//
//	go run ./scripts/hostile [-bin ./rummage-cli] [-dir SCRATCH] [-quick]
//
// -quick runs the set `make test` runs (well under a minute); without it
// the full set runs (`make fuzz`). -dir is made when missing.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

var offsetOrFile = regexp.MustCompile(`offset 0x[0-9A-F]+|\.(dir|wea|geom|cform|img|lib|txd)\b|is missing|FIFO|device|not beside`)

func main() {
	bin := flag.String("bin", "./rummage", "the rummage binary to run")
	scratch := flag.String("dir", "", "scratch folder, made when missing (default: a new temporary one)")
	buildOnly := flag.Bool("build", false, "only write the inputs into -dir and list them")
	quick := flag.Bool("quick", false, "the quick set (make test) instead of the full one (make fuzz)")
	flag.Parse()
	if *buildOnly {
		inputs, err := build(*scratch)
		if err == nil {
			err = build2(*scratch, *quick)
		}
		if err != nil {
			fail(err)
		}
		for _, in := range inputs {
			fmt.Printf("%s\t%s\t%d\n", in.name, in.file, in.size)
		}
		return
	}
	dir, err := scratchDir(*scratch)
	if err != nil {
		fail(err)
	}
	cleanup := func() {
		if *scratch == "" {
			os.RemoveAll(dir)
		}
	}
	// The inputs are built by a child process: a child's peak memory
	// (ru_maxrss) starts from its parent's, which must stay small.
	inputs, err := buildInChild(dir, *quick)
	if err != nil {
		cleanup()
		fail(err)
	}
	var steps []step
	for _, in := range inputs {
		steps = append(steps, roundOne(dir, in)...)
	}
	steps = append(steps, round2(dir, *quick)...)
	bad := 0
	fmt.Printf("%-26s %-10s %10s %9s %9s %6s  %s\n", "input", "command", "input", "peak RSS", "budget", "status", "check")
	for _, s := range steps {
		bad += runStep(*bin, dir, s)
	}
	cleanup()
	if bad > 0 {
		fmt.Printf("hostile: %d of %d checks failed\n", bad, len(steps))
		os.Exit(1)
	}
	fmt.Printf("hostile: all %d commands stayed within their memory budgets, wrote nothing outside their output folders, named their offsets and did what each case asks\n", len(steps))
}

// scratchDir is the folder the inputs go into: dir, made when missing,
// or a new temporary folder.
func scratchDir(dir string) (string, error) {
	if dir == "" {
		return os.MkdirTemp("", "hostile")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// The outputs of an earlier run go: every case starts from its inputs.
	olds, _ := filepath.Glob(filepath.Join(dir, "out-*"))
	for _, o := range olds {
		os.RemoveAll(o)
	}
	return filepath.Abs(dir)
}

// roundOne are the first round's commands on one input: ls, info and
// export, within 64 MB + 8 × the input.
func roundOne(dir string, in input) []step {
	out := filepath.Join(dir, "out-"+in.name+"-export")
	return []step{
		{name: in.name, cmd: "ls", args: []string{"ls", "-r", "--json", in.file}, input: in.size, status: anyStatus},
		{name: in.name, cmd: "info", args: []string{"info", "--json", in.file}, input: in.size, status: anyStatus},
		{name: in.name, cmd: "export", args: []string{"export", "--out", out, in.file}, input: in.size, status: anyStatus},
	}
}

// result is what one run of a command did.
type result struct {
	status         int
	peak           int64
	stdout, stderr string
	hung           bool
}

// runOnce runs bin with args, killed after kill when kill > 0 (and after
// a minute in any case).
func runOnce(bin string, args []string, kill time.Duration) result {
	c := exec.Command(bin, args...)
	var stdout, stderr strings.Builder
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Start(); err != nil {
		fail(err)
	}
	done := make(chan struct{})
	go func() { c.Wait(); close(done) }()
	var stop <-chan time.Time
	if kill > 0 {
		stop = time.After(kill)
	}
	r := result{}
	select {
	case <-done:
	case <-stop:
		c.Process.Signal(syscall.SIGKILL)
		<-done
	case <-time.After(60 * time.Second):
		c.Process.Kill()
		<-done
		r.hung = true
	}
	r.status = c.ProcessState.ExitCode()
	r.peak = c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024
	r.stdout, r.stderr = stdout.String(), stderr.String()
	return r
}

// runStep runs one step and checks it; it returns 1 on a failed check.
func runStep(bin, dir string, s step) int {
	before := snapshot(dir)
	start := time.Now()
	r := runOnce(bin, s.args, 0)
	full := time.Since(start)
	budget := 64<<20 + 8*s.input + s.unpack
	problems := checkResult(s, r, budget, dir)
	if outside := snapshot(dir); outside != before {
		problems = append(problems, "a file was written outside the output folder")
	}
	if s.kills > 0 {
		problems = append(problems, killRuns(bin, s, full)...)
	}
	check := "ok"
	if len(problems) > 0 {
		check = strings.Join(problems, "; ")
	}
	fmt.Printf("%-26s %-10s %9dK %8dM %8dM %6d  %s\n", s.name, s.cmd, s.input>>10, r.peak>>20, budget>>20, r.status, check)
	if len(problems) > 0 {
		return 1
	}
	return 0
}

// checkResult lists what is wrong with one run of s.
func checkResult(s step, r result, budget int64, dir string) []string {
	var problems []string
	if r.hung {
		return []string{"hung (killed after 60 s)"}
	}
	if r.peak > budget {
		problems = append(problems, fmt.Sprintf("peak %d MB over the budget %d MB", r.peak>>20, budget>>20))
	}
	if s.tight > 0 && r.peak > s.tight {
		problems = append(problems, fmt.Sprintf("peak %d MB over %d MB: more than headers were read", r.peak>>20, s.tight>>20))
	}
	switch {
	case s.status == anyStatus && r.status > 1, s.status != anyStatus && r.status != s.status:
		problems = append(problems, fmt.Sprintf("status %d", r.status))
	}
	if s.stderr != "" && !regexp.MustCompile(s.stderr).MatchString(r.stderr) {
		problems = append(problems, fmt.Sprintf("stderr %q does not match %q", strings.TrimSpace(r.stderr), s.stderr))
	}
	if s.stdout != "" && !regexp.MustCompile(s.stdout).MatchString(r.stdout) {
		problems = append(problems, fmt.Sprintf("stdout does not match %q", s.stdout))
	}
	for _, l := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
		if l != "" && !offsetOrFile.MatchString(l) && !strings.Contains(l, dir) {
			problems = append(problems, "error without offset or file: "+l)
		}
		if strings.Contains(l, "goroutine ") || strings.Contains(l, "runtime:") {
			problems = append(problems, "a Go runtime trace reached stderr")
		}
	}
	if s.check != nil {
		if p := s.check(); p != "" {
			problems = append(problems, p)
		}
	}
	return problems
}

// killRuns runs s again s.kills times, killed (SIGKILL) at a random moment
// in the later three quarters of a whole run (where the file is written),
// and checks s after each.
func killRuns(bin string, s step, full time.Duration) []string {
	rng := rand.New(rand.NewSource(1))
	left := 0
	var last string
	for i := 0; i < s.kills; i++ {
		runOnce(bin, s.args, full/4+time.Duration(rng.Int63n(int64(full)*3/4+1)))
		if p := s.check(); p != "" {
			left++
			last = p
		}
	}
	if left > 0 {
		return []string{fmt.Sprintf("%d of %d killed runs: %s", left, s.kills, last)}
	}
	return nil
}

// buildInChild runs this program with -build and reads the inputs it lists.
func buildInChild(dir string, quick bool) ([]input, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	args := []string{"-build", "-dir", dir}
	if quick {
		args = append(args, "-quick")
	}
	cmd := exec.Command(self, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
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

// snapshot lists the files under dir outside its out-* folders, as one
// string.
func snapshot(dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if strings.HasPrefix(filepath.Base(p), "out-") && filepath.Dir(p) == dir {
			if d.IsDir() {
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
