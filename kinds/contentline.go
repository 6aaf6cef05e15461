package kinds

import (
	"strings"
	"unicode/utf8"
)

// This file holds the content-line syntax that vCard (RFC 2426, RFC 6350)
// and iCalendar (RFC 5545) share: NAME[;PARAM]*:VALUE lines ending in CRLF,
// folded at 75 octets, with TEXT values backslash-escaped.

// contentLineOctets is the longest physical line, excluding its CRLF
// (RFC 6350 §3.2, RFC 5545 §3.1).
const contentLineOctets = 75

// textEscaper escapes a TEXT value (RFC 6350 §3.4, RFC 5545 §3.3.11):
// backslash, comma and semicolon get a backslash, and a line break of any
// form becomes \n. The same escaping is right inside a component of a
// structured value (N, ADR, ORG), where ';' separates components and ','
// separates list items. A colon is never escaped (RFC 5545 §3.3.11).
var textEscaper = strings.NewReplacer(`\`, `\\`, `,`, `\,`, `;`, `\;`, "\r\n", `\n`, "\r", `\n`, "\n", `\n`)

func escapeText(s string) string { return textEscaper.Replace(s) }

// unescapeText reverses escapeText; \N is a line break too (RFC 6350 §3.4).
func unescapeText(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		if s[i] == 'n' || s[i] == 'N' {
			b.WriteByte('\n')
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// writeContentLines joins logical lines into a payload: each folded, each
// ending in CRLF, the last one included (RFC 6350 §3.2, RFC 5545 §3.1).
func writeContentLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(foldContentLine(l))
		b.WriteString("\r\n")
	}
	return b.String()
}

// foldContentLine splits a logical line into physical lines of at most 75
// octets, each continuation starting with one space, which counts towards
// its 75 (RFC 6350 §3.2, RFC 5545 §3.1). It never splits a UTF-8 sequence
// ("multi-octet characters MUST remain contiguous", RFC 6350 §3.2) and
// keeps a backslash escape on one line: unfolding would restore either
// split, but some scanners unfold badly and then misread a lone backslash.
func foldContentLine(line string) string {
	if len(line) <= contentLineOctets {
		return line
	}
	var b strings.Builder
	start, budget := 0, contentLineOctets
	for len(line)-start > budget {
		cut := start + budget
		for cut > start && !utf8.RuneStart(line[cut]) {
			cut--
		}
		if cut > start+1 && opensEscape(line, cut-1) {
			cut--
		}
		if cut == start { // not UTF-8 at all: split the bytes anyway
			cut = start + budget
		}
		b.WriteString(line[start:cut])
		b.WriteString("\r\n ")
		start, budget = cut, contentLineOctets-1
	}
	b.WriteString(line[start:])
	return b.String()
}

// opensEscape reports whether the backslash at i starts an escape pair: a
// run of backslashes is pairs ("\\") and possibly one opener at its end.
func opensEscape(s string, i int) bool {
	n := 0
	for j := i; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// unfold joins a folded line to the one before it (RFC 5545 §3.1, RFC 6350
// §3.2: a line break followed by a space or tab).
var unfold = strings.NewReplacer("\n ", "", "\n\t", "")

// unfoldContentLines undoes folding and splits a payload into its logical
// lines. It accepts CRLF or a bare LF, as readers do (ZXing parses both).
func unfoldContentLines(payload string) []string {
	if payload == "" {
		return nil
	}
	if !strings.Contains(payload, "\n") {
		return []string{payload} // one line: nothing to unfold
	}
	s := strings.ReplaceAll(payload, "\r\n", "\n")
	s = unfold.Replace(s)
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// contentLine is one parsed logical line.
type contentLine struct {
	// group is the vCard group the line belongs to, "" for none (RFC
	// 6350 §3.3: item1.EMAIL, as phones' address books write a property
	// and its X-ABLabel); it does not change what the property is.
	group  string
	name   string            // upper case, without the group
	params map[string]string // names upper case, values as written
	// types lists every TYPE value in lower case: TYPE may be given
	// several times and as a comma list (RFC 2426 §4, RFC 6350 §5.6), and
	// vCard 2.1 writes a type as a parameter without a name (TEL;CELL,
	// vCard 2.1 §2.1.2 and §2.3.3).
	types []string
	value string // still escaped
}

// parseContentLine splits NAME;P=V;...:VALUE at the first colon outside a
// quoted parameter value.
func parseContentLine(l string) (contentLine, bool) {
	quoted := false
	colon := -1
	for i := 0; i < len(l) && colon < 0; i++ {
		switch l[i] {
		case '"':
			quoted = !quoted
		case ':':
			if !quoted {
				colon = i
			}
		}
	}
	if colon <= 0 {
		return contentLine{}, false
	}
	head := strings.Split(l[:colon], ";")
	c := contentLine{name: strings.ToUpper(head[0]), params: map[string]string{}, value: l[colon+1:]}
	if group, name, ok := strings.Cut(c.name, "."); ok && group != "" && strings.Trim(group, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") == "" {
		c.group, c.name = group, name
	}
	for _, p := range head[1:] {
		k, v, named := strings.Cut(p, "=")
		k = strings.ToUpper(k)
		switch {
		case !named && (k == "QUOTED-PRINTABLE" || k == "BASE64" || k == "8BIT" || k == "7BIT"):
			c.params["ENCODING"] = k // vCard 2.1 §2.1.3 lets the value stand alone
		case !named:
			c.types = append(c.types, strings.ToLower(k))
		case k == "TYPE":
			for _, t := range strings.Split(strings.Trim(v, `"`), ",") {
				c.types = append(c.types, strings.ToLower(strings.TrimSpace(t)))
			}
		}
		if named {
			c.params[k] = strings.Trim(v, `"`)
		}
	}
	return c, true
}
