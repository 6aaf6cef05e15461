package service

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// version draws exactly the version asked for, 17 + 4v modules a side
// (ISO/IEC 18004:2015 §5.3.1), and the code reads back.
func TestVersionDrawsTheVersionAsked(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, v := range []int{1, 7, 25, 40} {
		for _, name := range []string{"version", "typenumber", "qrversion"} {
			q := "data=Hello%2C%20world!&" + name + "=" + strconv.Itoa(v)
			img, p := generate(t, svc, Request{Query: q + "&format=json"})
			if p != nil {
				t.Fatalf("%s: %s", q, p.Detail)
			}
			var m struct{ Version, Size int }
			if err := json.Unmarshal(img.Body, &m); err != nil {
				t.Fatal(err)
			}
			if img.Version != v || m.Version != v || m.Size != 17+4*v {
				t.Errorf("%s: version %d (matrix %d, %d modules), want %d (%d modules)", q, img.Version, m.Version, m.Size, v, 17+4*v)
			}
		}
		img, p := generate(t, svc, Request{Query: "data=Hello%2C%20world!&size=1000&version=" + strconv.Itoa(v)})
		if p != nil {
			t.Fatalf("version %d: %s", v, p.Detail)
		}
		if got := readCode(t, img.Body); got != "Hello, world!" || img.Version != v {
			t.Errorf("version %d: read %q at version %d", v, got, img.Version)
		}
	}
}

// With ec absent the level is the highest that holds the data in the
// version asked (version 2 holds 14, 20, 26 and 32 bytes at H, Q, M and
// L: ISO/IEC 18004:2015 Table 7); with ec given it is that level.
func TestVersionRaisesTheLevelUnlessGiven(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ query, level string }{
		{"data=" + strings.Repeat("a", 14) + "&version=2", "H"},
		{"data=" + strings.Repeat("a", 20) + "&version=2", "Q"},
		{"data=" + strings.Repeat("a", 26) + "&version=2", "M"},
		{"data=" + strings.Repeat("a", 20) + "&version=2&ec=L", "L"},
	} {
		img, p := generate(t, svc, Request{Query: c.query})
		if p != nil {
			t.Fatalf("%s: %s", c.query, p.Detail)
		}
		if img.Version != 2 || img.Level != c.level {
			t.Errorf("%s: %s, want 2-%s", c.query, img.Symbol, c.level)
		}
	}
}

// followFix asks for p's fix and returns what it draws.
func followFix(t *testing.T, svc *Service, kind string, p *Problem) *Image {
	t.Helper()
	q := p.Fix[strings.Index(p.Fix, "?")+1:]
	img, again := generate(t, svc, Request{Kind: kind, Query: q})
	if again != nil {
		t.Fatalf("fix %s refused: %s", p.Fix, again.Detail)
	}
	return img
}

// Data a version cannot hold is refused with the smallest version that
// holds it at the level asked (ISO/IEC 18004:2015 Table 7).
func TestVersionTooSmallIsFixedToTheSmallestThatHolds(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	data := strings.Repeat("abcdefghij", 10) // 100 bytes: version 5 at L, 6 at M, 10 at H (Table 7)
	for _, c := range []struct{ extra, want string }{
		{"", "5"},
		{"&ec=M", "6"},
		{"&ec=H", "10"},
	} {
		q := "data=" + data + "&version=3" + c.extra
		_, p := generate(t, svc, Request{Query: q})
		if p == nil {
			t.Fatalf("%s: drawn", q)
		}
		if got, _ := fixOf(t, p, "version"); p.Field != "version" || got != c.want ||
			!strings.Contains(p.Detail, "version-3") || !strings.Contains(p.Detail, "version "+c.want+" is the smallest") || !strings.Contains(p.Detail, "Table 7") {
			t.Errorf("%s: field %s, fix %s, detail %q; want version=%s", q, p.Field, p.Fix, p.Detail, c.want)
		}
		if img := followFix(t, svc, "", p); strconv.Itoa(img.Version) != c.want {
			t.Errorf("%s: fix draws version %d", q, img.Version)
		}
		n, _ := strconv.Atoi(c.want)
		if _, p := generate(t, svc, Request{Query: "data=" + data + "&version=" + strconv.Itoa(n-1) + c.extra}); p == nil {
			t.Errorf("%s: version %d holds it too; the fix is not the smallest", q, n-1)
		}
	}
}

