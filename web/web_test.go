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

// downloads are the formats every editor offers, with the Content-Type
// each answers.
var downloads = map[string]string{
	"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf", "eps": "application/postscript",
	"gif": "image/gif", "jpeg": "image/jpeg", "json": "application/json",
	"svg-tiny": "image/svg+xml", "base64": "text/plain",
}

// exampleLink is a page link holding a kind's example as the person's own
// values, as a shared link would.
func exampleLink(k registry.Entry) string {
	q := url.Values{}
	for name, v := range k.Example() {
		q.Set(pageName(name), v)
	}
	return "/" + k.Name() + "?" + q.Encode()
}

// TestEveryKindHasAPageWithAllItsFields opens each kind's page with a link
// holding values: the form shows them, under the kind's labels, and the
// preview, every download and every snippet are the API call of them.
func TestEveryKindHasAPageWithAllItsFields(t *testing.T) {
	kinds := registry.All()
	if len(kinds) == 0 {
		t.Fatal("no kinds registered")
	}
	for _, k := range kinds {
		t.Run(k.Name(), func(t *testing.T) {
			d := page(t, exampleLink(k))
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
			if class, _ := attr(form, "class"); strings.Contains(class, "is-example") {
				t.Errorf("a link with values is shown as the example: class %q", class)
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
				if got := d.value(pageName(f.Name)); !strings.EqualFold(got, example[f.Name]) {
					t.Errorf("field %s shows %q, want the link's %q", f.Name, got, example[f.Name])
				}
			}
			for _, name := range optionControls {
				if _, claimed := registry.FieldWords(k)[name]; claimed && name == "label" {
					name = "caption" // the kind's standard names a field label
				}
				if len(d.controls(name)) == 0 {
					t.Errorf("no control for option %s", name)
				}
			}
			src := d.attrOf("preview-img", "src")
			if !strings.HasPrefix(src, k.Path()+"?") {
				t.Fatalf("preview src %q is not a call of %s", src, k.Path())
			}
			if rec := send(t, http.MethodGet, src); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
				t.Errorf("preview %s: %d %s\n%s", src, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
			}
			for format, ct := range downloads {
				a := d.byID("download-" + format)
				href, _ := attr(a, "href")
				want := src + "&format=" + format
				if format == "png" {
					want = src
				}
				if href != want {
					t.Errorf("%s download %q, want %q", format, href, want)
				}
				if file, _ := attr(a, "download"); !strings.HasPrefix(file, "qrcode-"+k.Name()+".") {
					t.Errorf("%s download saves as %q", format, file)
				}
				if _, off := attr(a, "aria-disabled"); off {
					t.Errorf("%s download is disabled", format)
				}
				if rec := send(t, http.MethodGet, href); rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), ct) {
					t.Errorf("%s download %s: %d %s", format, href, rec.Code, rec.Header().Get("Content-Type"))
				}
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

// TestABarePageShowsTheExampleAsAnExample: a page opened without values
// has empty fields with the example as placeholders and human labels, a
// preview of the example that is marked so and comes from a page path, no
// download or snippet, and no identity value of the example in any link,
// value or attribute other than a placeholder.
func TestABarePageShowsTheExampleAsAnExample(t *testing.T) {
	for _, k := range registry.All() {
		t.Run(k.Name(), func(t *testing.T) {
			d := page(t, "/"+k.Name()+"?fg=1d3557")
			if class := d.attrOf("editor", "class"); !strings.Contains(class, "is-example") {
				t.Errorf("form class %q lacks is-example", class)
			}
			example := k.Example()
			for _, f := range k.Fields() {
				c := d.controls(pageName(f.Name))[0]
				if got := d.value(pageName(f.Name)); got != "" {
					t.Errorf("field %s opens with %q, want empty", f.Name, got)
				}
				id, _ := attr(c, "id")
				if ph, _ := attr(c, "placeholder"); c.Data != "select" && ph != example[f.Name] {
					t.Errorf("field %s: placeholder %q, want the example's %q", f.Name, ph, example[f.Name])
				}
				label := d.all(func(n *html.Node) bool { v, _ := attr(n, "for"); return n.Data == "label" && v == id })
				if len(label) != 1 || !strings.HasPrefix(strings.TrimSpace(text(label[0])), f.Title) {
					t.Errorf("field %s is not labelled %q", f.Name, f.Title)
				}
			}
			if badge := strings.TrimSpace(text(d.byID("example-badge"))); badge != "Example: not your data" {
				t.Errorf("badge %q", badge)
			}
			src := d.attrOf("preview-img", "src")
			if want := "/" + k.Name() + "/example.svg?fg=1d3557"; src != want {
				t.Errorf("preview src %q, want %q", src, want)
			}
			rec := send(t, http.MethodGet, src)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), "1d3557") {
				t.Errorf("example image %s: %d %s, not in the page's colour", src, rec.Code, rec.Header().Get("Content-Type"))
			}
			for format := range downloads {
				a := d.byID("download-" + format)
				if href, ok := attr(a, "href"); ok {
					t.Errorf("the example offers a %s download: %s", format, href)
				}
				if v, _ := attr(a, "aria-disabled"); v != "true" {
					t.Errorf("the %s download is not marked disabled", format)
				}
			}
			for _, id := range []string{"api-url", "snippet-html", "snippet-markdown", "snippet-curl"} {
				if v := d.attrOf(id, "value"); v != "" {
					t.Errorf("the example offers %s %q", id, v)
				}
			}
			for _, f := range k.Fields() {
				v := example[f.Name]
				// "example" (PayPal's own sample name) is also the word
				// the page marks the example with.
				if !f.Identity || len(v) < 3 || strings.EqualFold(v, "example") {
					continue
				}
				for _, n := range d.all(func(*html.Node) bool { return true }) {
					for _, a := range n.Attr {
						if a.Key == "placeholder" {
							continue
						}
						if strings.Contains(a.Val, v) || strings.Contains(a.Val, url.QueryEscape(v)) {
							t.Errorf("<%s %s=%q> holds the example's %s", n.Data, a.Key, a.Val, f.Name)
						}
					}
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
	if href, ok := attr(d.byID("download-png"), "href"); ok || d.attrOf("download-png", "aria-disabled") != "true" {
		t.Errorf("a refused state offers its download %q", href)
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
		return n.Data == "img" && strings.HasSuffix(strings.Split(src, "?")[0], "/example.svg") && src != "/example.svg"
	})
	if len(thumbs) != len(registry.All()) {
		t.Errorf("%d kind thumbnails, want %d", len(thumbs), len(registry.All()))
	}
	for _, img := range thumbs {
		src, _ := attr(img, "src")
		if rec := send(t, http.MethodGet, src); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" {
			t.Errorf("thumbnail %s answers %d: %s", src, rec.Code, rec.Body.String())
		}
	}
	if got := d.value("data"); got != "" {
		t.Errorf("the generic editor opens with %q, want empty", got)
	}
	if ph := d.attrOf("f-data", "placeholder"); ph != "https://example.com" {
		t.Errorf("the generic editor's placeholder is %q", ph)
	}
	if src := d.attrOf("preview-img", "src"); src != "/example.svg" {
		t.Errorf("generic preview %s, want the example", src)
	}
}

// TestHomeGroupsKindsByPurpose: kinds are listed under their purpose's
// heading, in the registry's order of purposes, common ones first in each,
// and each card carries the words the search box matches, its field
// labels among them.
func TestHomeGroupsKindsByPurpose(t *testing.T) {
	d := page(t, "/")
	groups := d.all(func(n *html.Node) bool { c, _ := attr(n, "class"); return n.Data == "section" && c == "kind-group" })
	var headings []string
	seen := 0
	for _, g := range groups {
		h := d.all(func(n *html.Node) bool { return n.Data == "h3" && isWithin(n, g) })
		if len(h) != 1 {
			t.Fatalf("a group has %d headings", len(h))
		}
		heading := text(h[0])
		headings = append(headings, heading)
		common := true
		for _, li := range d.all(func(n *html.Node) bool { return n.Data == "li" && isWithin(n, g) }) {
			a := d.all(func(n *html.Node) bool { return n.Data == "a" && isWithin(n, li) })[0]
			href, _ := attr(a, "href")
			k, ok := registry.Lookup(strings.TrimPrefix(href, "/"))
			if !ok {
				t.Fatalf("card %s is no kind", href)
			}
			seen++
			if k.Purpose().String() != heading {
				t.Errorf("%s is under %q, its purpose is %q", k.Name(), heading, k.Purpose())
			}
			if k.Common() && !common {
				t.Errorf("common %s is listed after a less common kind in %q", k.Name(), heading)
			}
			common = k.Common()
			if !strings.Contains(text(a), k.Title()) {
				t.Errorf("card %s does not show its title %q", href, k.Title())
			}
			search, _ := attr(li, "data-search")
			for _, f := range k.Fields() {
				if !strings.Contains(search, strings.ToLower(f.Title)) {
					t.Errorf("searching %q would not find %s", f.Title, k.Name())
				}
			}
		}
	}
	if seen != len(registry.All()) {
		t.Errorf("%d cards in groups, want %d", seen, len(registry.All()))
	}
	order := map[string]int{}
	for i, p := range registry.Purposes() {
		order[p.String()] = i
	}
	for i := 1; i < len(headings); i++ {
		if order[headings[i-1]] >= order[headings[i]] {
			t.Errorf("groups out of order: %q before %q", headings[i-1], headings[i])
		}
	}
	if len(headings) < 8 || headings[0] != registry.LinksAndText.String() {
		t.Errorf("groups %q: want links and text first and at least 8", headings)
	}
	// The search box needs the script: without it the whole list shows.
	if _, hidden := attr(d.byID("kind-search-box"), "hidden"); !hidden {
		t.Error("the search box shows without the script")
	}
}

func isWithin(n, ancestor *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p == ancestor {
			return true
		}
	}
	return false
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

// TestSnippetsUseTheAPIURL: the HTML, Markdown and curl snippets are the
// preview's API URL, escaped for each, and each still fetches the code.
func TestSnippetsUseTheAPIURL(t *testing.T) {
	d := page(t, "/wifi?ssid=Caf%C3%A9+%26+Bar&password=it%27s+a+secret&fg=1d3557")
	api := base + "/api/v1/wifi?ssid=Caf%C3%A9+%26+Bar&password=it%27s+a+secret&color=1d3557"
	want := map[string]string{
		"api-url":          api,
		"snippet-html":     `<img src="` + strings.ReplaceAll(api, "&", "&amp;") + `" alt="QR code">`,
		"snippet-markdown": "![QR code](" + api + ")",
		"snippet-curl":     "curl -o qrcode-wifi.png '" + api + "'",
	}
	for id, v := range want {
		if got := d.attrOf(id, "value"); got != v {
			t.Errorf("%s\n got %s\nwant %s", id, got, v)
		}
	}
	// The snippets parse back to the URL: the image's src through an HTML
	// parser, the curl word through a shell's quoting rules.
	img, err := html.Parse(strings.NewReader(want["snippet-html"]))
	if err != nil {
		t.Fatal(err)
	}
	srcs := (&doc{t: t, root: img}).all(func(n *html.Node) bool { return n.Data == "img" })
	if src, _ := attr(srcs[0], "src"); src != api {
		t.Errorf("the HTML snippet's image is %s", src)
	}
	if rec := send(t, http.MethodGet, strings.TrimPrefix(api, base)); rec.Code != http.StatusOK {
		t.Errorf("the snippets' URL answers %d", rec.Code)
	}
}

// TestDownloadsLeaveOutWhatTheirFormatDoesNotDraw: a styled code's json
// download is the module matrix without the colour and size, which the
// API refuses there, and says so for the script; a drawn format keeps
// them.
func TestDownloadsLeaveOutWhatTheirFormatDoesNotDraw(t *testing.T) {
	d := page(t, "/?data=styled&fg=1d3557&size=300")
	src := d.attrOf("preview-img", "src")
	if !strings.Contains(src, "color=1d3557") || !strings.Contains(src, "size=300") {
		t.Fatalf("preview %q lacks the style", src)
	}
	json := d.byID("download-json")
	href, _ := attr(json, "href")
	if strings.Contains(href, "color=") || strings.Contains(href, "size=") || !strings.Contains(href, "format=json") {
		t.Errorf("json download %q", href)
	}
	if rec := send(t, http.MethodGet, href); rec.Code != http.StatusOK {
		t.Errorf("json download %s: %d %s", href, rec.Code, rec.Body.String())
	}
	if drops, _ := attr(json, "data-drops"); !strings.Contains(" "+drops+" ", " color ") || !strings.Contains(" "+drops+" ", " size ") {
		t.Errorf("json download drops %q, want color and size among them", drops)
	}
	svg, _ := attr(d.byID("download-svg"), "href")
	if svg != src+"&format=svg" {
		t.Errorf("svg download %q, want %q", svg, src+"&format=svg")
	}
	// An SVG draws every option but the print inks of PDF and EPS.
	if drops, _ := attr(d.byID("download-svg"), "data-drops"); drops != "cmyk" {
		t.Errorf("svg download drops %q, want cmyk alone", drops)
	}
	if drops, has := attr(d.byID("download-pdf"), "data-drops"); has && strings.Contains(drops, "cmyk") {
		t.Errorf("pdf download drops %q", drops)
	}
}

// A bitcoin page's caption is written caption, in its API calls and in
// its own links, and its control says so to the page's script: bitcoin's
// calls read label as BIP21's payee. So a link with label, as an API call
// gives it, is the payee to the page as well: left unread and said, with
// the field meant, where the page drew it as a caption and left the payee
// out of the code.
func TestCaptionOnAPageWhoseStandardNamesALabel(t *testing.T) {
	d := page(t, "/bitcoin?address=BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4&caption=Pay+here")
	api := d.attrOf("api-url", "value")
	if !strings.Contains(api, "caption=Pay+here") || strings.Contains(api, "label=") {
		t.Errorf("API URL %s, want the caption as caption", api)
	}
	if rec := send(t, http.MethodGet, strings.TrimPrefix(api, base)); rec.Code != http.StatusOK {
		t.Errorf("the API URL answers %d: %s", rec.Code, rec.Body.String())
	}
	if c := d.controls("caption"); len(c) != 1 {
		t.Fatalf("%d controls named caption", len(c))
	} else if v, _ := attr(c[0], "data-api"); v != "caption" {
		t.Errorf("the caption control's data-api is %q, want caption", v)
	}
	labelled := page(t, "/bitcoin?address=BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4&label=Shop")
	if api := labelled.attrOf("api-url", "value"); strings.Contains(api, "Shop") {
		t.Errorf("label=Shop drawn as %s, want it left unread", api)
	}
	if items := labelled.noticeItems(); len(items) != 1 || !strings.Contains(items[0], "label") || !strings.Contains(items[0], "recipient") {
		t.Errorf("notice %q, want label named, with recipient meant", items)
	}
	if api := page(t, "/url?url=https%3A%2F%2Fexample.com&label=Menu").attrOf("api-url", "value"); !strings.Contains(api, "label=Menu") {
		t.Errorf("url's API URL %s, want label", api)
	}
}

// noticeItems are the lines of the notice of a link's parameters the page
// does not read, as read, with spaces collapsed; nil for no notice.
func (d *doc) noticeItems() []string {
	notices := d.all(func(n *html.Node) bool { v, _ := attr(n, "id"); return v == "link-notice" })
	if len(notices) == 0 {
		return nil
	}
	var out []string
	for _, li := range d.all(func(n *html.Node) bool { return n.Data == "li" }) {
		for p := li.Parent; p != nil; p = p.Parent {
			if p == notices[0] {
				out = append(out, strings.Join(strings.Fields(text(li)), " "))
				break
			}
		}
	}
	return out
}

// linksIn are the hrefs of the links in the notice's line that starts
// with name.
func (d *doc) noticeLinks(name string) []string {
	var out []string
	for _, li := range d.all(func(n *html.Node) bool { return n.Data == "li" }) {
		if !strings.HasPrefix(strings.TrimSpace(text(li)), name+" ") {
			continue
		}
		for _, a := range d.all(func(n *html.Node) bool { return n.Data == "a" }) {
			for p := a.Parent; p != nil; p = p.Parent {
				if p == li {
					href, _ := attr(a, "href")
					out = append(out, href)
				}
			}
		}
	}
	return out
}

// TestLinkParametersThePageDoesNotReadAreSaid opens links with a misspelt
// option, a misspelt field and options only the API takes: the code is
// drawn without them, as before, and a notice names each with the API's
// own suggestion, or links the API call that takes it.
func TestLinkParametersThePageDoesNotReadAreSaid(t *testing.T) {
	// The API refuses the same name with the suggestion the page gives.
	if rec := send(t, http.MethodGet, "/api/v1/qr?data=x&colr=red"); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "did you mean color?") {
		t.Fatalf("the API's answer to colr: %d %s", rec.Code, rec.Body.String())
	}
	cases := []struct {
		link, preview string
		items         []string
		links         map[string][]string // by parameter: the notice's links
	}{
		{"/?data=x&colr=red", "/api/v1/qr?data=x",
			[]string{"colr is not an option of this page; did you mean color?"},
			map[string][]string{"colr": {"/?data=x&fg=red"}}},
		{"/wifi?ssid=x&sec=WPA&pasword=abc", "/api/v1/wifi?ssid=x&security=WPA",
			[]string{"pasword is not an option of this page; did you mean password?"},
			map[string][]string{"pasword": {"/wifi?ssid=x&password=abc&sec=WPA"}}},
		{"/?data=x&colr=red&fg=00f", "/api/v1/qr?data=x&color=00f",
			[]string{"colr is not an option of this page; did you mean color? It is given already."}, nil},
		{"/?data=x&eci=utf8&format=svg&append=2", "/api/v1/qr?data=x",
			[]string{
				"append is not an option of this page; the API takes it: the API call with it.",
				"eci is not an option of this page; the API takes it: the API call with it.",
				"format is not an option of this page: the downloads below give each format; the API takes it: the API call with it.",
			},
			map[string][]string{"eci": {"/api/v1/qr?data=x&eci=utf8"}, "format": {"/api/v1/qr?data=x&format=svg"}, "append": {"/api/v1/qr?data=x&append=2"}}},
		{"/?data=x&zzqqxx=1", "/api/v1/qr?data=x",
			[]string{"zzqqxx is not an option of this page, and nothing is close to it."}, nil},
		// Cache busters are ignored by the API too, and so without a word.
		{"/?data=x&_=123", "/api/v1/qr?data=x", nil, nil},
		{"/?data=x&fg=red", "/api/v1/qr?data=x&color=red", nil, nil},
	}
	for _, c := range cases {
		d := page(t, c.link)
		if got := d.attrOf("preview-img", "src"); got != c.preview {
			t.Errorf("%s: preview %q, want %q", c.link, got, c.preview)
		}
		got := d.noticeItems()
		if strings.Join(got, "\n") != strings.Join(c.items, "\n") {
			t.Errorf("%s: notice\n%q\nwant\n%q", c.link, got, c.items)
		}
		for name, want := range c.links {
			if got := d.noticeLinks(name); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: %s's links %q, want %q", c.link, name, got, want)
			}
		}
	}
}

// TestLowContrastColourIsWarnedBesideItsControl opens a link whose colour
// barely differs from the ground: the API draws it with an X-QR-Warning,
// and the page shows that warning beside the Colour control.
func TestLowContrastColourIsWarnedBesideItsControl(t *testing.T) {
	api := send(t, http.MethodGet, "/api/v1/qr?data=hello+editor&color=fefefe")
	warning := api.Header().Get("X-QR-Warning")
	if api.Code != http.StatusOK || !strings.Contains(warning, "darken color to #727272") {
		t.Fatalf("the API's answer: %d, X-QR-Warning %q", api.Code, warning)
	}
	d := page(t, "/?data=hello+editor&fg=fefefe")
	note := d.byID("o-color-warning")
	// Each of the API's warnings on the colour, as the API words it.
	for _, part := range []string{"contrast: contrast 1.01:1 between color and bg is below 4.5:1 (WCAG 2 relative luminance); darken color to #727272", "decoders: contrast below 4.5:1: measured unreadable by jsQR 1.4"} {
		if _, hidden := attr(note, "hidden"); hidden || !strings.Contains(text(note), part) || !strings.Contains(warning, part) {
			t.Errorf("colour warning %q (hidden %v), want the API's %q", text(note), hidden, part)
		}
	}
	if !strings.Contains(d.attrOf("o-color", "aria-describedby"), "o-color-warning") {
		t.Errorf("the colour control is not described by its warning")
	}
	if _, ok := attr(d.byID("download-png"), "href"); !ok {
		t.Errorf("a code the API draws offers no download")
	}
	d = page(t, "/?data=hello+editor&fg=1d3557")
	if _, hidden := attr(d.byID("o-color-warning"), "hidden"); !hidden {
		t.Errorf("a dark colour is warned of: %q", text(d.byID("o-color-warning")))
	}
}

// Hints set the values they quote as code, as the descriptions mark them
// for the API reference (`wpa`), never as raw backticks.
func TestHintsSetQuotedValuesAsCode(t *testing.T) {
	for _, name := range registry.Names() {
		d := page(t, "/"+name)
		for _, n := range d.all(func(n *html.Node) bool { v, _ := attr(n, "class"); return v == "hint" }) {
			if text := text(n); strings.Contains(text, "`") {
				t.Errorf("/%s: a hint shows backticks: %q", name, text)
			}
		}
	}
	if d := page(t, "/wifi"); !strings.Contains(d.body, "<code>wpa</code> is <code>WPA</code>") {
		t.Error("/wifi: the security hint does not set wpa and WPA as code")
	}
}

// A page reads its link as the API reads its query: a pair with a ';' or
// a stray '%' is kept (net/url dropped the pair, and a Wi-Fi page drew an
// open network for a password with a ';'); a value given twice with
// different values is refused, as the API refuses it, with nothing to
// download, where the page drew the first; and a value with a line break
// in a one-line field is shown in a text area, which keeps it.
func TestPageReadsItsLinkAsTheAPIDoes(t *testing.T) {
	d := page(t, "/wifi?ssid=Home&password=pass;word&security=WPA")
	if api := d.attrOf("api-url", "value"); !strings.Contains(api, "password=pass%3Bword") {
		t.Errorf("password with ';': API URL %s", api)
	}
	if api := page(t, "/?data=100%").attrOf("api-url", "value"); !strings.Contains(api, "data=100%25") {
		t.Errorf("data with a stray %%: API URL %s", api)
	}
	for _, link := range []string{"/?data=a&text=b", "/?data=a&data=b", "/wifi?ssid=Home&ssid=Other&password=secret123", "/?data=a&fg=red&color=blue"} {
		d := page(t, link)
		if src := d.attrOf("preview-img", "src"); src != "" {
			t.Errorf("%s: preview %s, want none", link, src)
		}
		if href, _ := attr(d.byID("download-png"), "href"); href != "" {
			t.Errorf("%s: PNG download %s, want none", link, href)
		}
		if !strings.Contains(text(d.root), "given twice with different values") {
			t.Errorf("%s: the page does not say the value is given twice", link)
		}
	}
	if d := page(t, "/?data=a&style=dot&style=DOT"); d.attrOf("preview-img", "src") == "" {
		t.Error("style=dot&style=DOT: one value in two cases is refused")
	}
	v := page(t, "/vcard?fn=John&street=Line1%0ALine2")
	if c := v.controls(pageName("street")); len(c) != 1 || c[0].Data != "textarea" {
		t.Errorf("street with a line break: %d controls, want one text area", len(c))
	}
	// A text area sends CRLF: a form sent without JavaScript keeps the
	// link's LF (and a link's CRLF stays CRLF), as the script does.
	if c := page(t, "/?data=a%0Ab").controls("_was.data"); len(c) != 1 {
		t.Fatalf("%d controls _was.data, want the value's own line breaks kept", len(c))
	} else if was, _ := attr(c[0], "value"); was != "a%0Ab" {
		t.Errorf("_was.data is %q", was)
	}
	for sent, want := range map[string]string{
		"/?data=a%0D%0Ab&_was.data=a%250Ab&style=":        "data=a%0Ab",
		"/?data=a%0D%0Ab&_was.data=a%250D%250Ab&style=":   "data=a%0D%0Ab",
		"/?data=a%0D%0Ab%0D%0Ac&_was.data=a%250Ab&style=": "data=a%0D%0Ab%0D%0Ac",
	} {
		rec := send(t, http.MethodGet, sent)
		if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || !strings.Contains(loc, want) {
			t.Errorf("%s: %d to %q, want %s", sent, rec.Code, loc, want)
		}
	}
}

// A link whose data is a whole payload in the page's form (a WIFI: text
// on the Wi-Fi page) is said to be one, with a link to the page with what
// it holds under the fields, as the API's fix writes them; a payload with
// parts no field carries is said to be one, with why it is not opened.
func TestLinkWithAPayloadOpensItsFields(t *testing.T) {
	d := page(t, "/wifi?data=WIFI:S:home%3BT:WPA%3BP:secret12%3B%3B")
	if got := d.noticeItems(); len(got) != 1 || !strings.Contains(got[0], "it holds a code's whole text in this page's form: open it with its fields filled in.") {
		t.Errorf("wifi data: notice %q", got)
	}
	links := d.noticeLinks("data")
	if len(links) != 1 {
		t.Fatalf("wifi data: links %q, want one", links)
	}
	opened := page(t, links[0])
	if got := opened.attrOf("preview-img", "src"); got != "/api/v1/wifi?ssid=home&password=secret12&security=WPA" {
		t.Errorf("%s: preview %q", links[0], got)
	}
	d = page(t, "/vcard?data=BEGIN:VCARD%0D%0AVERSION:3.0%0D%0AFN:A%0D%0AX-FOO:b%0D%0AEND:VCARD")
	if got := d.noticeItems(); len(got) != 1 || !strings.Contains(got[0], "X-FOO:b no field of vcard carries") || len(d.noticeLinks("data")) != 0 {
		t.Errorf("vcard data with X-FOO: notice %q, links %q", got, d.noticeLinks("data"))
	}
}

// TestContentFixesAreCallsThePageCanMake checks what the script's "Apply"
// button for a content field relies on (README "Web editor"): the preview
// of a refused link answers a fix that is the same kind's call, keeps
// every value the page sends, changes only fields the person typed, each
// under a labelled control of the content panel (the button names it),
// and answers; a fix that fills a field left empty is told apart by the
// field's absence from the preview, and gets no button.
func TestContentFixesAreCallsThePageCanMake(t *testing.T) {
	for _, tc := range []struct {
		link    string
		changed map[string]string // field: the fix's value
		fills   string            // a field the fix fills that the person left empty
	}{
		{link: "/epc?name=Jane+Doe&iban=be72-0000-0000-1616", changed: map[string]string{"iban": "BE72000000001616"}},
		{link: "/epc?name=Jane+Doe&iban=IBAN+BE72+0000+0000+1616", changed: map[string]string{"iban": "BE72 0000 0000 1616"}},
		{link: "/epc?name=Jane+Doe&iban=BE72000000001616&amount=EUR+12.50", changed: map[string]string{"amount": "12.50"}},
		{link: "/geo?lat=48%C2%B051%2724%22N&lon=2.35", changed: map[string]string{"lat": "48.856667"}},
		{link: "/geo?lat=48.85%2C+2.35", changed: map[string]string{"lat": "48.85"}, fills: "lon"},
	} {
		t.Run(tc.link, func(t *testing.T) {
			d := page(t, tc.link)
			src := d.attrOf("preview-img", "src")
			form := d.byID("editor")
			api, _ := attr(form, "data-api")
			rec := send(t, http.MethodGet, src)
			var p struct{ Fix string }
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusBadRequest || p.Fix == "" {
				t.Fatalf("GET %s: %d, no fix: %s", src, rec.Code, rec.Body.String())
			}
			fix, err := url.Parse(p.Fix)
			if err != nil || fix.Path != api {
				t.Fatalf("fix %s is not a call of the page's %s", p.Fix, api)
			}
			sent, _ := url.Parse(src)
			now, want := sent.Query(), fix.Query()
			for name := range now {
				if !want.Has(name) {
					t.Errorf("the fix leaves out %s, which the page sends", name)
				}
			}
			content := d.all(func(n *html.Node) bool {
				c, _ := attr(n, "class")
				return n.Data == "fieldset" && strings.Contains(c, "content")
			})
			for name := range want {
				if want.Get(name) == now.Get(name) {
					continue
				}
				if name == tc.fills {
					if now.Has(name) {
						t.Errorf("%s was typed; the case wants a fix that fills an empty field", name)
					}
					continue
				}
				if got, ok := tc.changed[name]; !ok || want.Get(name) != got {
					t.Errorf("the fix sets %s=%q, want %v", name, want.Get(name), tc.changed)
				}
				controls := d.all(func(n *html.Node) bool { v, _ := attr(n, "data-api"); return v == name && hasAttr(n, "name") })
				if len(controls) != 1 || len(content) != 1 || !isWithin(controls[0], content[0]) {
					t.Fatalf("no control of %s in the content panel", name)
				}
				id, _ := attr(controls[0], "id")
				label := d.all(func(n *html.Node) bool { v, _ := attr(n, "for"); return n.Data == "label" && v == id })
				names := []*html.Node{}
				if len(label) == 1 {
					names = d.all(func(n *html.Node) bool { c, _ := attr(n, "class"); return c == "name" && isWithin(n, label[0]) })
				}
				if len(names) != 1 || strings.TrimSpace(text(names[0])) == "" {
					t.Errorf("%s's label has no name for the button to show", name)
				}
			}
			if tc.fills != "" && !want.Has(tc.fills) {
				t.Errorf("the fix does not fill %s", tc.fills)
			}
			if rec := send(t, http.MethodGet, strings.TrimPrefix(p.Fix, base)); rec.Code != http.StatusOK {
				t.Errorf("following the fix %s: %d %s", p.Fix, rec.Code, rec.Body.String())
			}
		})
	}
}
