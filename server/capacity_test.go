package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// A payload's size is counted in bytes, once, for every path: /payload and
// the image accept and refuse the same text at the limit of a version 40
// symbol at level L, 2953 bytes in byte mode (ISO/IEC 18004 Table 7);
// Hangul, three bytes a character in UTF-8, reaches it at 984 characters,
// and Kanji, 13 bits a character in Kanji mode, at 1817 (Table 7). Past
// the limit there is no fix.
func TestPayloadAndImageShareTheByteLimit(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	tests := []struct {
		name string
		text string
		fits bool
	}{
		{"2953 ASCII bytes", strings.Repeat("a", 2953), true},
		{"2954 ASCII bytes", strings.Repeat("a", 2954), false},
		{"984 Hangul characters, 2952 bytes", strings.Repeat("한", 984), true},
		{"985 Hangul characters, 2955 bytes", strings.Repeat("한", 985), false},
		{"1817 Kanji", strings.Repeat("東", 1817), true},
		{"1817 Kanji and a letter", strings.Repeat("東", 1817) + "A", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, path := range []string{"/api/v1/text/payload", "/api/v1/text"} {
				rec := fetch(t, h, base+path+"?text="+url.QueryEscape(tt.text))
				if got := rec.Code == http.StatusOK; got != tt.fits {
					t.Fatalf("%s: status %d, want fits=%v: %.300s", path, rec.Code, tt.fits, rec.Body.String())
				}
				if tt.fits {
					continue
				}
				var p problem
				if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
					t.Fatal(err)
				}
				if p.Field != "text" || !strings.Contains(p.Detail, "bytes") {
					t.Errorf("%s: field %q, detail %q: want the text field and a count in bytes", path, p.Field, p.Detail)
				}
				if p.Fix != "" {
					// A text cut to fit is another text: which part
					// to leave out only the caller can tell.
					t.Errorf("%s: fix %.200s cuts the text", path, p.Fix)
				}
			}
		})
	}
}
