//go:build !unix

package testutil

import "time"

// CPUTime is the process's CPU time; 0 where it cannot be read, so
// benchmarks skip their per-CPU-second figures.
func CPUTime() time.Duration { return 0 }
