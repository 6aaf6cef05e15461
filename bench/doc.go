// Package bench compares qrforge's renderer with other QR code libraries on
// the same payloads. It is a separate module so that the peers it measures
// never enter the service's go.mod; see BENCHMARKS.md at the repository root.
package bench