// A logo is drawn at the version asked when it fits there; otherwise the
// fix is the smallest version that holds the data and the logo.
func TestVersionWithALogo(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	img, p := generate(t, svc, Request{Query: "data=https://example.com&logo=wifi&version=6&size=600"})
	if p != nil {
		t.Fatalf("version 6 with a logo: %s", p.Detail)
	}
	if img.Version != 6 || readCode(t, img.Body) != "https://example.com" {
		t.Errorf("version 6 with a logo: drew %s", img.Symbol)
	}
	for _, v := range []string{"2", "10"} {
		q := "data=https://example.com&logo=wifi&version=" + v
		_, p := generate(t, svc, Request{Query: q})
		if p == nil {
			t.Fatalf("%s: drawn, though the logo does not fit", q)
		}
		got, _ := fixOf(t, p, "version")
		if p.Field != "version" || !strings.Contains(p.Detail, "logo") {
			t.Errorf("%s: field %s, detail %q", q, p.Field, p.Detail)
		}
		img := followFix(t, svc, "", p)
		if strconv.Itoa(img.Version) != got || img.Version > 6 {
			t.Errorf("%s: fix %s draws %s; want the smallest version with room", q, p.Fix, img.Symbol)
		}
	}
}

// A version is a QR Code's: with a Micro QR or rMQR code, or with a
// structured append set, it is refused, the fix dropping it.
func TestVersionConflicts(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, q := range []string{"data=12345&symbol=micro&version=3", "data=12345&symbol=rmqr&version=3", "data=12345&append=2&version=3"} {
		_, p := generate(t, svc, Request{Query: q})
		if p == nil {
			t.Fatalf("%s: drawn", q)
		}
		if _, has := fixOf(t, p, "version"); p.Field != "version" || has || p.Fix == "" {
			t.Errorf("%s: field %s, fix %q; want a fix without version", q, p.Field, p.Fix)
		}
		followFix(t, svc, "", p)
	}
	// symbol=auto with a version draws the QR Code.
	if img, p := generate(t, svc, Request{Query: "data=12345&symbol=auto&version=2"}); p != nil || img.Symbol != "2-H" {
		t.Errorf("symbol=auto&version=2: %v %v", img, p)
	}
}

// On epc (and vcard, dpp, sgqr) version is the payload's field; the
// option is qrversion.
func TestVersionIsTheFieldOnEPC(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	const fields = "name=Wikimedia&iban=DE33100205000001194700&bic=BFSWDE33BER&amount=1.23"
	img, p := generate(t, svc, Request{Kind: "epc", Query: fields + "&version=002&qrversion=10&size=600"})
	if p != nil {
		t.Fatal(p.Detail)
	}
	if got := readCode(t, img.Body); img.Version != 10 || !strings.HasPrefix(got, "BCD\n002\n") {
		t.Errorf("drew %s holding %q; want version 10 holding EPC version 002", img.Symbol, got)
	}
	img, p = generate(t, svc, Request{Kind: "epc", Query: fields + "&version=001&size=600"})
	if p != nil {
		t.Fatal(p.Detail)
	}
	if got := readCode(t, img.Body); !strings.HasPrefix(got, "BCD\n001\n") {
		t.Errorf("version=001 holds %q", got)
	}
	// EPC069-12 allows versions up to 13: the fix keeps the field.
	_, p = generate(t, svc, Request{Kind: "epc", Query: fields + "&version=002&qrversion=20"})
	if p == nil {
		t.Fatal("qrversion=20 drawn on epc")
	}
	if v, _ := fixOf(t, p, "qrversion"); p.Field != "qrversion" || v != "13" {
		t.Errorf("qrversion=20: field %s, fix %s", p.Field, p.Fix)
	}
	if v, _ := fixOf(t, p, "version"); v != "002" {
		t.Errorf("qrversion=20: fix %s loses version=002", p.Fix)
	}
	if img := followFix(t, svc, "epc", p); img.Version != 13 {
		t.Errorf("fix draws %s", img.Symbol)
	}
}

