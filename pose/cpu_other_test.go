//go:build !linux

package pose

import "time"

// cpuTime is not measured outside Linux.
func cpuTime() time.Duration { return 0 }
