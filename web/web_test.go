package web_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	_ "github.com/qrforge/qrforge/kinds" // every kind registers itself
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

const base = "http://qr.test"

// handler is the whole service, so that pages are tested as mounted, with
// the server's own option table and checks.
var handler = server.New(server.Config{BaseURL: base})

func send(t testing.TB, method, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	return rec
}

// page fetches a page and parses it.
func page(t testing.TB, target string) *doc {
	t.Helper()
	rec := send(t, http.MethodGet, target)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200\n%s", target, rec.Code, rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Fatalf("GET %s: Content-Type %q", target, ct)
	}
	root, err := html.Parse(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	return &doc{t: t, root: root, body: rec.Body.String()}
}

// doc is a parsed page with the queries the tests need.
type doc struct {
	t    testing.TB
	root *html.Node
	body string
}

func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

func (d *doc) all(match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(d.root)
	return out
}

func (d *doc) byID(id string) *html.Node {
	d.t.Helper()
	found := d.all(func(n *html.Node) bool { v, _ := attr(n, "id"); return v == id })
	if len(found) != 1 {
		d.t.Fatalf("%d elements with id %q, want 1", len(found), id)
	}
	return found[0]
}

// controls are the form controls named name.
func (d *doc) controls(name string) []*html.Node {
	return d.all(func(n *html.Node) bool {
		v, ok := attr(n, "name")
		return ok && v == name && (n.Data == "input" || n.Data == "select" || n.Data == "textarea")
	})
}

// value is what the form would send for the control named name, "" for
// none.
func (d *doc) value(name string) string {
	d.t.Helper()
	cs := d.controls(name)
	if len(cs) == 0 {
		d.t.Fatalf("no control named %q", name)
	}
	for _, c := range cs {
		switch c.Data {
		case "textarea":
			return text(c)
		case "select":
			for _, o := range childElements(c, "option") {
				if _, sel := attr(o, "selected"); sel {
					v, _ := attr(o, "value")
					return v
				}
			}
			return ""
		default:
			if typ, _ := attr(c, "type"); typ == "radio" {
				if _, checked := attr(c, "checked"); !checked {
					continue
				}
			}
			v, _ := attr(c, "value")
			return v
		}
	}
	return ""
}

func childElements(n *html.Node, tag string) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == tag {
			out = append(out, c)
		}
	}
	return out
}

func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func (d *doc) attrOf(id, name string) string {
	d.t.Helper()
	v, _ := attr(d.byID(id), name)
	return v
}

// pageName is the name a page gives a field (README "Web pages").
func pageName(field string) string {
	if field == "security" {
		return "sec"
	}
	return field
}

// optionControls are the page names of the rendering options every editor
// has.
var optionControls = []string{"style", "eye", "fg", "bg", "size", "margin", "ec", "tpl", "label"}

func TestEveryKindHasAPageWithAllItsFields(t *testing.T) {
	kinds := registry.All()
	if len(kinds) == 0 {
		t.Fatal("no kinds registered")
	}
	for _, k := range kinds {
		t.Run(k.Name(), func(t *testing.T) {
			d := page(t, "/"+k.Name())
			form := d.byID("editor")
			if action, _ := attr(form, "action"); action != "/"+k.Name() {
				t.Errorf("form action %q, want /%s", action, k.Name())
			}
			if method, _ := attr(form, "method"); method != "get" {
				t.Errorf("form method %q, want get", method)
			}
			if api, _ := attr(form, "data-api"); api != k.Path() {
				t.Errorf("form data-api %q, want %s", api, k.Path())
			}
			example := k.Example()
			for _, f := range k.Fields() {
				cs := d.controls(pageName(f.Name))
				if len(cs) != 1 {
					t.Errorf("field %s: %d controls named %s, want 1", f.Name, len(cs), pageName(f.Name))
					continue
				}
				if api, _ := attr(cs[0], "data-api"); api != f.Name {
					t.Errorf("field %s: data-api %q", f.Name, api)
				}
				if len(f.Enum) > 0 && cs[0].Data != "select" {
					t.Errorf("field %s has values %v but is a <%s>, not a <select>", f.Name, f.Enum, cs[0].Data)
				}
				// A bare page opens with the kind's example.
				if got := d.value(pageName(f.Name)); !strings.EqualFold(got, example[f.Name]) {
					t.Errorf("field %s shows %q, want the example's %q", f.Name, got, example[f.Name])
				}
			}
			for _, name := range optionControls {
				if len(d.controls(name)) == 0 {
					t.Errorf("no control for option %s", name)
				}
			}
			// The preview of the example is a working API call.
			src := d.attrOf("preview-img", "src")
			if !strings.HasPrefix(src, k.Path()+"?") {
				t.Fatalf("preview src %q is not a call of %s", src, k.Path())
			}
			if rec := send(t, http.MethodGet, src); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
				t.Errorf("preview %s: %d %s\n%s", src, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
			}
			svg := d.attrOf("download-svg", "href")
			if rec := send(t, http.MethodGet, svg); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" {
				t.Errorf("SVG download %s: %d %s", svg, rec.Code, rec.Header().Get("Content-Type"))
			}
			pdf := d.attrOf("download-pdf", "href")
			if rec := send(t, http.MethodGet, pdf); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
				t.Errorf("PDF download %s: %d %s", pdf, rec.Code, rec.Header().Get("Content-Type"))
			}
			if got := d.attrOf("api-url", "value"); got != base+src {
				t.Errorf("API URL %q, want %q", got, base+src)
			}
			if level := k.Hints().Level; level != 0 {
				ec := d.controls("ec")[0]
				if _, disabled := attr(ec, "disabled"); !disabled || d.value("ec") != level.String() {
					t.Errorf("%s fixes level %s, but the ec control is not disabled at it", k.Name(), level)
				}
			}
		})
	}
}

