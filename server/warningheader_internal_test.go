package server

import "testing"

func TestWarningHeaderEscapesWhatIsNotASCII(t *testing.T) {
	for in, want := range map[string]string{
		"São § 4 – x":     `S\u00e3o section 4 \u2013 x`,
		"RFC 5870 §3.4.2": "RFC 5870 section 3.4.2",
		"line\nbreak":     "line break",
		"emoji 😀":         `emoji \U0001f600`,
	} {
		if got := warningHeader(in); got != want {
			t.Errorf("warningHeader(%q) = %q, want %q", in, got, want)
		}
	}
}
