package editdistance

// Nearest returns the candidate closest to v, or def when none is within
// half of v's length (plus one): a suggestion must look like what was typed.
func Nearest[T ~string](v string, candidates []T, def T) T {
	best, bestDist := def, len(v)/2+2
	for _, c := range candidates {
		if d := Distance(v, string(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}
