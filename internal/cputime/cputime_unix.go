//go:build unix

// Package cputime reads the CPU time the process has used.
package cputime

import (
	"syscall"
	"time"
)

// Process is the process's user+system CPU time, for benchmarks that report
// work per CPU second: on a shared machine wall time depends on the load,
// CPU time much less.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
