package service

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"
	"time"

	"github.com/qrforge/qrforge/render"
)

// FuzzSVGLogo reads random files as logos: checked (logoFile) and, when
// accepted, drawn (logoImage). Neither may panic or take long, and a
// drawing is at most svgSide (SVG) or logoSide pixels a side. Seeds are
// the hostile SVGs of TestHostileSVGLogos and a few good logos.
func FuzzSVGLogo(f *testing.F) {
	for _, c := range hostileSVGs {
		if len(c.svg) <= 64<<10 {
			f.Add([]byte(c.svg))
		}
	}
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><circle cx="12" cy="12" r="10" fill="url(#g)" stroke="#000" stroke-width="2"/><path d="M6 12 a6 6 0 0 1 12 0 q0 4 -6 6 t-6 -6z" fill-rule="evenodd"/><use href="#g" x="2"/></svg>`))
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm"><g transform="rotate(30 10 10) skewX(10)"><rect x="2" y="2" width="30" height="10" rx="3" style="fill:rgb(10,20,30);stroke:hsl(120,50%,50%)"/></g><polyline points="0,0 10,10 20,0"/><ellipse cx="5" cy="5" rx="4" ry="2"/></svg>`))
	// Clips: Figma's (defs last), Illustrator's (a class, a use), nested.
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none"><g clip-path="url(#clip0)"><path d="M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z" fill="#1E88E5"/><g style="clip-path:url('#b')"><rect width="24" height="24" fill="#000"/></g></g><defs><clipPath id="clip0"><rect width="24" height="24" fill="white"/></clipPath><clipPath id="b" transform="rotate(45 12 12)"><circle cx="12" cy="12" r="6"/></clipPath></defs></svg>`))
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><style>.a{clip-path:url(#c);}</style><rect id="r" width="5" height="10"/></defs><clipPath id="c"><use xlink:href="#r"/></clipPath><g class="a" transform="scale(.5)"><circle cx="5" cy="5" r="4"/></g></svg>`))
	f.Add(testLogoPNG(f))
	var j bytes.Buffer
	jpeg.Encode(&j, image.NewGray(image.Rect(0, 0, 16, 16)), nil)
	f.Add(j.Bytes())
	f.Add(pngHeader(20000, 20000))
	f.Fuzz(func(t *testing.T, file []byte) {
		start := time.Now()
		in, err := logoFile(file)
		if err != nil || in == nil {
			return
		}
		img, err := in.logoImage()
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("took %s", took)
		}
		if err != nil {
			return
		}
		side := logoSide
		if in.format == "svg" {
			side = svgSide
		}
		if b := img.Bounds(); b.Dx() < 1 || b.Dy() < 1 || b.Dx() > side || b.Dy() > side {
			t.Fatalf("drawn at %v", b)
		}
	})
}

// FuzzLogoParam reads random logo parameters: a name, a data URI, a URL.
// A parameter is refused or read, never a panic.
func FuzzLogoParam(f *testing.F) {
	for _, s := range []string{"wifi", "MAP-PIN", "none", "", "https://example.com/a.png", "data:image/png;base64,iVBORw0KGgo=",
		"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 2 2'%3E%3Crect width='1' height='1'/%3E%3C/svg%3E",
		"data:,", "data:;base64,====", "wiffi", dataURI("image/png", testLogoPNG(f))} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		r := &Rendering{Options: render.DefaultOptions(), Canonical: map[string][]string{}, Given: map[string]bool{}}
		q := newQuery(map[string][]string{"logo": {v}})
		get := func(o option) (string, bool) {
			val, ok, _ := q.lookup(o)
			return val, ok
		}
		errs := r.readLogoOptions(get, func(string, string, string, ...any) {})
		if len(errs) == 0 && r.logo != nil && r.logo.remote == "" && r.Canonical.Get("logo") == "" {
			t.Fatalf("%q read without a canonical form", v)
		}
	})
}
