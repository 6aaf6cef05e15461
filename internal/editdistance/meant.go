package editdistance

import "strings"

// Meant returns the value of a closed list that v most likely meant, and
// false when nothing is close enough to offer: a fix that swaps the value
// for an unrelated one (ec=high for M, tpl=banner for none) would draw
// what nobody asked for. In order, it tries:
//   - words, the words callers use for a value that the list spells
//     otherwise (high for H, url for link), v lower-cased;
//   - a typo: the candidate within typoDistance edits;
//   - a word of v that is a candidate (rounded-box gives box);
//   - the one candidate that starts with v or has it as a word (above
//     gives banner-above; pay, which starts paynow and paypal, gives none);
//   - the longest candidate that v starts with (qrcode gives qr).
func Meant[T ~string](v string, candidates []T, words map[string]string) (T, bool) {
	v = strings.ToLower(strings.TrimSpace(v))
	if w, ok := words[v]; ok {
		return T(w), true
	}
	if w, ok := words[strings.NewReplacer(" ", "-", "_", "-").Replace(v)]; ok {
		return T(w), true // every week is every-week
	}
	var best T
	bestDist := typoDistance(len(v)) + 1
	for _, c := range candidates {
		if d := Distance(v, strings.ToLower(string(c))); d < bestDist {
			best, bestDist = c, d
		}
	}
	if bestDist <= typoDistance(len(v)) {
		return best, true
	}
	for _, w := range wordsOf(v) {
		for _, c := range candidates {
			if len(w) >= 3 && strings.ToLower(string(c)) == w {
				return c, true
			}
		}
	}
	if len(v) >= 3 {
		var found []T
		for _, c := range candidates {
			if lc := strings.ToLower(string(c)); strings.HasPrefix(lc, v) || containsWord(lc, v) {
				found = append(found, c)
			}
		}
		if len(found) == 1 {
			return found[0], true
		}
	}
	// The longest candidate v starts with: qrcode is qr, dotted is dot.
	var within T
	for _, c := range candidates {
		if lc := strings.ToLower(string(c)); len(lc) >= 2 && len(lc) > len(within) && strings.HasPrefix(v, lc) {
			within = c
		}
	}
	if within != "" {
		return within, true
	}
	return best, false
}

// typoDistance is how many edits a mistyped value of n bytes may carry:
// none in one or two (any letter is one edit from any other), one in a
// short word, two in a longer one, three beyond eight bytes.
func typoDistance(n int) int {
	switch {
	case n <= 2:
		return 0
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	}
	return 3
}

func wordsOf(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '_' || r == ' ' || r == '/' || r == ',' })
}

func containsWord(s, w string) bool {
	for _, x := range wordsOf(s) {
		if x == w {
			return true
		}
	}
	return false
}
