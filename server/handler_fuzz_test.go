package server_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// FuzzHandler sends random request targets through the whole handler. It
// must never answer 5xx; every answer is a success (200, 204, 304) or a
// problem document whose 4xx carries a fix, and that fix, followed, is
// answered 200. Targets are bounded to 8 KiB; the 16 KiB limit has its own
// case in TestProblems.
func FuzzHandler(f *testing.F) {
	for _, seed := range []string{
		"/api/v1/qr?data=hello",
		"/api/v1/qr?data=hello&size=300&format=svg&color=%23f00&bg=transparent&style=dot&eye=leaf&ec=h&margin=0&label=Hi&tpl=scanme",
		"/api/v1/qr?data=hello&format=svg-tiny&style=organic&eye=diamond&label=%3Cb%3E",
		"/api/v1/qr?data=hello&format=svg&label=%22%27%26%3C%3E%5D%5D%3E",
		"/api/v1/qr?data=hello&format=svg&label=%FF%01",
		"/q/x.svg?tpl=scanme&label=%E2%9C%93%20ok",
		"/api/v1/qr?data=hi&tpl=bubble&framecolor=ffd700&label=%E6%9D%B1%20go&margin=0&font=mono",
		"/q/x.png?tpl=corners&margin=0&textcolor=fafafa&framecolour=navy",
		"/api/v1/qr?data=hi&size=200&style=rounded&gradientcolors=0d47a1,2e7d32&eyecolor=b71c1c&tpl=banner-above&framecolor=e63946&label=%CE%B1%D0%B6&logo=wifi",
		"/api/v1/qr?data=hi&size=64&bg=transparent&gradient=radial&gradientcolors=000,6a1b9a&tpl=bubble&framecolor=00695c&textcolor=fff176",
		"/q/x.png?label=Menu&margin=0&eyeframecolor=00695c&style=dot&logo=phone&logoplate=rounded&logobg=fff",
		"/api/v1/qr?data=hello&format=json&margin=10",
		"/api/v1/qr?data=hi&format=json&color=red&tpl=box&label=x&size=300",
		"/api/v1/qr?data=hi&cmyk=true&size=30mm&dpi=300",
		"/q/x.jpg?bg=transparent&cmyk=1",
		"/api/v1/qr?data=12345&symbol=micro&eye=rounded&eyeframe=leaf&eyeball=dot",
		"/api/v1/qr?data=12345&symbol=auto&eye=leaf",
		"/api/v1/qr?data=hi&gradientcolors=000,333&color=f00",
		"/api/v1/verify?data=hi&cmyk=true&format=json&color=f00",
		"/api/v1/sepa/payload?iban=x",
		"/q/x.svg?f=png&format=svg-tiny",
		"/q/x.png?type=base64&size=30mm",
		"/api/v1/wifi/payload?ssid=x&fg=red&format=text",
		"/api/v1/verify?data=x&type=svg&robustnes=off",
		"/api/v1/vcard?fn=a&adr2_type=home&city=x",
		"/api/v1/wifii/paylod?ssid=a",
		"/api/v1/qr?data=hello&format=base64&size=64",
		"/api/v1/qr?cht=qr&chs=250x250&chl=hi&choe=UTF-8&chld=H|2",
		"/api/v1/qr",
		"/api/v1/qr?data=",
		"/api/v1/qr?data=a&text=b",
		"/api/v1/qr?data=hi&size=10&margin=11&style=dott&eye=circel&ec=X&format=gif&color=zzz&bg=ggg",
		"/api/v1/qr?data=hi&size=5000&format=json",
		"/api/v1/qr?data=hi&size=300x200",
		"/api/v1/qr?data=hi&size=123456789012345678901234567890",
		"/api/v1/qr?data=100%",
		"/api/v1/qr?data=%zz&size=%G0",
		"/api/v1/qr?data=hi&size;=3",
		"/api/v1/qr?data=" + strings.Repeat("a", 2900) + "&ec=H",
		"/api/v1/qr?data=" + strings.Repeat("a", 2900) + "&size=64&tpl=scanme",
		"/api/v1/qr?data=" + strings.Repeat("%C3%A9", 1500),
		"/api/v1/qr?data=" + strings.Repeat("9", 7100),
		"/q/hello%20world.png",
		"/q/report.png.png?size=300",
		"/q/",
		"/q/.svg",
		"/q/x.svg?f=json",
		"/q/a/b.json?margin=0",
		"/q/%2F.png",
		"/api/v2/qr?data=x&size=5000",
		"/qr?data=hi",
		"/errors/not-fund",
		"/errors/invalid-parameter",
		"/api/v1/kinds/",
		"/",
		"//",
		"/api/v1/qr/",
		"/Q/x.png",
	} {
		for _, method := range []byte{0, 1, 2, 3} {
			f.Add(seed, method)
		}
	}
	// The gallery's first visit measures every tile's score, seconds of
	// work (more under the fuzzer's coverage instrumentation); the fuzzer
	// takes an input running 10 s for a hang. Many problems' fixes lead
	// to the gallery, so each worker visits it once before it fuzzes.
	if rec := do(f, http.MethodGet, "/gallery"); rec.Code != http.StatusOK {
		f.Fatalf("GET /gallery: %d", rec.Code)
	}
	methods := []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodOptions, http.MethodPut}
	f.Fuzz(func(t *testing.T, target string, m byte) {
		if len(target) > 8<<10 {
			return
		}
		if !strings.HasPrefix(target, "/") {
			target = "/" + target
		}
		// net/http refuses these before any handler sees them.
		if strings.ContainsFunc(target, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			return
		}
		if _, err := url.ParseRequestURI(target); err != nil {
			return
		}
		method := methods[int(m)%len(methods)]
		rec := do(t, method, target)
		switch rec.Code {
		case http.StatusOK:
			if rec.Header().Get("Content-Type") == "image/svg+xml" {
				wellFormed(t, rec.Body.Bytes())
			}
			return
		case http.StatusNoContent, http.StatusNotModified:
			return
		case http.StatusSeeOther:
			// An editor page sends a submitted form to its short link; the
			// link stays on this service and opens.
			loc := rec.Header().Get("Location")
			if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") {
				t.Fatalf("%s %s: 303 to %q", method, short(target), loc)
			}
			if opened := do(t, http.MethodGet, loc); opened.Code != http.StatusOK {
				t.Fatalf("%s %s: 303 to %s, which answers %d", method, short(target), loc, opened.Code)
			}
			return
		}
		if rec.Code >= 500 {
			t.Fatalf("%s %s: %d %s", method, short(target), rec.Code, rec.Body.String())
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
			t.Fatalf("%s %s: %d with Content-Type %q", method, short(target), rec.Code, ct)
		}
		var p problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Status != rec.Code {
			t.Fatalf("%s %s: %d with body %s", method, short(target), rec.Code, short(rec.Body.String()))
		}
		if p.Fix == "" {
			// An identity field no fix may invent: the problem shows the
			// kind's documented example instead, which must work. Asked
			// with POST, the example is a curl command, as a fix is.
			if p.Example == "" {
				t.Fatalf("%s %s: %d without a fix or an example: %s", method, short(target), rec.Code, rec.Body.String())
			}
			exMethod, exTarget := fixTarget(t, p.Example)
			if ex := do(t, exMethod, exTarget); ex.Code != http.StatusOK {
				t.Fatalf("%s %s: example %s answers %d", method, short(target), short(p.Example), ex.Code)
			}
			return
		}
		fixed := follow(t, p)
		if strings.HasPrefix(p.Fix, "curl ") {
			// A POST endpoint's fix names the method and URL; its body is
			// the caller's to supply.
			if fixed.Code >= 500 {
				t.Fatalf("%s %s: fix %s answers %d", method, short(target), p.Fix, fixed.Code)
			}
			return
		}
		if fixed.Code == http.StatusSeeOther {
			// A fix that is an editor page with form fields goes on to
			// the page's short link, which must open.
			fixed = do(t, http.MethodGet, fixed.Header().Get("Location"))
		}
		if fixed.Code != http.StatusOK {
			t.Fatalf("%s %s: fix %s answers %d: %s", method, short(target), short(p.Fix), fixed.Code, short(fixed.Body.String()))
		}
	})
}

// wellFormed asserts that an SVG body is well-formed XML: a caption or any
// other text must never break the document.
func wellFormed(t *testing.T, body []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(body))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, short(string(body)))
		}
	}
}