// swissqr draws the Swiss cross over the centre, which hides the central
// alignment pattern of versions 7 to 13 from zbar (render/centre.go): a
// version there is refused with the one the emblem leaves readable.
func TestVersionWithAnEmblem(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	_, p := generate(t, svc, Request{Kind: "swissqr", Query: "x=1"})
	if p == nil || p.Example == "" {
		t.Fatal("swissqr without fields: no example")
	}
	example := p.Example[strings.Index(p.Example, "?")+1:]
	for _, v := range []string{"10", "13"} {
		_, p := generate(t, svc, Request{Kind: "swissqr", Query: example + "&version=" + v})
		if p == nil {
			t.Fatalf("version %s with the Swiss cross: drawn", v)
		}
		if got, _ := fixOf(t, p, "version"); got != "14" {
			t.Errorf("version %s: fix %s (%s); want version 14", v, p.Fix, p.Detail)
		}
		if img := followFix(t, svc, "swissqr", p); img.Version != 14 {
			t.Errorf("fix draws %s", img.Symbol)
		}
	}
	if img, p := generate(t, svc, Request{Kind: "swissqr", Query: example + "&version=16"}); p != nil || img.Version != 16 {
		t.Errorf("version 16: %v %v", img, p)
	}
}

// A GS1 element string (FNC1 first) is drawn at the version asked too.
func TestVersionOfAGS1Code(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	const fields = "gtin=9506000134352&batch=LOT-ABC&form=element"
	img, p := generate(t, svc, Request{Kind: "gs1", Query: fields + "&version=4"})
	if p != nil || img.Version != 4 || img.Level != "H" {
		t.Fatalf("gs1 version 4: %v %v", img, p)
	}
	_, p = generate(t, svc, Request{Kind: "gs1", Query: fields + "&version=1&ec=H"})
	if p == nil || p.Field != "version" {
		t.Fatalf("gs1 version 1 at H: %v", p)
	}
	followFix(t, svc, "gs1", p)
}

// A version with one reading is fixed to it; 7.5 (7 or 8) and segno's
// Micro QR versions (M2: which Micro QR Code symbol=micro draws depends on
// the data) have no fix; a word that names no version is dropped.
func TestVersionSpellings(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ value, fix string }{
		{"v7", "7"}, {"V7", "7"}, {"07", "7"}, {"7.0", "7"}, {"41", "40"}, {"0", "auto"}, {"-3", ""}, {"big", ""},
		{"7.5", "!"}, {"M2", "!"},
	} {
		_, p := generate(t, svc, Request{Query: "data=hi&version=" + c.value})
		if p == nil {
			t.Fatalf("version=%s: drawn", c.value)
		}
		got, has := fixOf(t, p, "version")
		switch {
		case c.fix == "!" && p.Fix != "":
			t.Errorf("version=%s: fix %s; want none", c.value, p.Fix)
		case c.fix != "!" && (p.Fix == "" || got != c.fix || has != (c.fix != "")):
			t.Errorf("version=%s: fix %q; want version=%q", c.value, p.Fix, c.fix)
		}
	}
	for _, v := range []string{"auto", "AUTO", ""} {
		if img, p := generate(t, svc, Request{Query: "data=hi&version=" + v}); p != nil || img.Version != 1 {
			t.Errorf("version=%s: %v %v", v, img, p)
		}
	}
}
