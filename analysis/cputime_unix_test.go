//go:build unix

package analysis_test

import (
	"syscall"
	"time"
)

// processCPU is the user plus system time this process has used: on a
// shared machine it is steadier than wall time, which also counts waiting
// for a core.
func processCPU() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
