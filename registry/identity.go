package registry

import (
	"math"
	"math/big"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// A fix is followed blindly by scripts and agents, so on an identity field
// (a payee, an account, an address, a network, a secret) it may only be
// the caller's own value, mechanically corrected. Build enforces that here,
// for every kind, whatever its Check returns.

// Mechanical reports whether fix is original after only mechanical
// corrections: case changed, accents dropped, whitespace changed, the
// separators that group a number or code removed or changed (spaces next
// to a digit, as in ISO 13616-1's paper IBAN, and '-', '.', '/', '(' and
// ')' between digits, ITU-T E.123 §7), the same number written another
// way (48,20 and 48.2), a leading international prefix 00 written + and a
// trunk prefix "(0)" left out of a phone number (ITU-T E.123 §2.5, §7.1),
// or https:// put before a web address written without a scheme, a
// scheme's "://" completed (https//x, MistypedScheme), characters of a
// link percent-encoded (RFC 3986 §2.1: "a b" and "a%20b").
// Every other character is the caller's, in the same order: nothing is
// added, cut or dropped. A shortened name or SSID is another payee or
// network, and so are a/b#d and a/bd as serial numbers, or nasa.gov and
// nasagov as accounts; a control character that is not whitespace, or a
// byte that is not UTF-8, stands for something the caller meant, which no
// fix can know.
func Mechanical(original, fix string) bool {
	if sameNumber(original, fix) {
		return true
	}
	if completed, ok := MistypedScheme(original); ok {
		original = completed
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
	f := canonical(fix)
	return f != "" && f == canonical(original)
}

// sameNumber reports whether a and b are the same decimal number, with a
// decimal point or a decimal comma, or a is an angle in degrees, minutes
// and seconds that b writes in decimal degrees.
func sameNumber(a, b string) bool {
	x, okA := new(big.Rat).SetString(strings.Replace(strings.TrimSpace(a), ",", ".", 1))
	y, okB := new(big.Rat).SetString(strings.Replace(strings.TrimSpace(b), ",", ".", 1))
	if !okA && okB {
		// An angle in degrees, minutes and seconds (Degrees), written in
		// decimal degrees to 6 places.
		d, ok := Degrees(a, "NSEW")
		f, _ := y.Float64()
		return ok && math.Abs(d-f) <= 5e-7
	}
	return okA && okB && x.Cmp(y) == 0
}

// canonical is s as Mechanical compares it: letters and digits
// lower-cased and without accents, the separators that only group a
// number or code left out, whitespace between words written as one space,
// and every other character (a byte that is not UTF-8 included) as it is.
// So "DE89 3704", "de8937 04" and "Dé89-3704" compare equal, and
// "Home Network" and "HomeNetwork" do not.
func canonical(s string) string {
	var b strings.Builder
	var run []rune     // separators since the last other character
	var prev rune = -1 // the character before the run, -1 at the start
	flush := func(next rune) {
		if len(run) == 0 {
			return
		}
		defer func() { run = run[:0] }()
		if unicode.IsDigit(prev) && unicode.IsDigit(next) {
			return
		}
		punct := strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, string(run))
		switch {
		case punct != "":
			b.WriteString(punct)
		case prev >= 0 && next >= 0 && !unicode.IsDigit(prev) && !unicode.IsDigit(next):
			b.WriteByte(' ')
		}
	}
	s = norm.NFD.String(s)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		raw := s[i : i+size]
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			flush(r)
			b.WriteString(raw)
		case unicode.Is(unicode.Mn, r):
			continue
		case isGroupSeparator(r):
			run = append(run, r)
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flush(r)
			b.WriteRune(unicode.ToLower(r))
		default:
			flush(r)
			b.WriteString(raw)
		}
		prev = r
	}
	flush(-1)
	return b.String()
}

// isGroupSeparator reports whether r is whitespace or a character people
// write between the groups of a number or code.
func isGroupSeparator(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.Pd, r) || strings.ContainsRune("./()", r)
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
		if fe.Parts {
			if !e.partsOf(values[fe.Field], fe) {
				errs[i].Fix, errs[i].With = "", nil
			}
			continue
		}
		if !Mechanical(values[fe.Field], fe.Fix) && !(fe.FromLink && linkSegment(values[fe.Field], fe.Fix)) {
			errs[i].Fix = ""
		}
	}
	return errs
}

// linkSegment reports whether fix, without a leading '@', is one whole
// segment of the path of link, an http(s) address with or without its
// scheme, percent-decoded (RFC 3986 §3.3): a part of the caller's own
// value, cut at its separators, with nothing added, dropped or replaced
// inside it; a '+' before digits is the link's own international number.
func linkSegment(link, fix string) bool {
	rest := link
	for _, scheme := range []string{"https://", "http://"} {
		if len(rest) > len(scheme) && strings.EqualFold(rest[:len(scheme)], scheme) {
			rest = rest[len(scheme):]
			break
		}
	}
	rest, _, _ = strings.Cut(rest, "#")
	rest, _, _ = strings.Cut(rest, "?")
	segments := strings.Split(rest, "/")
	want := strings.TrimPrefix(fix, "@")
	// An international number a link writes without its '+' (WhatsApp's
	// wa.me/<number>, click to chat): the segment is the number's digits.
	if digits, ok := strings.CutPrefix(fix, "+"); ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
		want = digits
	}
	for _, seg := range segments[1:] {
		if d, err := url.PathUnescape(seg); err == nil && want != "" && strings.TrimPrefix(d, "@") == want {
			return true
		}
	}
	return false
}

// IsIdentity reports whether the kind's field of that name is an identity
// field.
func (e *entry[F]) IsIdentity(name string) bool {
	fi := e.field(name)
	return fi != nil && fi.Identity
}
