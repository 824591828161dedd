// Command fuzzrun runs every fuzz target of the packages given (default
// ./...) for a time each and reports each one, going on after a failure.
// A target that ends with the Go fuzzer's own "context deadline exceeded"
// at the time limit and wrote no failing input (none named in its output,
// no new file in its testdata/fuzz folder) is a known toolchain race: it
// is counted on its own, never as a pass nor as a failure.
//
//	go run ./scripts/fuzzrun [-fuzztime 30s] [PACKAGE...]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// outcome is how one fuzz run ended.
type outcome int

const (
	passed outcome = iota
	raced          // the toolchain's deadline race: no failing input
	failed
)

// classify reads a fuzz run's combined output, whether it exited 0 and
// whether it left a new input in its testdata/fuzz folder.
func classify(out string, ok, newInput bool) outcome {
	switch {
	case newInput:
		return failed
	case ok:
		return passed
	case strings.Contains(out, "context deadline exceeded") && !strings.Contains(out, "Failing input written to"):
		return raced
	}
	return failed
}

// corpus lists the files of the target's testdata/fuzz folder in dir.
func corpus(dir, target string) map[string]bool {
	m := map[string]bool{}
	ents, _ := os.ReadDir(filepath.Join(dir, "testdata", "fuzz", target))
	for _, e := range ents {
		m[e.Name()] = true
	}
	return m
}

// grew reports whether after holds a name before does not.
func grew(before, after map[string]bool) bool {
	for n := range after {
		if !before[n] {
			return true
		}
	}
	return false
}

var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz[A-Za-z0-9_]*)\(`)

// targets lists the fuzz targets of the package in dir.
func targets(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range fuzzFunc.FindAllSubmatch(b, -1) {
			out = append(out, string(m[1]))
		}
	}
	return out
}

func main() {
	fuzztime := flag.String("fuzztime", "30s", "time per target")
	flag.Parse()
	pkgs := flag.Args()
	if len(pkgs) == 0 {
		pkgs = []string{"./..."}
	}
	list, err := exec.Command("go", append([]string{"list", "-f", "{{.ImportPath}} {{.Dir}}"}, pkgs...)...).Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fuzzrun: go list:", err)
		os.Exit(2)
	}
	var count [3]int
	var bad []string
	sc := bufio.NewScanner(strings.NewReader(string(list)))
	for sc.Scan() {
		pkg, dir, _ := strings.Cut(sc.Text(), " ")
		for _, f := range targets(dir) {
			fmt.Printf("fuzz: %s %s (%s) ... ", pkg, f, *fuzztime)
			before := corpus(dir, f)
			cmd := exec.Command("go", "test", "-run", "^$", "-fuzz", "^"+f+"$", "-fuzztime", *fuzztime,
				"-fuzzminimizetime", "3s", "-parallel", "1", pkg)
			out, err := cmd.CombinedOutput()
			o := classify(string(out), err == nil, grew(before, corpus(dir, f)))
			count[o]++
			switch o {
			case passed:
				fmt.Println("ok")
			case raced:
				fmt.Println("ended by the toolchain's deadline race (no failing input written): counted apart")
			default:
				fmt.Println("FAILED")
				fmt.Println(indent(lastLines(string(out), 40)))
				bad = append(bad, pkg+"."+f)
			}
		}
	}
	fmt.Printf("fuzz: %d passed, %d failed, %d ended by the toolchain's deadline race (neither passed nor failed)\n", count[passed], count[failed], count[raced])
	if len(bad) > 0 {
		fmt.Fprintln(os.Stderr, "fuzz: failed:", strings.Join(bad, " "))
		os.Exit(1)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }
