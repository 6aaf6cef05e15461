package service

import (
	"bytes"
	"encoding/base64"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/internal/fetch"
)

// listen serves h on a loopback address of the 127/8 range.
func listen(t *testing.T, addr string, h http.Handler) *httptest.Server {
	t.Helper()
	l, err := net.Listen("tcp", addr+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	s := &httptest.Server{Listener: l, Config: &http.Server{Handler: h}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// Fetching is off by default: a logo URL is a 400 that says so and how to
// send the image. On, every connection is checked on its resolved address,
// redirects included, and size and time are capped. The tests treat
// 127.0.0.1 as public, and any other address as not.
func TestLogoFetch(t *testing.T) {
	logo := testLogoPNG(t)
	var hits int
	good := listen(t, "127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		switch r.URL.Path {
		case "/logo.png":
			w.Write(logo)
		case "/big":
			w.Write(bytes.Repeat([]byte{1}, MaxLogoBytes+1)) // no Content-Length: chunked
		case "/slow":
			time.Sleep(2 * time.Second)
			w.Write(logo)
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/credentials":
			http.Redirect(w, r, "http://user:pw@"+r.Host+"/logo.png", http.StatusFound)
		case "/missing":
			http.NotFound(w, r)
		}
	}))
	inside := listen(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(logo) }))
	port := good.Listener.Addr().(*net.TCPAddr).Port
	toInside := listen(t, "127.0.0.1", http.RedirectHandler(inside.URL+"/logo.png", http.StatusFound))

	off := New(Config{BaseURL: "http://qr.test"})
	_, p := generate(t, off, Request{Params: url.Values{"data": {"hi"}, "logo": {good.URL + "/logo.png"}}})
	if p == nil || p.Status != 400 || p.Field != "logo" || !strings.Contains(p.Detail, "--logo-fetch") || hits != 0 {
		t.Fatalf("fetching off: %+v, %d fetches", p, hits)
	}

	on := New(Config{BaseURL: "http://qr.test", LogoFetch: true})
	if on.logoFetch == nil {
		t.Fatal("LogoFetch does not turn fetching on")
	}
	// The real rule: loopback is not public, by address or by name.
	for _, u := range []string{good.URL + "/logo.png", "http://localhost:" + itoa(port) + "/logo.png"} {
		_, p = generate(t, on, Request{Params: url.Values{"data": {"hi"}, "logo": {u}}})
		if p == nil || !strings.Contains(p.Detail, "not public") {
			t.Fatalf("%s: %+v", u, p)
		}
	}
	if hits != 0 {
		t.Fatalf("%d requests reached the loopback server", hits)
	}

	on.logoFetch = fetch.New(func(a netip.Addr) bool { return a == netip.MustParseAddr("127.0.0.1") }, 500*time.Millisecond, MaxLogoBytes)
	img, p := generate(t, on, Request{Params: url.Values{"data": {"hi"}, "logo": {good.URL + "/logo.png"}}})
	if p != nil {
		t.Fatalf("a public logo: %s", p.Detail)
	}
	if got := readCode(t, img.Body); got != "hi" {
		t.Fatalf("read %q", got)
	}
	// Named by its bytes, as the same file sent would be.
	sent, _ := generate(t, on, Request{Params: url.Values{"data": {"hi"}, "logo": {"data:image/png;base64," + base64.StdEncoding.EncodeToString(logo)}}})
	if sent.ETag != img.ETag || !bytes.Equal(sent.Body, img.Body) {
		t.Error("a fetched logo and the same bytes sent differ")
	}
	// The file at the URL may change: the answer says so, for its caching
	// (server: a max-age of fetch.TTL, not immutable); the bytes sent
	// cannot.
	if !img.Fetched || sent.Fetched {
		t.Errorf("Fetched: %v for the URL, %v for the bytes sent", img.Fetched, sent.Fetched)
	}
	before := hits
	generate(t, on, Request{Params: url.Values{"data": {"hi"}, "logo": {good.URL + "/logo.png"}, "size": {"300"}}})
	if hits != before {
		t.Error("a fetched logo is fetched again within its time to live")
	}

	for _, c := range []struct {
		name, url string
		status    int
		says      string
	}{
		{"a redirect inside", toInside.URL, 400, "not public"},
		{"an address inside", inside.URL + "/logo.png", 400, "not public"},
		{"a redirect loop", good.URL + "/loop", 400, "redirects"},
		{"too large", good.URL + "/big", 413, "larger than 1 MiB"},
		{"too slow", good.URL + "/slow", 400, "cannot be fetched"},
		{"not found", good.URL + "/missing", 400, "404"},
		{"credentials", "http://user:pw@127.0.0.1:" + itoa(port) + "/logo.png", 400, "credentials"},
		{"a redirect to credentials", good.URL + "/credentials", 400, "credentials"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, p := generate(t, on, Request{Params: url.Values{"data": {"hi"}, "logo": {c.url}}})
			if p == nil || p.Status != c.status || p.Field != "logo" || !strings.Contains(p.Detail, c.says) {
				t.Fatalf("%+v, want %d saying %q", p, c.status, c.says)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("took %s", took)
			}
		})
	}
}

// Where fetching is off, a logo URL is refused beside a call's other
// mistakes, not after them: the first problem names it, and its fix,
// which leaves the logo out, answers at once (README "Errors").
func TestUnfetchedLogoJoinsTheFirstErrors(t *testing.T) {
	off := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query string }{
		{"", "data=x&gradient=true&logo=https://example.com/logo.png&logosize=0.25"},
		{"", "data=x&size=5&icon=https://example.com/logo.png"},
		{"wifi", "ssid=Home&password=secret123&colr=navy&logo=https://example.com/logo.png"},
	} {
		params, _ := url.ParseQuery(c.query)
		_, p := generate(t, off, Request{Kind: c.kind, Params: params})
		if p == nil || p.Fix == "" || !slices.ContainsFunc(p.Errors, func(e FieldProblem) bool { return e.Field == "logo" && strings.Contains(e.Detail, "--logo-fetch") }) {
			t.Errorf("%s: %+v, want the logo among the errors", c.query, p)
			continue
		}
		fix, _ := url.Parse(p.Fix)
		if fix.Query().Has("logo") || fix.Query().Has("logosize") {
			t.Errorf("%s: fix %s keeps the logo", c.query, p.Fix)
		}
		if _, p2 := generate(t, off, Request{Kind: c.kind, Params: fix.Query()}); p2 != nil {
			t.Errorf("%s: fix %s: %s", c.query, p.Fix, p2.Detail)
		}
	}
}
