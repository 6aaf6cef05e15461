package service

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// A length below 64 pixels is fixed to the smallest length that draws the
// code, not to 64 pixels: 300 bytes take version 10, and the fix of 20mm
// at 72 dpi was 22.6mm, which a second 400 then raised to 45.9mm.
func TestShortLengthFixDrawsTheCode(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, q := range []string{
		"data=" + strings.Repeat("A", 300) + "&size=20mm&dpi=72&format=pdf",
		"data=" + strings.Repeat("A", 300) + "&size=0.5in&dpi=100",
		"data=hi&size=5mm&format=eps",
	} {
		_, p := s.Generate(context.Background(), Request{Query: q}, "")
		if p == nil || p.Field != "size" {
			t.Fatalf("%.40s…: %+v", q[len(q)-30:], p)
		}
		if _, again := generateURL(s, p.Fix); again != nil {
			t.Errorf("%s: the fix %s fails: %s", q[len(q)-30:], p.Fix[len(p.Fix)-40:], again.Detail)
		}
	}
}

// A length written another way is read as the number it is: .5in was
// fixed to the example 1.2in, and 1e9mm to 30mm; a unit spelt out, 2
// inches, was fixed to 512 pixels.
func TestLengthWrittenOtherwiseIsFixedToItsNumber(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for q, want := range map[string]string{".5in": "size=0.5in", "5.in": "size=5in", "1e9mm": "size=346.8mm",
		"2%20inches": "size=2in", "1.5inch": "size=1.5in", "5%20centimetres": "size=5cm", "40%20millimeters": "size=40mm", "0.05m": "size=5cm", "2%22": "size=2in"} {
		_, p := s.Generate(context.Background(), Request{Query: "data=hi&size=" + q}, "")
		if p == nil || p.Field != "size" || !strings.Contains(p.Fix, want) {
			t.Errorf("size=%s: %+v, want a fix with %s", q, p, want)
			continue
		}
		if _, again := generateURL(s, p.Fix); again != nil {
			t.Errorf("size=%s: the fix %s fails: %s", q, p.Fix, again.Detail)
		}
	}
	// Pixels are the size's own unit, however spelt.
	for _, q := range []string{"300px", "300%20pixels", "300pixel"} {
		img, p := s.Generate(context.Background(), Request{Query: "data=hi&size=" + q}, "")
		if p != nil || img.ETag != etagOf(t, s, "data=hi&size=300") {
			t.Errorf("size=%s: %+v", q, p)
		}
	}
}

// etagOf is the ETag of the code a query draws.
func etagOf(t *testing.T, s *Service, q string) string {
	t.Helper()
	img, p := s.Generate(context.Background(), Request{Query: q}, "")
	if p != nil {
		t.Fatal(p.Detail)
	}
	return img.ETag
}

// A printed length whose modules come out smaller than print guides ask
// (0.4 mm, 4 dots) is drawn with a warning naming the length that meets
// them: an 8 mm code at 600 dpi, 0.17 mm modules, passed without a word.
func TestSmallPrintedModulesAreWarned(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	data := "data=https://example.com/abcdefghijklmnopqrstuvwxy"
	for _, q := range []string{"&size=8mm&dpi=600&format=pdf", "&size=15mm", "&size=1in&dpi=150&format=eps"} {
		img, p := s.Generate(context.Background(), Request{Query: data + q}, "")
		m := regexp.MustCompile(`size=([0-9.]+(mm|in)) prints them`).FindStringSubmatch(img.Warning)
		if p != nil || m == nil {
			t.Errorf("%s: %+v, warning %q", q, p, img.Warning)
			continue
		}
		again, p := s.Generate(context.Background(), Request{Query: data + regexp.MustCompile(`size=[^&]*`).ReplaceAllString(q, "size="+m[1])}, "")
		if p != nil || again.Warning != "" {
			t.Errorf("%s at %s: %+v, warning %q", q, m[1], p, again.Warning)
		}
	}
	for _, q := range []string{"&size=30mm&format=pdf", "&size=300"} {
		if img, p := s.Generate(context.Background(), Request{Query: data + q}, ""); p != nil || img.Warning != "" {
			t.Errorf("%s: %+v, warning %q", q, p, img.Warning)
		}
	}
	// Pixels at a dpi print as a length does: 99 px at 600 dpi is 4.2 mm,
	// and passed without a word where size=4.2mm&dpi=600 was warned.
	for _, q := range []string{"&size=99&dpi=600", "&size=99&dpi=600&format=pdf"} {
		img, p := s.Generate(context.Background(), Request{Query: data + q}, "")
		m := regexp.MustCompile(`size=([0-9]+) prints them`).FindStringSubmatch(img.Warning)
		if p != nil || m == nil {
			t.Errorf("%s: %+v, warning %q, want one naming a size in pixels", q, p, img.Warning)
			continue
		}
		if again, p := s.Generate(context.Background(), Request{Query: data + strings.Replace(q, "size=99", "size="+m[1], 1)}, ""); p != nil || again.Warning != "" {
			t.Errorf("%s at size=%s: %+v, warning %q", q, m[1], p, again.Warning)
		}
	}
}

// verify's module_size check warns of the same, with the same length.
func TestVerifyWarnsOfSmallPrintedModules(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	v, p := s.Verify(context.Background(), Request{Query: "data=https://example.com/abcdefghijklmnopqrstuvwxy&size=8mm&dpi=600&robustness=off"})
	if p != nil {
		t.Fatal(p.Detail)
	}
	for _, c := range v.Checks {
		if c.Name == "module_size" {
			if c.Status != StatusWarn || !strings.Contains(c.Fix, "size=17.4mm") || !strings.Contains(c.Message, "0.17 mm") {
				t.Errorf("module_size %+v", c)
			}
			return
		}
	}
	t.Error("no module_size check")
}

// At the default 300 dpi, too: verify of size=8mm warned "modules are 2
// px at size 94" with the fix size=132, pixels in place of the length,
// where generation warned of 0.17 mm modules and named size=14mm. Every
// fix of a length keeps a length.
func TestVerifyFixesSmallPrintedModulesWithALength(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, q := range []string{"size=8mm", "size=1cm&margin=1", "size=1in&dpi=72", "size=8mm&margin=1&color=777777"} {
		data := "data=https://example.com&" + q
		img, p := s.Generate(context.Background(), Request{Query: data}, "")
		if p != nil {
			t.Fatal(p.Detail)
		}
		v, p := s.Verify(context.Background(), Request{Query: data + "&robustness=off"})
		if p != nil {
			t.Fatal(p.Detail)
		}
		unit := regexp.MustCompile(`(mm|cm|in)(&|$)`).FindString(q)[:2]
		for _, c := range v.Checks {
			if c.Name == "module_size" && (c.Status != StatusWarn || !strings.Contains(img.Warning, c.Message)) {
				t.Errorf("%s: module_size %q, generation warned %q", q, c.Message, img.Warning)
			}
			assertSizeIn(t, q+" "+c.Name, c.Fix, unit)
		}
		assertSizeIn(t, q+" fix", v.Fix, unit)
	}
}

func assertSizeIn(t *testing.T, what, fix, unit string) {
	t.Helper()
	if m := regexp.MustCompile(`[?&]size=([^&]*)`).FindStringSubmatch(fix); m != nil && !strings.HasSuffix(m[1], unit) {
		t.Errorf("%s: fix %s gives size=%s, not in %s", what, fix, m[1], unit)
	}
}
