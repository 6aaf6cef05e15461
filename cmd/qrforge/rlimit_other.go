//go:build !unix

package main

// fileLimit is unknown outside Unix: the connection cap follows the work
// budget alone.
func fileLimit() int { return 0 }