func TestEveryControlHasALabel(t *testing.T) {
	targets := []string{"/"}
	for _, k := range registry.All() {
		targets = append(targets, "/"+k.Name())
	}
	for _, target := range targets {
		d := page(t, target)
		labelled := map[string]bool{}
		for _, l := range d.all(func(n *html.Node) bool { return n.Data == "label" }) {
			if id, ok := attr(l, "for"); ok {
				labelled[id] = true
			}
			var mark func(*html.Node)
			mark = func(n *html.Node) {
				if n.Type == html.ElementNode && (n.Data == "input" || n.Data == "select" || n.Data == "textarea") {
					labelled["\x00"+pointer(n)] = true
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					mark(c)
				}
			}
			mark(l)
		}
		for _, c := range d.all(func(n *html.Node) bool { return n.Data == "input" || n.Data == "select" || n.Data == "textarea" }) {
			id, _ := attr(c, "id")
			if !labelled[id] && !labelled["\x00"+pointer(c)] {
				name, _ := attr(c, "name")
				t.Errorf("%s: <%s id=%q name=%q> has no <label>", target, c.Data, id, name)
			}
		}
	}
}

func pointer(n *html.Node) string {
	var b strings.Builder
	for p := n; p != nil; p = p.Parent {
		for s := p.PrevSibling; s != nil; s = s.PrevSibling {
			b.WriteByte('.')
		}
		b.WriteByte('/')
	}
	return b.String()
}

// TestLinkReproducesState opens a link holding a whole state and checks
// that the form shows every value and the preview renders the same state;
// a retired eye name (circle) shows the style drawn for it.
func TestLinkReproducesState(t *testing.T) {
	link := "/wifi?ssid=Caf%C3%A9+%26+Bar&password=longpassword&sec=wpa2&hidden=true" +
		"&style=dot&eye=circle&fg=1d3557&bg=transparent&size=300&margin=2&ec=h&tpl=scanme&label=Free+Wi-Fi"
	d := page(t, link)
	want := map[string]string{
		"ssid": "Café & Bar", "password": "longpassword", "sec": "WPA2", "hidden": "true",
		"style": "dot", "eye": "squircle", "fg": "1d3557", "bg": "transparent", "size": "300",
		"margin": "2", "ec": "H", "tpl": "scanme", "label": "Free Wi-Fi",
		"eap": "", "identity": "",
	}
	for name, v := range want {
		if got := d.value(name); got != v {
			t.Errorf("control %s shows %q, want %q", name, got, v)
		}
	}
	if got := d.attrOf("o-color-picker", "value"); got != "#1d3557" {
		t.Errorf("colour picker %q, want #1d3557", got)
	}
	wantPreview := "/api/v1/wifi?ssid=Caf%C3%A9+%26+Bar&password=longpassword&security=wpa2&hidden=true" +
		"&style=dot&eye=squircle&color=1d3557&bg=transparent&size=300&margin=2&ec=h&tpl=scanme&label=Free+Wi-Fi"
	if got := d.attrOf("preview-img", "src"); got != wantPreview {
		t.Errorf("preview src\n got %s\nwant %s", got, wantPreview)
	}
	if got := d.attrOf("download-png", "href"); got != wantPreview {
		t.Errorf("PNG download %s, want the preview", got)
	}
	if got := d.attrOf("download-svg", "href"); got != wantPreview+"&format=svg" {
		t.Errorf("SVG download %s", got)
	}
	if got := d.attrOf("download-pdf", "href"); got != wantPreview+"&format=pdf" {
		t.Errorf("PDF download %s", got)
	}
	rec := send(t, http.MethodGet, wantPreview)
	if rec.Code != http.StatusOK {
		t.Fatalf("preview answers %d: %s", rec.Code, rec.Body.String())
	}
	if rec.Header().Get("X-QR-EC") != "H" {
		t.Errorf("preview level %s, want H", rec.Header().Get("X-QR-EC"))
	}
	payload := send(t, http.MethodGet, strings.Replace(wantPreview, "/api/v1/wifi?", "/api/v1/wifi/payload?", 1))
	var p struct{ Payload string }
	if err := json.Unmarshal(payload.Body.Bytes(), &p); err != nil || !strings.Contains(p.Payload, `S:Café & Bar;`) {
		t.Errorf("payload %s (%v), want the SSID from the link", payload.Body.String(), err)
	}
}

