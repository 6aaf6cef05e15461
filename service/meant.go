package service

import (
	"fmt"

	"github.com/qrforge/qrforge/internal/editdistance"
)

// meantValue is the value of o's closed list, candidates, that v most
// likely meant (editdistance.Meant, with o's words), and the clause that
// offers it: "did you mean X?". When nothing is close it is def, which the
// clause names as the fix's choice rather than as a guess.
func meantValue[T ~string](o option, v string, candidates []T, def T) (T, string) {
	if m, ok := editdistance.Meant(v, candidates, o.Meant); ok {
		return m, fmt.Sprintf("did you mean %s?", m)
	}
	return def, fmt.Sprintf("nothing is close, and the fix takes %s", def)
}
