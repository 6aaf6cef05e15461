//go:build unix

// Package cputime reads the processor time this process has used, which
// benchmarks report beside wall time: on a shared machine it is steadier,
// as wall time also counts waiting for a core.
package cputime

import (
	"syscall"
	"time"
)

// Process is the user plus system time this process has used.
func Process() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