// TestPageNames checks that a page reads the short names and the API's
// names alike, writes its own link with the short names and the API call
// with the API's.
func TestPageNames(t *testing.T) {
	cases := []struct {
		name, link     string
		control, value string // what the form shows
		apiParam       string // what the preview sends
	}{
		{"sec is security", "/wifi?ssid=Cafe&sec=nopass", "sec", "nopass", "security=nopass"},
		{"security is read too", "/wifi?ssid=Cafe&security=nopass", "sec", "nopass", "security=nopass"},
		{"fg is color", "/text?text=hi&fg=ff0000", "fg", "ff0000", "color=ff0000"},
		{"color is read too", "/text?text=hi&color=ff0000", "fg", "ff0000", "color=ff0000"},
		{"an API alias is read too", "/text?text=hi&dark=%23ff0000", "fg", "#ff0000", "color=%23ff0000"},
		{"label", "/text?text=hi&label=Scan+me", "label", "Scan me", "label=Scan+me"},
		{"caption is label", "/text?text=hi&caption=Scan+me", "label", "Scan me", "label=Scan+me"},
		{"tpl", "/text?text=hi&tpl=scanme", "tpl", "scanme", "tpl=scanme"},
		{"frame is tpl", "/text?text=hi&frame=scanme", "tpl", "scanme", "tpl=scanme"},
		{"names without case", "/text?TEXT=hi&FG=ff0000", "fg", "ff0000", "color=ff0000"},
		{"generic data", "/?data=hello", "data", "hello", "data=hello"},
		{"generic alias", "/?url=https%3A%2F%2Fexample.org", "data", "https://example.org", "data=https%3A%2F%2Fexample.org"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := page(t, c.link)
			if got := d.value(c.control); got != c.value {
				t.Errorf("control %s shows %q, want %q", c.control, got, c.value)
			}
			src := d.attrOf("preview-img", "src")
			u, _ := url.Parse(src)
			if !strings.Contains("&"+u.RawQuery+"&", "&"+c.apiParam+"&") {
				t.Errorf("preview %s lacks %s", src, c.apiParam)
			}
			for _, short := range []string{"sec=", "fg="} {
				if strings.Contains("&"+u.RawQuery, "&"+short) {
					t.Errorf("preview %s uses the page name %s", src, short)
				}
			}
		})
	}
}

// TestSubmittedFormRedirectsToItsLink: a form sent without JavaScript
// carries every control; the page answers with its short link.
func TestSubmittedFormRedirectsToItsLink(t *testing.T) {
	submitted := "/wifi?ssid=Cafe&password=longpassword&sec=&hidden=&eap=&identity=&anonymous_identity=&phase2=" +
		"&style=square&eye=circle&fg=000000&bg=ffffff&size=512&margin=4&ec=&tpl=none&label="
	rec := send(t, http.MethodGet, submitted)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("status %d, want 303", rec.Code)
	}
	if got, want := rec.Header().Get("Location"), "/wifi?ssid=Cafe&password=longpassword&eye=squircle"; got != want {
		t.Errorf("Location %q, want %q", got, want)
	}
}

