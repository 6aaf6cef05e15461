package registry

import (
	"math/big"
	"net/url"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A fix is followed blindly by scripts and agents, so on an identity field
// (a payee, an account, an address, a network, a secret) it may only be
// the caller's own value, mechanically corrected. Build enforces that here,
// for every kind, whatever its Check returns.

// Mechanical reports whether fix is original after only mechanical
// corrections: spaces, separators and punctuation removed or changed, case
// changed, accents dropped, the same number written another way (48,20 and
// 48.2), a leading international prefix 00 written + and a trunk prefix
// "(0)" left out of a phone number (ITU-T E.123 §2.5, §7.1), or https://
// put before a web address written without a scheme, characters of a link
// percent-encoded (RFC 3986 §2.1: "a b" and "a%20b"). Otherwise its letters
// and digits are original's, all of them, in the same order: nothing is
// added, and nothing is cut (a shortened name or SSID is another payee or
// network).
func Mechanical(original, fix string) bool {
	if sameNumber(original, fix) {
		return true
	}
	if rest, ok := strings.CutPrefix(fix, "https://"); ok && !strings.Contains(original, "://") {
		fix = rest
	}
	if decoded, err := url.PathUnescape(fix); err == nil && strings.Contains(original, "://") {
		fix = decoded
	}
	if strings.HasPrefix(strings.TrimSpace(fix), "+") {
		original = strings.ReplaceAll(original, "(0)", "")
		if rest, ok := strings.CutPrefix(strings.TrimSpace(original), "00"); ok {
			original = "+" + rest
		}
	}
	f := fold(fix)
	return f != "" && f == fold(original)
}

// sameNumber reports whether a and b are the same decimal number, with a
// decimal point or a decimal comma.
func sameNumber(a, b string) bool {
	x, okA := new(big.Rat).SetString(strings.Replace(strings.TrimSpace(a), ",", ".", 1))
	y, okB := new(big.Rat).SetString(strings.Replace(strings.TrimSpace(b), ",", ".", 1))
	return okA && okB && x.Cmp(y) == 0
}

// fold keeps the letters and digits of s, lower-cased and without accents,
// so that "DE89 3704", "de8937 04" and "Dé89-3704" compare equal.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// guardIdentity drops every fix of an identity field that is not a
// mechanical correction of what the caller gave: the problem then names the
// field and its format, and carries no value for it.
func (e *entry[F]) guardIdentity(given F, errs []FieldError) []FieldError {
	values := e.toMap(given)
	for i, fe := range errs {
		fi := e.field(fe.Field)
		if fi == nil || !fi.Identity {
			continue
		}
		errs[i].Drop = false
		if fe.Fix == "" {
			continue
		}
		if !Mechanical(values[fe.Field], fe.Fix) {
			errs[i].Fix = ""
		}
	}
	return errs
}

// IsIdentity reports whether the kind's field of that name is an identity
// field.
func (e *entry[F]) IsIdentity(name string) bool {
	fi := e.field(name)
	return fi != nil && fi.Identity
}
