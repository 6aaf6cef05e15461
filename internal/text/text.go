// Package text holds the small string helpers problem documents share.
package text

import "strings"

// Truncate shortens s to n bytes and marks the cut, so a caller's long
// value quoted in a message stays readable.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Join lists values as "a, b, c".
func Join[T ~string](vs []T) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}