// TestPageShowsTheAPIsErrors: without JavaScript, a bad field is marked
// with the API's own detail.
func TestPageShowsTheAPIsErrors(t *testing.T) {
	link := "/wifi?ssid=Cafe&password=short&size=10"
	d := page(t, link)
	api := send(t, http.MethodGet, "/api/v1/wifi?ssid=Cafe&password=short&size=10")
	var p struct {
		Errors []struct{ Field, Detail string }
	}
	if err := json.Unmarshal(api.Body.Bytes(), &p); err != nil || len(p.Errors) != 2 {
		t.Fatalf("the API's answer is not two errors: %s", api.Body.String())
	}
	for _, e := range p.Errors {
		id := map[string]string{"password": "f-password", "size": "o-size"}[e.Field]
		if got := strings.TrimSpace(text(d.byID(id + "-error"))); got != e.Detail {
			t.Errorf("%s error %q, want the API's %q", e.Field, got, e.Detail)
		}
		if v, _ := attr(d.byID(id), "aria-invalid"); v != "true" {
			t.Errorf("%s is not aria-invalid", e.Field)
		}
	}
	if class := d.attrOf("preview", "class"); !strings.Contains(class, "is-error") {
		t.Errorf("preview class %q lacks is-error", class)
	}
	if got := strings.TrimSpace(text(d.byID("f-ssid-error"))); got != "" {
		t.Errorf("a valid field shows an error: %q", got)
	}
}

// TestHostileValuesAreEscaped puts markup, script URLs and quotes in every
// kind of control and checks that the page holds them as values only.
func TestHostileValuesAreEscaped(t *testing.T) {
	hostile := []string{
		`"><script>alert(1)</script>`,
		`javascript:alert(1)`,
		`' onmouseover='alert(1)`,
		`</textarea><img src=x onerror=alert(1)>`,
		`{{.}}<!--`,
	}
	for _, h := range hostile {
		q := url.QueryEscape(h)
		for _, link := range []string{
			"/?data=" + q + "&label=" + q + "&fg=" + q + "&style=" + q + "&tpl=" + q + "&size=" + q,
			"/wifi?ssid=" + q + "&sec=" + q + "&password=" + q,
			"/url?url=" + q,
		} {
			d := page(t, link)
			for _, s := range d.all(func(n *html.Node) bool { return n.Data == "script" }) {
				src, _ := attr(s, "src")
				if !strings.HasPrefix(src, "/assets/") || text(s) != "" {
					t.Errorf("%s: unexpected <script src=%q>%s", link, src, text(s))
				}
			}
			for _, n := range d.all(func(*html.Node) bool { return true }) {
				for _, a := range n.Attr {
					if strings.HasPrefix(a.Key, "on") {
						t.Errorf("%s: <%s> has an event handler %s=%q", link, n.Data, a.Key, a.Val)
					}
					if (a.Key == "href" || a.Key == "src" || a.Key == "action") &&
						!(strings.HasPrefix(a.Val, "/") || strings.HasPrefix(a.Val, "#") || strings.HasPrefix(a.Val, "https://") || strings.HasPrefix(a.Val, "http://")) {
						t.Errorf("%s: <%s %s=%q> is not a plain link", link, n.Data, a.Key, a.Val)
					}
				}
			}
			if n := len(d.all(func(n *html.Node) bool { return n.Data == "img" && hasAttr(n, "onerror") })); n > 0 {
				t.Errorf("%s: injected <img>", link)
			}
			// The value survives intact, as a value.
			field := map[bool]string{true: "data", false: "ssid"}[strings.HasPrefix(link, "/?")]
			if strings.HasPrefix(link, "/url") {
				field = "url"
			}
			if got := d.value(field); got != h {
				t.Errorf("%s: %s shows %q, want %q", link, field, got, h)
			}
		}
	}
}

func hasAttr(n *html.Node, name string) bool { _, ok := attr(n, name); return ok }

func TestHomeListsEveryKind(t *testing.T) {
	d := page(t, "/")
	links := map[string]bool{}
	for _, a := range d.all(func(n *html.Node) bool { return n.Data == "a" }) {
		href, _ := attr(a, "href")
		links[href] = true
	}
	for _, k := range registry.All() {
		if !links["/"+k.Name()] {
			t.Errorf("/ does not link to /%s", k.Name())
		}
	}
	thumbs := d.all(func(n *html.Node) bool {
		src, _ := attr(n, "src")
		return n.Data == "img" && strings.Contains(src, "format=svg") && strings.HasPrefix(src, "/api/v1/") && !strings.HasPrefix(src, "/api/v1/qr?")
	})
	if len(thumbs) != len(registry.All()) {
		t.Errorf("%d kind thumbnails, want %d", len(thumbs), len(registry.All()))
	}
	for _, img := range thumbs {
		src, _ := attr(img, "src")
		if rec := send(t, http.MethodGet, src); rec.Code != http.StatusOK {
			t.Errorf("thumbnail %s answers %d: %s", src, rec.Code, rec.Body.String())
		}
	}
	if got := d.value("data"); got == "" {
		t.Error("the generic editor opens empty")
	}
	if src := d.attrOf("preview-img", "src"); !strings.HasPrefix(src, "/api/v1/qr?data=") {
		t.Errorf("generic preview %s", src)
	}
}

