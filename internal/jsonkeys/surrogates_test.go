package jsonkeys

import (
	"encoding/json"
	"testing"
)

// RFC 8259 §7: a character outside the Basic Multilingual Plane is escaped
// as its UTF-16 pair, "\ud834\udd1e" for U+1D11E (the G clef); a half of a
// pair alone is read by encoding/json as U+FFFD.
func TestFirstLoneSurrogate(t *testing.T) {
	for doc, want := range map[string]int{
		`{"data":"\ud834\udd1e"}`:          -1,
		`{"data":"\uD834\uDD1E x"}`:        -1,
		`{"data":"caf\u00e9 \\udcff"}`:     -1, // an escaped backslash, then text
		`{"data":"\"\udcff"}`:              11,
		`{"data":"\udcff"}`:                9,
		`{"data":"\ud834"}`:                9,
		`{"data":"\ud834 \udd1e"}`:         9,
		`{"data":"\ud834\u0041"}`:          9,
		`{"data":"ok","x":"\ud800\ud800"}`: 18,
		`{"\udcff":"key"}`:                 2,
		`{"data":"\ud83`:                   -1, // cut short: the JSON reader says so
	} {
		if got := FirstLoneSurrogate([]byte(doc)); got != want {
			t.Errorf("%s: %d, want %d", doc, got, want)
		}
	}
	// What the check spares encoding/json from reading.
	var v struct{ Data string }
	if json.Unmarshal([]byte(`{"data":"\udcff"}`), &v) != nil || v.Data != "\uFFFD" {
		t.Fatalf("encoding/json reads a lone surrogate as %q", v.Data)
	}
}

func FuzzFirstLoneSurrogate(f *testing.F) {
	f.Add([]byte(`{"data":"\ud834\udd1e","x":"\udcff"}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		at := FirstLoneSurrogate(doc)
		if at < -1 || at >= len(doc) {
			t.Fatalf("offset %d outside %d bytes", at, len(doc))
		}
		if at >= 0 {
			if _, ok := escapedUnit(doc, at); !ok {
				t.Fatalf("offset %d is not a \\u escape", at)
			}
		}
	})
}
