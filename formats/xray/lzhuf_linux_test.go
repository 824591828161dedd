package xray

import (
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"rummage/internal/shareddata"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_THREAD, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDecodeVBufferCPU is BenchmarkDecodeVBuffer that also reports
// the rate by the thread's CPU time ("cpu-MB/s"), which stays meaningful on
// a machine shared with other work.
func BenchmarkDecodeVBufferCPU(b *testing.B) {
	lz, err := os.ReadFile(filepath.Join(shareddata.Path(b, vectorDir...), "vbuffer.lz"))
	if err != nil {
		b.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	n, _ := UnpackedSize(lz)
	b.SetBytes(int64(n))
	b.ResetTimer()
	t0 := threadCPU()
	for i := 0; i < b.N; i++ {
		if _, err := Decode(lz, 0); err != nil {
			b.Fatal(err)
		}
	}
	cpu := threadCPU() - t0
	if cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/cpu.Seconds()/1e6, "cpu-MB/s")
	}
}
