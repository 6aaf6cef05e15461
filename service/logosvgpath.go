package service

import (
	"math"
	"strconv"
	"strings"
)

// pathArity is how many arguments each path command takes in one
// argument set (SVG 1.1 §8.3); Z and z take none.
var pathArity = [128]int8{
	'M': 2, 'm': 2, 'L': 2, 'l': 2, 'H': 1, 'h': 1, 'V': 1, 'v': 1,
	'C': 6, 'c': 6, 'S': 4, 's': 4, 'Q': 4, 'q': 4, 'T': 2, 't': 2,
	'A': 7, 'a': 7, 'Z': -1, 'z': -1,
}

// Bounds of the numbers a path's data is written with: plain decimals of
// magnitude at least 1e21 would be long, and oksvg keeps coordinates in
// 26.6 fixed point (under 2^25), which cannot hold them; below 1e-20 a
// number is 0 in oksvg's 64ths of a unit.
const (
	maxPathNumber = 1e21
	minPathNumber = 1e-20
)

// normalisePathData reads d, the data of an SVG path (a d attribute), as
// the grammar of SVG 1.1 §8.3.9 and SVG 2 §9.3.9 says, and writes it again
// so that oksvg reads it right: each argument set with its own command
// letter (a command's implicit repeats written out, the lineto pairs after
// M and m as L and l), numbers in plain decimal (no exponent, no '+', no
// leading '.'), arc flags as 0 or 1, arc radii without their sign (SVG 1.1
// §F.6.6), all separated by single spaces. oksvg misreads implicit repeats
// of an arc, flags written without separators (svgo's "a5 5 0 105 5") and
// an exponent written with E. Relative commands stay relative, absolute
// ones absolute, and Z and z are kept.
//
// ok is false when d has an error: a command that is not one of SVG's,
// data that does not start with M or m, an incomplete argument set, a
// malformed number or flag, a comma where none may be, or a number of
// magnitude maxPathNumber or more. Then what came before the error is
// returned, the argument sets read whole, as a path is drawn up to its
// first error (SVG 1.1 §F.6). A number of magnitude below minPathNumber
// is written 0. Empty data (no path) is "" and ok. The work is linear in
// len(d), and the result at most a few times as long as d.
func normalisePathData(d string) (string, bool) {
	var (
		out strings.Builder
		sc  = pathScanner{s: d}
		buf []byte
	)
	for first := true; ; first = false {
		sc.wsp()
		if sc.i == len(d) {
			return out.String(), true
		}
		c := d[sc.i]
		if c >= 128 || pathArity[c] == 0 || first && c != 'M' && c != 'm' {
			return out.String(), false
		}
		sc.i++
		if pathArity[c] < 0 {
			out.WriteByte(' ')
			out.WriteByte(c)
			continue
		}
		sc.wsp()
		letter, again := c, c
		switch c {
		case 'M':
			again = 'L'
		case 'm':
			again = 'l'
		}
		for {
			var ok bool
			if buf, ok = sc.arguments(buf[:0], c); !ok {
				return out.String(), false
			}
			if out.Len() > 0 {
				out.WriteByte(' ')
			}
			out.WriteByte(letter)
			out.Write(buf)
			letter = again
			// coordinate_pair comma_wsp? coordinate_pair_sequence: after a
			// set comes another, or wsp and the next command.
			sc.wsp()
			if sc.i == len(d) {
				return out.String(), true
			}
			if d[sc.i] == ',' {
				sc.i++
				sc.wsp()
				continue
			}
			if !startsNumber(d[sc.i]) {
				break
			}
		}
	}
}

// A pathScanner reads path data from s at i.
type pathScanner struct {
	s string
	i int
}

// wsp skips white space: space, tab, LF, FF and CR.
func (sc *pathScanner) wsp() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\n', '\f', '\r':
			sc.i++
		default:
			return
		}
	}
}

// commaWsp skips comma_wsp?: white space, at most one comma, white space.
func (sc *pathScanner) commaWsp() {
	sc.wsp()
	if sc.i < len(sc.s) && sc.s[sc.i] == ',' {
		sc.i++
		sc.wsp()
	}
}

// arguments reads one argument set of command c, starting at a number,
// and appends it to b as the numbers written plainly, each after a space
// but the first.
func (sc *pathScanner) arguments(b []byte, c byte) ([]byte, bool) {
	n := int(pathArity[c])
	for k := range n {
		if k > 0 {
			sc.commaWsp()
			b = append(b, ' ')
		}
		if (c == 'A' || c == 'a') && (k == 3 || k == 4) {
			if sc.i == len(sc.s) || sc.s[sc.i] != '0' && sc.s[sc.i] != '1' {
				return b, false
			}
			b = append(b, sc.s[sc.i])
			sc.i++
			continue
		}
		v, ok := sc.number()
		if !ok {
			return b, false
		}
		if (c == 'A' || c == 'a') && k < 2 {
			v = math.Abs(v)
		}
		b = appendPathNumber(b, v)
	}
	return b, true
}

// number reads a number: sign? (digits ("." digits?)? | "." digits)
// (("e" | "E") sign? digits)?, of magnitude below maxPathNumber.
func (sc *pathScanner) number() (float64, bool) {
	s, i := sc.s, sc.i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := i
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		}
		if i == exp {
			return 0, false
		}
	}
	// The syntax is ParseFloat's; out of range, it gives ±Inf or 0.
	v, _ := strconv.ParseFloat(s[sc.i:i], 64)
	if !(math.Abs(v) < maxPathNumber) {
		return 0, false
	}
	sc.i = i
	return v, true
}

// startsNumber is whether a number may start with c.
func startsNumber(c byte) bool {
	return '0' <= c && c <= '9' || c == '.' || c == '+' || c == '-'
}

// appendPathNumber appends v in plain decimal, 0 for magnitudes below
// minPathNumber (and for -0).
func appendPathNumber(b []byte, v float64) []byte {
	if math.Abs(v) < minPathNumber {
		return append(b, '0')
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// scalePathData is path data as normalisePathData writes it, every length
// in it times s: coordinates and arc radii, not an arc's rotation or
// flags.
func scalePathData(d string, s float64) string {
	var b []byte
	var cmd byte
	arg := 0
	for _, f := range strings.Fields(d) {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		if c := f[0]; c != '-' && c != '.' && (c < '0' || c > '9') {
			cmd, arg, f = c, 0, f[1:]
			b = append(b, c)
			if f == "" {
				continue
			}
		}
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return d // not as normalisePathData writes it
		}
		if !((cmd == 'A' || cmd == 'a') && arg >= 2 && arg <= 4) {
			v *= s
		}
		b = appendPathNumber(b, v)
		arg++
	}
	return string(b)
}
