//go:build !unix

package cputime

import "time"

// Process is the process's CPU time; 0 where it cannot be read, so
// benchmarks skip their per-CPU-second figures.
func Process() time.Duration { return 0 }
