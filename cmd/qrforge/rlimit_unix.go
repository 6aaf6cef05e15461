//go:build unix

package main

import "syscall"

// fileLimit is the process's limit on open files (RLIMIT_NOFILE), which
// the Go runtime raised to the hard limit as it started; 0 when unknown.
func fileLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil || r.Cur > 1<<30 {
		return 0
	}
	return int(r.Cur)
}
