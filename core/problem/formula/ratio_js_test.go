package formula

import (
	"flag"
	"syscall/js"
	"time"
)

var ratio = flag.Bool("ratio", false, "measure the typed benchmarks against hand-written Go in process CPU time")

// threadCPU is the CPU time of the process (node's process.cpuUsage, user
// and system): unlike wall time it does not count the time node waits for
// a core, so ratios hold on a loaded machine. Node runs the module on one
// thread; its compiler and collector threads count too.
func threadCPU() time.Duration {
	u := js.Global().Get("process").Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
