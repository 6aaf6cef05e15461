package service

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// decode reads an SVG qrforge drew, in every style a caller may pick:
// gradients, a logo, a caption (its <text> left out), a frame, SVG Tiny
// and a transparent ground. Before, an SVG was a 415.
func TestDecodeReadsSVG(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, q := range []string{
		"data=hello&format=svg",
		"data=https://example.com/menu&format=svg&style=dot&eye=rounded",
		"data=https://example.com/menu&format=svg&style=classy-rounded&gradient=radial&gradientcolors=1a237e,880e4f&logo=wifi",
		"data=https://example.com/menu&format=svg&style=rounded&label=Scan%20me&tpl=bubble&framecolor=1a237e",
		"data=hello&format=svg&label=Caf%C3%A9%20menu",
		"data=hello&format=svg-tiny&bg=transparent&color=navy",
		"data=" + strings.Repeat("A", 1200) + "&format=svg&style=rounded",
	} {
		img, p := generate(t, svc, Request{Query: q})
		if p != nil {
			t.Fatalf("%s: %+v", q, p)
		}
		results, p := svc.Decode(context.Background(), img.Body, "body")
		if p != nil || len(results) != 1 {
			t.Errorf("%s: %+v %+v", q, results, p)
			continue
		}
		data, _, _ := strings.Cut(strings.TrimPrefix(q, "data="), "&format")
		if results[0].Text != data {
			t.Errorf("%s: read %q", q, results[0].Text)
		}
	}
}

// An uploaded SVG is hostile until proven otherwise: each of the logo's
// hostile files is refused (400, or 413 when too large), or drawn and
// found to hold no code (422); none crashes the service.
func TestDecodeRefusesHostileSVG(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range hostileSVGs {
		results, p := svc.Decode(context.Background(), []byte(c.svg), "body")
		if p == nil {
			t.Errorf("%s: read %+v", c.name, results)
			continue
		}
		if p.Status != http.StatusBadRequest && p.Status != http.StatusRequestEntityTooLarge && p.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: %d %s", c.name, p.Status, p.Detail)
		}
		if strings.Contains(p.Detail, "logo") {
			t.Errorf("%s: the detail speaks of a logo: %s", c.name, p.Detail)
		}
	}
}

// withoutText cuts <text> elements, their contents and nested ones, and
// keeps everything else byte for byte.
func TestWithoutTextCutsTextOnly(t *testing.T) {
	for in, want := range map[string]string{
		`<svg><rect/><text x="1">Hi <tspan>there</tspan></text><path d="M0 0"/></svg>`: `<svg><rect/><path d="M0 0"/></svg>`,
		`<svg><text/><g><text>a</text></g></svg>`:                                      `<svg><g></g></svg>`,
		`<svg><rect/></svg>`:        `<svg><rect/></svg>`,
		`<svg><text>unclosed</svg>`: `<svg><text>unclosed</svg>`, // not well-formed: left to checkSVG
	} {
		if got := string(withoutText([]byte(in))); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
}

// FuzzDecodeSVG sends markup to decode: it is refused or read, never a
// crash, and withoutText only ever shortens it and leaves no text to cut.
func FuzzDecodeSVG(f *testing.F) {
	for _, c := range hostileSVGs[:8] {
		f.Add([]byte(c.svg))
	}
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="4" height="4"/><text x="0" y="8"><tspan>Hi</tspan></text></svg>`))
	f.Add([]byte(`<svg><text/><g><text>a</text></g></svg>`))
	svc := New(Config{BaseURL: "http://qr.test"})
	f.Fuzz(func(t *testing.T, b []byte) {
		if !looksLikeXML(b) {
			return
		}
		cut := withoutText(b)
		if len(cut) > len(b) || string(withoutText(cut)) != string(cut) {
			t.Fatalf("withoutText(%q) = %q", b, cut)
		}
		start := time.Now()
		if _, p := svc.Decode(context.Background(), b, "body"); p != nil && p.Status >= 500 {
			t.Fatalf("%q: %d %s", b, p.Status, p.Detail)
		}
		// The read stops within its budget (1.5 s); drawing is bounded
		// by the checks.
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("%q took %s", b, took)
		}
	})
}
