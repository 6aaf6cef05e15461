package editdistance

import (
	"slices"
	"strings"
)

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
	var best T // within typoDistance of v, or ""
	bestDist := typoDistance(len(v)) + 1
	for _, c := range candidates {
		if d := Distance(v, strings.ToLower(string(c))); d < bestDist {
			best, bestDist = c, d
		}
	}
	// A value is offered only as the caller wrote it: with its digits
	// (sha224 is no SHA256, 003 no 001) and without a word that changes
	// what it names (daily except weekends is not daily).
	if bestDist <= typoDistance(len(v)) {
		if lb := strings.ToLower(string(best)); keepsDigits(v, lb) && mistyped(v, lb) {
			return best, true
		}
		best = ""
	}
	candidates = slices.DeleteFunc(slices.Clone(candidates), func(c T) bool { return digitsOf(v) != digitsOf(string(c)) })
	for _, w := range wordsOf(v) {
		if slices.Contains(qualifiers, w) && !slices.ContainsFunc(candidates, func(c T) bool { return strings.EqualFold(string(c), w) }) {
			return "", false
		}
	}
	var named []T
	for _, w := range wordsOf(v) {
		for _, c := range candidates {
			if len(w) >= 3 && strings.ToLower(string(c)) == w && !slices.Contains(named, c) {
				named = append(named, c)
			}
		}
	}
	switch len(named) {
	case 1:
		// The value is what the caller wrote last (a rounded box is a
		// box, hmac-sha256 an SHA256) or with only words that add
		// nothing to it (wifi-qr, NON-REF); a word after it that is
		// not one names something narrower (wpa-eap is no WPA, sae-pk
		// no SAE, linkedin-company no person's linkedin).
		if words := wordsOf(v); strings.EqualFold(words[len(words)-1], string(named[0])) || onlyFillers(v, string(named[0])) {
			return named[0], true
		}
		return "", false
	case 0:
	default:
		return "", false // KHR/USD names two, and means either
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
	// The longest candidate v starts with: qrcode is qr, dotted is dot;
	// after a separator, only words that add nothing may follow (qr-code
	// is qr, wpa-eap is no WPA).
	var within T
	for _, c := range candidates {
		lc := strings.ToLower(string(c))
		rest, ok := strings.CutPrefix(v, lc)
		if !ok || len(lc) < 2 || len(lc) <= len(within) {
			continue
		}
		if rest != "" && strings.ContainsRune(" -_/,", rune(rest[0])) && !onlyFillers(v, lc) {
			continue
		}
		within = c
	}
	if within != "" {
		return within, true
	}
	return "", false
}

// mistyped reports whether v is c with slips of the keyboard rather than
// another word spelt alike. A letter left out, added or two swapped is a
// slip; one changed in place is too, but not in a code of three letters
// or fewer (p2b is not p2p, umk not umi), nor as the first letter (motp
// is not totp), and two changed are another word (gitlab is not github).
func mistyped(v, c string) bool {
	if len(v) != len(c) {
		return true
	}
	var diff []int
	for i := range len(v) {
		if v[i] != c[i] {
			diff = append(diff, i)
		}
	}
	swapped := len(diff) == 2 && diff[1] == diff[0]+1 && v[diff[0]] == c[diff[1]] && v[diff[1]] == c[diff[0]]
	changed := len(diff) == 1 && len(v) > 3 && diff[0] > 0
	return len(diff) == 0 || swapped || changed
}

// keepsDigits reports whether v, mistyped, keeps the digits of c: the
// same digits in the same order, zero decimals aside (3.0.0 is 3.0), or,
// for a c without digits, none that stand as a word of v (rounded2 is
// rounded mistyped, 4 weekly is not weekly). A value found another way
// than by a slip has c's digits exactly (sha3-256 is not SHA256).
func keepsDigits(v, c string) bool {
	if digitsOf(c) == "" {
		return !slices.ContainsFunc(wordsOf(v), func(w string) bool { return w[0] >= '0' && w[0] <= '9' })
	}
	return digitsOf(v) == digitsOf(c)
}

// digitsOf is the digits of s, in order, after dropping the zero
// decimals that end it (3.0.0 is 3).
func digitsOf(s string) string {
	for {
		t := strings.TrimRight(s, "0")
		if t == s || !strings.HasSuffix(t, ".") {
			break
		}
		s = strings.TrimSuffix(t, ".")
	}
	var d []byte
	for i := range len(s) {
		if s[i] >= '0' && s[i] <= '9' {
			d = append(d, s[i])
		}
	}
	return string(d)
}

// qualifiers are words that change what the word beside them names: a
// value with one is not the listed value its other word is.
var qualifiers = []string{"except", "not", "no", "non", "without", "excluding", "but", "bi", "semi", "half", "twice", "double", "triple", "quarter", "other", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve"}

// fillers are words that add nothing to a listed value written beside
// them: the code's own name, a mode or type said aloud, the personal
// (pre-shared key) form of a Wi-Fi security, the reference of NON-REF,
// the unit of a setting named with it (SHUTDOWN_GRACE_SECONDS).
var fillers = []string{"qr", "code", "qrcode", "mode", "type", "style", "only", "personal", "psk", "hmac", "ref", "reference", "standard", "default", "seconds", "secs"}

// onlyFillers reports whether every word of v but those of c is a filler.
func onlyFillers(v, c string) bool {
	own := wordsOf(strings.ToLower(c))
	for _, w := range wordsOf(v) {
		if !slices.Contains(own, w) && !slices.Contains(fillers, w) {
			return false
		}
	}
	return true
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
