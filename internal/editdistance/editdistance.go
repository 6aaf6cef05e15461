// Package editdistance measures how far apart two short strings are, for
// "did you mean" suggestions in problem documents and tool errors.
package editdistance

// maxLen bounds the work on hostile input: suggestions compare option and
// path names, never long text.
const maxLen = 256

// Distance returns the number of single-byte insertions, deletions,
// substitutions and swaps of two neighbouring bytes that turn a into b
// (the optimal string alignment distance: Levenshtein's, with mnoo one
// swap from mono rather than two substitutions), looking at most at the
// first 256 bytes of each.
func Distance(a, b string) int {
	if len(a) > maxLen {
		a = a[:maxLen]
	}
	if len(b) > maxLen {
		b = b[:maxLen]
	}
	// Rows i-2, i-1 and i of the table of distances between prefixes.
	before := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
		}
		before, prev, cur = prev, cur, before
	}
	return prev[len(b)]
}

// Suggest is the candidate a mistyped name most likely meant: the closest
// by edit distance (pasword → password), or else one that the name starts
// with or that starts with it (amount → am, pass → password). It returns ""
// when nothing is close.
func Suggest(name string, candidates []string) string {
	best, bestDist := "", len(name)/3+1
	for _, c := range candidates {
		if d := Distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best != "" {
		return best
	}
	for _, c := range candidates {
		if len(c) >= 2 && len(name) > len(c) && name[:len(c)] == c || len(name) >= 3 && len(c) > len(name) && c[:len(name)] == name {
			return c
		}
	}
	return ""
}
