package imagetext

import (
	"bytes"
	"encoding/base64"
	"testing"
)

// Every spelling of a file as text gives its bytes back: base64 standard
// or URL-safe, padded or not, broken into lines, in a data URI; an SVG as
// markup, or percent-encoded in a data URI (RFC 2397 §3).
func TestBytesReadsEverySpelling(t *testing.T) {
	file := []byte{0x89, 'P', 'N', 'G', 0xfb, 0xff, 0xfe, 0x00}
	std := base64.StdEncoding.EncodeToString(file)
	for _, s := range []string{
		std,
		base64.RawStdEncoding.EncodeToString(file),
		base64.URLEncoding.EncodeToString(file),
		std[:4] + "\r\n" + std[4:],
		"data:image/png;base64," + std,
	} {
		if got, err := Bytes(s); err != nil || !bytes.Equal(got, file) {
			t.Errorf("%q: %x, %v", s, got, err)
		}
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg"/>`
	for _, s := range []string{svg, "data:image/svg+xml," + "%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E"} {
		if got, err := Bytes(s); err != nil || string(got) != svg {
			t.Errorf("%q: %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"data:image/png;base64", "%%%"} {
		if _, err := Bytes(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
}

// Bytes never panics, and what it reads as base64 it reads back the same
// from its canonical spelling.
func FuzzBytes(f *testing.F) {
	for _, s := range []string{"iVBORw0KGgo=", "data:image/png;base64,AA", "data:,%", "<svg/>", "a-_b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Bytes(s)
		if err != nil || len(s) == 0 || s[0] == '<' || len(s) > 4 && s[:5] == "data:" {
			return
		}
		again, err := Bytes(base64.StdEncoding.EncodeToString(b))
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("%q: %x, then %x, %v", s, b, again, err)
		}
	})
}
