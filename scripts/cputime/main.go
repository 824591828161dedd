// Command cputime runs a command N times and prints the median whole-process
// CPU time (user + system, from the child's rusage) in milliseconds, for
// scripts/cli-startup.sh. The command's output is discarded; a run that
// fails stops it with status 1.
//
//	go run ./scripts/cputime [-n 9] COMMAND [ARGS...]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"time"
)

func main() {
	n := flag.Int("n", 9, "runs")
	flag.Parse()
	if flag.NArg() == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: cputime [-n RUNS] COMMAND [ARGS...]")
		os.Exit(2)
	}
	runs := make([]time.Duration, 0, *n)
	for range *n {
		cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "cputime: %s: %v\n", flag.Arg(0), err)
			os.Exit(1)
		}
		runs = append(runs, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	}
	sort.Slice(runs, func(i, j int) bool { return runs[i] < runs[j] })
	fmt.Printf("%.1f ms (median of %d; min %.1f, max %.1f)\n",
		ms(runs[len(runs)/2]), len(runs), ms(runs[0]), ms(runs[len(runs)-1]))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
