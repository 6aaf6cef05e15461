package kinds

import "strings"

// withQuery appends a URI query to base: "?" then name=value pairs joined
// by "&", leaving out pairs whose value is empty. Values are written as
// given, so the caller encodes them as its scheme requires.
func withQuery(base string, params ...uriQueryPair) string {
	var b strings.Builder
	b.WriteString(base)
	sep := "?"
	for _, p := range params {
		if p.value != "" {
			b.WriteString(sep + p.name + "=" + p.value)
			sep = "&"
		}
	}
	return b.String()
}
