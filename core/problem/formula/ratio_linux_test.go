package formula

import (
	"flag"
	"syscall"
	"time"
	"unsafe"
)

var ratio = flag.Bool("ratio", false, "measure the typed benchmarks against hand-written Go in thread CPU time")

// threadCPU is the CPU time of the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID): unlike wall time it does not count the time
// the thread waits for a core, so ratios hold on a loaded machine.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