// TestOtherPathsStayProblems: pages exist only at / and registered kinds'
// names; everything else is still the API's 404 problem document.
func TestOtherPathsStayProblems(t *testing.T) {
	for _, target := range []string{"/foo", "/wifi/", "/WIFI", "/wifi/extra", "/assets/", "/assets/site.css", "/assets/nope.0000000000.css", "/api", "/index.html"} {
		rec := send(t, http.MethodGet, target)
		if rec.Code != http.StatusNotFound || rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("GET %s: %d %s, want a 404 problem document", target, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	if rec := send(t, http.MethodPost, "/wifi"); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /wifi: %d, want 405", rec.Code)
	}
	if rec := send(t, http.MethodGet, "/api/v1/wifi?ssid=Cafe&security=nopass"); rec.Code != http.StatusOK {
		t.Errorf("the API beside the page: %d", rec.Code)
	}
	if rec := send(t, http.MethodHead, "/wifi"); rec.Code != http.StatusOK {
		t.Errorf("HEAD /wifi: %d", rec.Code)
	}
}

func TestAssetsAreCachedForAYear(t *testing.T) {
	d := page(t, "/")
	var urls []string
	for _, n := range d.all(func(n *html.Node) bool { return n.Data == "link" || n.Data == "script" }) {
		for _, key := range []string{"href", "src"} {
			if v, ok := attr(n, key); ok {
				urls = append(urls, v)
			}
		}
	}
	if len(urls) != 3 {
		t.Fatalf("assets %v, want the icon, the style sheet and the script", urls)
	}
	wantType := map[string]string{".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
	for _, u := range urls {
		rec := send(t, http.MethodGet, u)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", u, rec.Code)
		}
		h := rec.Header()
		if got := h.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", u, got)
		}
		ext := u[strings.LastIndexByte(u, '.'):]
		if got := h.Get("Content-Type"); got != wantType[ext] {
			t.Errorf("%s: Content-Type %q, want %q", u, got, wantType[ext])
		}
		etag := h.Get("ETag")
		if etag == "" || !strings.Contains(u, strings.Trim(etag, `"`)) {
			t.Errorf("%s: ETag %q is not the hash in its name", u, etag)
		}
		if rec := send(t, http.MethodGet, u, "If-None-Match", etag); rec.Code != http.StatusNotModified {
			t.Errorf("%s with If-None-Match: %d, want 304", u, rec.Code)
		}
	}
}

func TestPageHeaders(t *testing.T) {
	rec := send(t, http.MethodGet, "/wifi?ssid=Cafe")
	h := rec.Header()
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self'", "style-src 'self'", "default-src 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %s", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline") {
		t.Errorf("Content-Security-Policy allows inline code: %s", csp)
	}
	etag := h.Get("ETag")
	if etag == "" {
		t.Fatal("a page has no ETag")
	}
	if rec := send(t, http.MethodGet, "/wifi?ssid=Cafe", "If-None-Match", etag); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: %d, want 304", rec.Code)
	}
	// Pages load nothing from another origin (no CDN, no fonts) and have
	// no inline style, which the policy would block.
	d := page(t, "/wifi?ssid=Cafe")
	for _, n := range d.all(func(n *html.Node) bool {
		return n.Data == "link" || n.Data == "script" || n.Data == "img" || n.Data == "style"
	}) {
		if n.Data == "style" {
			t.Error("page has a <style> element")
		}
		for _, key := range []string{"href", "src"} {
			if v, ok := attr(n, key); ok && !strings.HasPrefix(v, "/") {
				t.Errorf("<%s %s=%q> loads from another origin", n.Data, key, v)
			}
		}
	}
	if len(d.all(func(n *html.Node) bool { return hasAttr(n, "style") })) > 0 {
		t.Error("page has style attributes")
	}
}
