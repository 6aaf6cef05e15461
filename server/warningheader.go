package server

import (
	"fmt"
	"strings"
)

// warningHeader is a warning as X-QR-Warning carries it: in ASCII, as a
// field value's other bytes are opaque (RFC 9110 §5.5) and a browser's
// fetch reads them as Latin-1, so that "§" would arrive as "Â§". A
// section sign is written "section"; any other character outside ASCII
// as \u and its code point in hex (\u00e3 for ã), which JSON and most
// languages read back. The answer's JSON and verify carry the text as is.
func warningHeader(w string) string {
	w = strings.NewReplacer("§ ", "section ", "§", "section ").Replace(w)
	var b strings.Builder
	for _, r := range w {
		switch {
		case r < 0x20 || r == 0x7f:
			b.WriteByte(' ')
		case r < 0x80:
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	return b.String()
}
