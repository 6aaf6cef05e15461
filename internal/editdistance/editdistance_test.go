package editdistance

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"rounded2", "rounded", 1}, {"circel", "circle", 1}, {"mnoo", "mono", 1}, {"ab", "ba", 1},
		{"kitten", "sitting", 3}, {"/api/v1/qrr", "/api/v1/qr", 1},
		{strings.Repeat("a", 10000), strings.Repeat("b", 10000), maxLen},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%.20q, %.20q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	for _, c := range []struct {
		name       string
		candidates []string
		want       string
	}{
		{"pasword", []string{"ssid", "password", "security"}, "password"},
		{"amount", []string{"pa", "pn", "am", "tn"}, "am"},
		{"pass", []string{"ssid", "password"}, "password"},
		{"colour", []string{"size", "color", "bg"}, "color"},
		{"zzzzzzzz", []string{"size", "color"}, ""},
		{"a", []string{"am"}, ""},
	} {
		if got := Suggest(c.name, c.candidates); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestMeant(t *testing.T) {
	frames := []string{"none", "banner-below", "banner-above", "box", "bubble", "corners"}
	words := map[string]string{"top": "banner-above"}
	for _, c := range []struct {
		v, want string
		ok      bool
	}{
		{"top", "banner-above", true},   // a declared word
		{"bubbel", "bubble", true},      // a swap is one edit
		{"BOX", "box", true},            // case
		{"rounded-box", "box", true},    // a word of v is a candidate
		{"above", "banner-above", true}, // the one candidate with v as a word
		{"banner", "", false},           // two candidates start with it
		{"boxed", "box", true},          // the longest candidate v starts with
		{"zzz", "", false},              // nothing close
		{"x", "", false},                // one letter is no typo of another
		{"ocean", "", false},            // three edits from none is not a typo
	} {
		got, ok := Meant(c.v, frames, words)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("Meant(%q) = %q, %v; want %q, %v", c.v, got, ok, c.want, c.ok)
		}
	}
	if got, ok := Meant("h", []string{"L", "M", "Q", "H"}, nil); !ok || got != "H" {
		t.Errorf("Meant(h) = %q, %v; candidates compare in any case", got, ok)
	}
}

// A value is offered only where the caller plainly meant it: a slip of the
// keyboard, or a word of the value, never a value with other digits, a
// code one letter off, a word qualified into another meaning, or one of
// two the caller named.
func TestMeantKeepsWhatTheValueSays(t *testing.T) {
	for _, c := range []struct {
		v          string
		candidates []string
		want       string
	}{
		{"sha-256", []string{"SHA1", "SHA256", "SHA512"}, "SHA256"},
		{"hmac-sha256", []string{"SHA1", "SHA256", "SHA512"}, "SHA256"},
		{"sha224", []string{"SHA1", "SHA256", "SHA512"}, ""},
		{"sha3-256", []string{"SHA1", "SHA256", "SHA512"}, ""},
		{"003", []string{"001", "002"}, ""},
		{"002.0", []string{"001", "002"}, "002"},
		{"5.0", []string{"3.0", "4.0"}, ""},
		{"3.0.0", []string{"3.0", "4.0"}, "3.0"},
		{"rounded2", []string{"square", "rounded", "dot"}, "rounded"},
		{"4-weekly", []string{"daily", "weekly", "monthly"}, ""},
		{"monthly on the 1st", []string{"daily", "weekly", "monthly"}, ""},
		{"daily except weekends", []string{"daily", "weekly", "monthly"}, ""},
		{"six-monthly", []string{"daily", "weekly", "monthly"}, ""},
		{"yearly birthday", []string{"daily", "weekly", "yearly"}, ""},
		{"wpa-eap", []string{"WPA", "WPA2", "WPA2-EAP", "SAE"}, ""},
		{"sae-pk", []string{"WPA", "WPA2", "WPA2-EAP", "SAE"}, ""},
		{"wpa2-psk", []string{"WPA", "WPA2", "WPA2-EAP", "SAE"}, "WPA2"},
		{"wpa2-eap-tls", []string{"WPA", "WPA2", "WPA2-EAP", "SAE"}, ""},
		{"WPA/WPA2-Enterprise", []string{"WPA", "WPA2", "WPA2-EAP", "SAE"}, ""},
		{"linkedin-company", []string{"linkedin", "x", "github"}, ""},
		{"ttls-pap", []string{"TLS", "TTLS", "PEAP", "PWD"}, ""},
		{"qr-code", []string{"qr", "url"}, "qr"},
		{"wifi-qr", []string{"wifi", "url"}, "wifi"},
		{"totp-sha256", []string{"totp", "hotp"}, ""},
		{"motp", []string{"totp", "hotp"}, ""},
		{"p2b", []string{"p2p", "p2m"}, ""},
		{"umk", []string{"UMI", "UKE", "UME"}, ""},
		{"gitlab", []string{"github", "gitea"}, ""},
		{"KHR/USD", []string{"KHR", "USD"}, ""},
		{"NON-REF", []string{"QRR", "SCOR", "NON"}, "NON"},
		{"wify", []string{"wifi", "url"}, "wifi"},
		{"circel", []string{"circle", "square"}, "circle"},
		{"dott", []string{"dot", "square"}, "dot"},
	} {
		got, ok := Meant(c.v, c.candidates, nil)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Meant(%q) = %q, %v; want %q", c.v, got, ok, c.want)
		}
	}
}
