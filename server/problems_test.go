package server_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

// Every error is a problem document (README "Errors"; RFC 9457) whose fix
// is a call that works: each case follows its fix through the same handler
// and expects 200.
func TestProblems(t *testing.T) {
	// 2,900 bytes fit version 40 at L (2,953) but not at H (1,273).
	fitsAtL := strings.Repeat("a", 2900)
	// 3,000 bytes fit no level: the fix shortens the data.
	fitsNowhere := strings.Repeat("a", 3000)
	// 7,089 digits are the numeric capacity of version 40-L.
	digits := strings.Repeat("7", 7200)
	tests := []struct {
		name   string
		method string
		target string
		status int
		kind   string
		field  string
		// fixHas are substrings the fix must contain: the corrected value
		// and the caller's valid options, kept.
		fixHas []string
	}{
		{"missing data", "", "/api/v1/qr", 400, "invalid-parameter", "data", nil},
		{"missing data with options", "", "/api/v1/qr?size=300&color=red", 400, "invalid-parameter", "data", nil},
		{"empty data", "", "/api/v1/qr?data=&format=svg", 400, "invalid-parameter", "data", nil},
		{"empty alias", "", "/api/v1/qr?text=", 400, "invalid-parameter", "data", nil},
		{"size above range", "", "/api/v1/qr?data=hi&size=5000", 400, "invalid-parameter", "size", []string{"size=4096", "data=hi"}},
		{"size below range", "", "/api/v1/qr?data=hi&size=10", 400, "invalid-parameter", "size", []string{"size=64"}},
		{"size zero", "", "/api/v1/qr?data=hi&size=0", 400, "invalid-parameter", "size", []string{"size=64"}},
		{"size negative", "", "/api/v1/qr?data=hi&s=-300", 400, "invalid-parameter", "size", []string{"size=64"}},
		{"size not a number", "", "/api/v1/qr?data=hi&size=abc", 400, "invalid-parameter", "size", []string{"size=512"}},
		{"size empty", "", "/api/v1/qr?data=hi&size=", 400, "invalid-parameter", "size", []string{"size=512"}},
		{"size not square", "", "/api/v1/qr?data=hi&size=300x200", 400, "invalid-parameter", "size", []string{"size=300"}},
		{"size not square alias", "", "/api/v1/qr?chl=hi&chs=200x300", 400, "invalid-parameter", "size", []string{"size=300", "data=hi"}},
		{"size not square too big", "", "/api/v1/qr?data=hi&size=5000x300", 400, "invalid-parameter", "size", []string{"size=4096"}},
		{"size half form", "", "/api/v1/qr?data=hi&size=300x", 400, "invalid-parameter", "size", []string{"size=300"}},
		{"size exponent", "", "/api/v1/qr?data=hi&size=1e9", 400, "invalid-parameter", "size", []string{"size=4096"}},
		{"size exponent in range", "", "/api/v1/qr?data=hi&size=1e3", 400, "invalid-parameter", "size", []string{"size=1000"}},
		{"size fraction", "", "/api/v1/qr?data=hi&size=300.5", 400, "invalid-parameter", "size", []string{"size=301"}},
		{"dpi fraction", "", "/api/v1/qr?data=hi&size=30mm&dpi=299.6", 400, "invalid-parameter", "dpi", []string{"dpi=300", "size=30mm"}},
		{"size 30 digits", "", "/api/v1/qr?data=hi&size=123456789012345678901234567890", 400, "invalid-parameter", "size", []string{"size=4096"}},
		{"size minus 30 digits", "", "/api/v1/qr?data=hi&size=-123456789012345678901234567890", 400, "invalid-parameter", "size", []string{"size=64"}},
		{"length above range", "", "/api/v1/qr?data=hi&size=1000mm&format=pdf", 400, "invalid-parameter", "size", []string{"size=346.8mm", "format=pdf"}},
		{"length below range", "", "/api/v1/qr?data=hi&size=5mm", 400, "invalid-parameter", "size", []string{"size=5.4mm"}},
		{"length above range at a dpi", "", "/api/v1/qr?data=hi&size=5cm&dpi=2400", 400, "invalid-parameter", "size", []string{"size=4.33cm", "dpi=2400"}},
		{"length in inches above range", "", "/api/v1/qr?data=hi&size=20in&format=eps", 400, "invalid-parameter", "size", []string{"size=13.65in"}},
		{"length not a number", "", "/api/v1/qr?data=hi&size=abcmm", 400, "invalid-parameter", "size", []string{"size=30mm"}},
		{"length negative", "", "/api/v1/qr?data=hi&size=-3cm", 400, "invalid-parameter", "size", []string{"size=3cm"}},
		{"length exponent", "", "/api/v1/qr?data=hi&size=1e2mm", 400, "invalid-parameter", "size", []string{"size=100mm"}}, // the number it is
		{"length in an unknown unit", "", "/api/v1/qr?data=hi&size=30furlongs", 400, "invalid-parameter", "size", []string{"size=512"}},
		{"length too small for the code", "", "/api/v1/qr?data=" + fitsAtL + "&ec=L&size=30mm&dpi=72&format=pdf", 400, "invalid-parameter", "size", []string{"size=130.5mm", "dpi=72", "format=pdf"}},
		{"dpi below range", "", "/api/v1/qr?data=hi&size=30mm&dpi=10", 400, "invalid-parameter", "dpi", []string{"dpi=72", "size=30mm"}},
		{"dpi above range", "", "/api/v1/qr?data=hi&ppi=9600", 400, "invalid-parameter", "dpi", []string{"dpi=2400"}},
		{"dpi above range, length fine below it", "", "/api/v1/qr?data=hi&size=340mm&dpi=10000", 400, "invalid-parameter", "dpi", []string{"dpi=2400", "size=43.3mm"}},
		{"dpi not a number", "", "/api/v1/qr?data=hi&dpi=high", 400, "invalid-parameter", "dpi", []string{"dpi=300"}},
		{"cmyk not a boolean", "", "/api/v1/qr?data=hi&format=pdf&cmyk=maybe", 400, "invalid-parameter", "cmyk", []string{"cmyk=true", "format=pdf"}},
		{"format misspelt", "", "/api/v1/qr?data=hi&format=pdff", 400, "invalid-parameter", "format", []string{"format=pdf"}},
		{"path form pdf too large", "", "/q/x.pdf?size=5000", 400, "invalid-parameter", "size", []string{"/q/x.pdf?", "size=4096"}},
		{"margin negative", "", "/api/v1/qr?data=hi&margin=-1", 400, "invalid-parameter", "margin", []string{"margin=0"}},
		{"margin above range", "", "/api/v1/qr?data=hi&margin=11", 400, "invalid-parameter", "margin", []string{"margin=10"}},
		{"margin alias above range", "", "/api/v1/qr?data=hi&qz=99", 400, "invalid-parameter", "margin", []string{"margin=10"}},
		{"margin 30 digits", "", "/api/v1/qr?data=hi&margin=123456789012345678901234567890", 400, "invalid-parameter", "margin", []string{"margin=10"}},
		{"margin not a number", "", "/api/v1/qr?data=hi&margin=wide", 400, "invalid-parameter", "margin", []string{"margin=4"}},
		{"colour not hex", "", "/api/v1/qr?data=hi&color=zzz", 400, "invalid-parameter", "color", []string{"color="}},
		{"colour 5 digits", "", "/api/v1/qr?data=hi&fg=%2312345", 400, "invalid-parameter", "color", nil},
		{"colour transparent", "", "/api/v1/qr?data=hi&color=transparent", 400, "invalid-parameter", "color", nil},
		{"colour R-G-B out of range", "", "/api/v1/qr?data=hi&color=256-0-0", 400, "invalid-parameter", "color", nil},
		{"colour unknown name", "", "/api/v1/qr?data=hi&dark=blurple", 400, "invalid-parameter", "color", nil},
		{"bg not hex", "", "/api/v1/qr?data=hi&bg=ggg", 400, "invalid-parameter", "bg", []string{"bg="}},
		{"bg empty", "", "/api/v1/qr?data=hi&bgcolor=", 400, "invalid-parameter", "bg", nil},
		{"style near miss", "", "/api/v1/qr?data=hi&style=rounded2", 400, "invalid-parameter", "style", []string{"style=rounded"}},
		{"style typo", "", "/api/v1/qr?data=hi&dots=dott", 400, "invalid-parameter", "style", []string{"style=dot"}},
		{"style unknown", "", "/api/v1/qr?data=hi&style=xyzzy", 400, "invalid-parameter", "style", []string{"style=square"}},
		{"eye near miss", "", "/api/v1/qr?data=hi&eye=circel", 400, "invalid-parameter", "eye", []string{"eye=circle"}},
		{"ec unknown", "", "/api/v1/qr?data=hi&ec=X", 400, "invalid-parameter", "ec", []string{"data=hi"}},
		{"ec word", "", "/api/v1/qr?data=hi&level=high", 400, "invalid-parameter", "ec", nil},
		{"format unknown", "", "/api/v1/qr?data=hi&format=bmp", 400, "invalid-parameter", "format", []string{"format=png"}},
		{"format near miss", "", "/api/v1/qr?data=hi&f=svgg", 400, "invalid-parameter", "format", []string{"format=svg"}},
		{"tpl unknown", "", "/api/v1/qr?data=hi&tpl=poster", 400, "invalid-parameter", "tpl", nil},
		{"tpl near miss", "", "/api/v1/qr?data=hi&tpl=bubbel", 400, "invalid-parameter", "tpl", []string{"tpl=bubble"}},
		{"tpl near an alias", "", "/api/v1/qr?data=hi&tpl=scanm", 400, "invalid-parameter", "tpl", []string{"tpl=banner-below"}},
		{"frame against the code", "", "/api/v1/qr?data=hi&tpl=banner-above&margin=0", 400, "invalid-parameter", "margin", []string{"margin=1", "tpl=banner-above"}},
		{"negative margin with a frame", "", "/api/v1/qr?data=hi&tpl=corners&margin=-1", 400, "invalid-parameter", "margin", []string{"margin=1", "tpl=corners"}},
		{"misspelt margin with a frame", "", "/api/v1/qr?data=hi&tpl=corners&margn=0", 400, "invalid-parameter", "margn", []string{"margin=1", "tpl=corners"}},
		{"misspelt tpl on a faint banner", "", "/api/v1/qr?data=hi&tpll=bubble&framecolor=ffd700", 400, "invalid-parameter", "tpll", []string{"tpl=bubble", "textcolor=000000"}},
		{"label CJK and emoji", "", "/api/v1/qr?data=hi&tpl=box&label=Tokyo%20%E6%9D%B1%E4%BA%AC%20%F0%9F%98%80", 400, "invalid-parameter", "label", []string{"label=Tokyo&", "tpl=box"}},
		{"label nothing drawable", "", "/api/v1/qr?data=hi&label=%E6%9D%B1%E4%BA%AC", 400, "invalid-parameter", "label", nil},
		{"framecolor not a colour", "", "/api/v1/qr?data=hi&tpl=box&framecolor=reddish", 400, "invalid-parameter", "framecolor", []string{"framecolor=ff0000"}},
		{"textcolor not a colour", "", "/api/v1/qr?data=hi&tpl=bubble&textcolour=%23ff", 400, "invalid-parameter", "textcolor", []string{"textcolor=ffffff"}},
		{"text on banner too faint", "", "/api/v1/qr?data=hi&tpl=banner-below&framecolor=ffd700", 400, "invalid-parameter", "textcolor", []string{"textcolor=000000", "framecolor=ffd700"}},
		{"text on background too faint", "", "/api/v1/qr?data=hi&label=Menu&textcolor=lightgrey", 400, "invalid-parameter", "textcolor", []string{"textcolor=000000"}},
		{"font near miss", "", "/api/v1/qr?data=hi&label=Hi&font=mnoo", 400, "invalid-parameter", "font", []string{"font=mono", "label=Hi"}},
		{"text on dark bubble too dark", "", "/api/v1/qr?data=hi&tpl=bubble&framecolor=navy&textcolor=333333", 400, "invalid-parameter", "textcolor", []string{"textcolor=ffffff"}},
		{"label not UTF-8", "", "/api/v1/qr?data=hi&format=svg&label=%FF%FEMenu", 400, "invalid-parameter", "label", []string{"label=Menu", "format=svg"}},
		{"label control character", "", "/api/v1/qr?data=hi&label=a%01b", 400, "invalid-parameter", "label", []string{"label=ab"}},
		{"label line break", "", "/api/v1/qr?data=hi&caption=a%0Ab", 400, "invalid-parameter", "label", []string{"label=a%20b"}},
		{"label XML non-character", "", "/api/v1/qr?data=hi&label=%EF%BF%BF", 400, "invalid-parameter", "label", nil},
		{"label too long", "", "/api/v1/qr?data=hi&label=" + strings.Repeat("x", 65), 400, "invalid-parameter", "label", nil},
		{"conflicting data aliases", "", "/api/v1/qr?data=a&text=b", 400, "invalid-parameter", "data", nil},
		{"conflicting size aliases", "", "/api/v1/qr?data=a&size=300&width=400", 400, "invalid-parameter", "size", nil},
		{"conflicting repeats", "", "/api/v1/qr?data=a&ec=L&ec=H", 400, "invalid-parameter", "ec", nil},
		{"chld disagrees with ec", "", "/api/v1/qr?data=hi&chld=H|2&ec=L", 400, "invalid-parameter", "ec", []string{"ec=H", "margin=2"}},
		{"chld disagrees with margin", "", "/api/v1/qr?data=hi&chld=L|2&margin=3", 400, "invalid-parameter", "margin", nil},
		{"chld bad level", "", "/api/v1/qr?data=hi&chld=Z|2", 400, "invalid-parameter", "ec", nil},
		{"chld bad margin", "", "/api/v1/qr?data=hi&chld=L|x", 400, "invalid-parameter", "margin", nil},
		{"cht not qr", "", "/api/v1/qr?chl=hi&cht=bar", 400, "invalid-parameter", "cht", []string{"cht=qr"}},
		{"choe not UTF-8", "", "/api/v1/qr?chl=hi&choe=Shift_JIS", 400, "invalid-parameter", "choe", []string{"choe=UTF-8"}},
		{"malformed escape", "", "/api/v1/qr?data=100%", 400, "invalid-parameter", "data", []string{"data=100%25"}},
		{"malformed escape mid", "", "/api/v1/qr?data=a%zzb&size=300", 400, "invalid-parameter", "data", []string{"size=300"}},
		{"malformed escape in option", "", "/api/v1/qr?data=hi&color=%G0", 400, "invalid-parameter", "color", nil},
		{"semicolon in a name", "", "/api/v1/qr?data=hi&size;=300", 400, "invalid-parameter", "size;", []string{"data=hi"}},
		{"data too long, a lower level fits", "", "/api/v1/qr?data=" + fitsAtL + "&ec=H", 400, "data-too-long", "data", []string{"ec=L"}},
		{"data too long, nothing fits", "", "/api/v1/qr?data=" + fitsNowhere, 400, "data-too-long", "data", nil},
		{"digits too long", "", "/api/v1/qr?data=" + digits + "&ec=L", 400, "data-too-long", "data", nil},
		{"size too small for the symbol", "", "/api/v1/qr?data=" + fitsAtL + "&size=64", 400, "invalid-parameter", "size", nil},
		{"size too small with frame", "", "/api/v1/qr?data=" + fitsAtL + "&size=64&tpl=scanme&label=Hi", 400, "invalid-parameter", "size", []string{"tpl=banner-below", "label=Hi"}},
		{"several invalid parameters", "", "/api/v1/qr?data=hi&size=5000&margin=11&style=dott&format=svg", 400, "invalid-parameter", "size", []string{"size=4096", "margin=10", "style=dot", "format=svg"}},
		{"path form bad option", "", "/q/hello.svg?size=5000", 400, "invalid-parameter", "size", []string{"/q/hello.svg", "size=4096"}},
		{"path form empty data", "", "/q/", 400, "invalid-parameter", "data", nil},
		{"path form empty data with ext", "", "/q/.png", 400, "invalid-parameter", "data", nil},
		{"path form conflicting format", "", "/q/x.svg?f=json&format=svg", 400, "invalid-parameter", "format", nil},
		{"path form with another format", "", "/q/x.png?format=svg&size=5000", 400, "invalid-parameter", "format", []string{"/q/x.png?size=4096"}},
		{"path form refining its format", "", "/q/x.svg?format=svg-tiny&size=5000", 400, "invalid-parameter", "size", []string{"/q/x.svg?", "format=svg-tiny", "size=4096"}},
		{"path form conflicting data", "", "/q/x.png?data=y", 400, "invalid-parameter", "data", nil},
		{"path form too long", "", "/q/" + fitsNowhere + ".svg", 400, "data-too-long", "data", []string{".svg"}},
		{"unknown path", "", "/api/v2/qr?data=hi", 404, "not-found", "", []string{"/api/v1/qr", "data=hi"}},
		{"unknown path, no query", "", "/api/v1/qq", 404, "not-found", "", nil},
		{"unknown path, goQR style", "", "/qrcode?data=hi&size=300x300", 404, "not-found", "", nil},
		{"goQR's path without its version", "", "/create-qr-code/?data=hi&size=300x300", 404, "not-found", "", []string{"/v1/create-qr-code/?data=hi&size=300x300"}},
		{"unknown path, options only", "", "/api/v2/qr?size=300", 404, "not-found", "", nil},
		{"unknown root", "", "/foo", 404, "not-found", "", nil},
		{"unknown path, bad option", "", "/api/v2/qr?data=hi&size=5000", 404, "not-found", "", []string{"size=4096"}},
		{"unknown path near the path form", "", "/qq/hi.png?size=5000", 404, "not-found", "", []string{"/q/", "size=4096"}},
		{"trailing slash of a parameter route", "", "/api/v1/kinds/", 404, "not-found", "", []string{"/api/v1/kinds"}},
		{"PUT with a bad option", http.MethodPut, "/api/v1/qr?data=hi&size=5000", 405, "method-not-allowed", "", []string{"size=4096"}},
		{"POST with a bad option", http.MethodPost, "/api/v1/qr?data=hi&size=5000", 400, "invalid-parameter", "size", []string{"curl -X POST", "size=4096"}},
		{"unknown error kind", "", "/errors/not-fund", 404, "not-found", "", []string{"/errors/not-found"}},
		{"HEAD unknown error kind", http.MethodHead, "/errors/not-fund", 404, "not-found", "", []string{"/errors/not-found"}},
		{"DELETE", http.MethodDelete, "/api/v1/qr?data=hi", 405, "method-not-allowed", "", []string{"/api/v1/qr?data=hi"}},
		{"DELETE path form", http.MethodDelete, "/q/hi.png", 405, "method-not-allowed", "", []string{"/q/hi.png"}},
		{"PUT", http.MethodPut, "/api/v1/qr", 405, "method-not-allowed", "", nil},
		{"POST unknown error kind", http.MethodPost, "/errors/not-fund", 405, "method-not-allowed", "", []string{"/errors/not-found"}},
	}
	// Without data there is nothing of the caller's to encode: no fix,
	// and the documented example call (README "Errors").
	noData := map[string]bool{"missing data": true, "missing data with options": true, "empty data": true, "empty alias": true,
		"path form empty data": true, "path form empty data with ext": true, "unknown path, no query": true, "unknown path, options only": true, "PUT": true}
	// Nor when a parameter is given two values: which one is meant only
	// the caller knows, as for a JSON body's key given twice.
	givenTwice := map[string]bool{"conflicting data aliases": true, "conflicting size aliases": true, "conflicting repeats": true,
		"path form conflicting format": true, "path form conflicting data": true}
	// Nor for a path that plainly means no page or endpoint: the example
	// is the list of endpoints.
	notMeant := map[string]bool{"unknown root": true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = http.MethodGet
			}
			rec := do(t, method, tt.target)
			p := readProblem(t, rec, tt.status, tt.kind)
			if p.Field != tt.field {
				t.Errorf("field %q, want %q (detail: %s)", p.Field, tt.field, p.Detail)
			}
			for _, s := range tt.fixHas {
				if !strings.Contains(p.Fix, s) {
					t.Errorf("fix %s lacks %q", short(p.Fix), s)
				}
			}
			if tt.status == http.StatusMethodNotAllowed {
				allow := rec.Header().Get("Allow")
				if !strings.Contains(allow, "GET") || strings.Contains(allow, method) {
					t.Errorf("Allow %q, want GET and not %s", allow, method)
				}
			}
			if noData[tt.name] || givenTwice[tt.name] || notMeant[tt.name] {
				if p.Fix != "" || p.Example == "" {
					t.Fatalf("fix %q, example %q; want no fix and an example", short(p.Fix), short(p.Example))
				}
				p.Fix = p.Example
			}
			fixed := follow(t, p)
			if fixed.Code != http.StatusOK {
				t.Errorf("fix %s answers %d: %s", short(p.Fix), fixed.Code, short(fixed.Body.String()))
			}
		})
	}
}

// A typed endpoint reads a malformed escape the same way, and names the
// kind's field rather than a rendering option of the same name.
func TestMalformedEscapeInKindField(t *testing.T) {
	registry.Register(registry.Kind[echo]{
		Name:     "echo",
		Summary:  "Its text, unchanged",
		Standard: registry.Standard{Name: "qrforge test kind"},
		Examples: []echo{{Text: "hello"}},
		Encode:   func(e echo) string { return e.Text },
	})
	defer registry.Unregister("echo")
	h := server.New(server.Config{BaseURL: base})
	send := func(target string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL, _ = url.ParseRequestURI(target)
		req.RequestURI = target
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	p := readProblem(t, send("/api/v1/echo?text=100%&size=300"), 400, "invalid-parameter")
	if p.Field != "text" {
		t.Errorf("field %q, want text", p.Field)
	}
	_, target := fixTarget(t, p.Fix)
	if !strings.Contains(target, "text=100%25") || !strings.Contains(target, "size=300") {
		t.Errorf("fix %s does not encode the '%%' and keep size", target)
	}
	if rec := send(target); rec.Code != http.StatusOK {
		t.Errorf("fix answers %d: %s", rec.Code, rec.Body.String())
	}
}

// echo is a throwaway kind whose field shares its name with an alias of
// data.
type echo struct {
	Text string `json:"text" validate:"required" jsonschema_description:"Any text."`
}

// The missing-data fix and a too-small size fix use the smallest working
// values, not arbitrary ones.
func TestProblemFixValues(t *testing.T) {
	t.Run("min size", func(t *testing.T) {
		long := strings.Repeat("a", 2900)
		p := readProblem(t, get(t, "/api/v1/qr?data="+long+"&size=64"), 400, "invalid-parameter")
		_, target := fixTarget(t, p.Fix)
		if !strings.Contains(target, "size=370") {
			t.Errorf("fix %s: version 40 (177 modules) with a 4-module quiet zone needs 370 px, two a module", short(target))
		}
		// One pixel less must not work: the fix is the smallest size.
		smaller := strings.Replace(target, "size=370", "size=369", 1)
		readProblem(t, get(t, smaller), 400, "invalid-parameter")
	})
	// A size below the minimum is fixed to the smallest that draws the
	// code, not to 64 px when the code needs more: found by FuzzHandler
	// with a misspelt size on a mistyped path.
	t.Run("size below the minimum on a long payload", func(t *testing.T) {
		long := strings.Repeat("a", 2900)
		for _, target := range []string{
			"/api/v1/qr?data=" + long + "&size=0",
			"/api/v1/qr?data=" + long + "&sze=10",
			"/q/" + long + ".svg?size=1",
			"/api/v1/text?text=" + long + "&size=3",
		} {
			p := readProblem(t, get(t, target), 400, "invalid-parameter")
			if _, fixed := fixTarget(t, p.Fix); !strings.Contains(fixed, "size=370") {
				t.Errorf("%s: fix %s, want size=370 (version 40 and its quiet zone, two pixels a module)", short(target), short(fixed))
			}
			if rec := follow(t, p); rec.Code != http.StatusOK {
				t.Errorf("%s: fix answers %d: %s", short(target), rec.Code, short(rec.Body.String()))
			}
		}
		p := readProblem(t, do(t, http.MethodPut, "/0/?dAtA="+long+"&iZe=0"), 404, "not-found")
		if fixed := follow(t, p); fixed.Code != http.StatusOK {
			t.Errorf("the 404's fix %s answers %d", short(p.Fix), fixed.Code)
		}
	})
	// A cut would encode another payload (README "Errors"): the fix keeps
	// all of the data, as a structured append set.
	t.Run("data-too-long keeps the data in a set", func(t *testing.T) {
		data := strings.Repeat("a", 3000)
		p := readProblem(t, get(t, "/api/v1/qr?data="+data), 400, "data-too-long")
		if !strings.Contains(p.Fix, "data="+data+"&") && !strings.HasSuffix(p.Fix, "data="+data) || !strings.Contains(p.Fix, "append=auto") {
			t.Errorf("fix %s does not keep the 3,000 bytes in a set", short(p.Fix))
		}
		rec := follow(t, p)
		if rec.Code != http.StatusOK || rec.Header().Get("X-QR-Symbols") != "2" {
			t.Errorf("fix gives %d, %s symbols; want a set of 2", rec.Code, rec.Header().Get("X-QR-Symbols"))
		}
	})
	// Nor is the data cut where no set may hold it (a logo).
	t.Run("data-too-long with a logo has no fix", func(t *testing.T) {
		p := readProblem(t, get(t, "/api/v1/qr?logo=wifi&data="+strings.Repeat("a", 3000)), 400, "data-too-long")
		if p.Fix != "" || p.Example == "" {
			t.Errorf("fix %s, example %s; want an example and no fix", short(p.Fix), short(p.Example))
		}
	})
	t.Run("multi-byte data is cut on a rune", func(t *testing.T) {
		p := readProblem(t, get(t, "/api/v1/qr?data="+strings.Repeat("%C3%A9", 1500)), 400, "data-too-long")
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("fix gives %d: %s", rec.Code, short(rec.Body.String()))
		}
	})
	t.Run("every parameter listed", func(t *testing.T) {
		p := readProblem(t, get(t, "/api/v1/qr?data=hi&size=5000&margin=11&style=dott"), 400, "invalid-parameter")
		var fields []string
		for _, e := range p.Errors {
			fields = append(fields, e.Field)
		}
		if strings.Join(fields, ",") != "size,style,margin" {
			t.Errorf("errors name %v, want size, style, margin", fields)
		}
	})
}

// GET /errors/<kind> documents each kind a problem's type points to.
func TestErrorDocs(t *testing.T) {
	for _, kind := range []string{"invalid-parameter", "data-too-long", "not-found", "method-not-allowed", "uri-too-long", "bad-request", "headers-too-large"} {
		rec := get(t, "/errors/"+kind)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), base+"/errors/"+kind) {
			t.Errorf("/errors/%s: %d %s", kind, rec.Code, rec.Body.String())
		}
	}
}

// The request target is read up to 16 KiB, and no further.
func TestURILimit(t *testing.T) {
	const limit = 16 << 10
	prefix := "/api/v1/qr?data="
	at := prefix + strings.Repeat("7", limit-len(prefix))
	if rec := get(t, at); rec.Code == http.StatusRequestURITooLong {
		t.Errorf("a %d-byte target is refused", len(at))
	}
	over := at + "7"
	p := readProblem(t, get(t, over), http.StatusRequestURITooLong, "uri-too-long")
	if want := "--data-binary 'data=" + strings.Repeat("7", limit-len(prefix)+1) + "'"; !strings.HasSuffix(p.Fix, want) {
		t.Errorf("fix %.120s… does not post the caller's own query", p.Fix)
	}
	// The limit holds before routing: unknown paths and other methods
	// too, with an example but no fix, which would swap in other data.
	p = readProblem(t, do(t, http.MethodPost, "/nowhere?x="+strings.Repeat("a", limit)), http.StatusRequestURITooLong, "uri-too-long")
	if p.Fix != "" || p.Example == "" {
		t.Errorf("a path that takes no body: fix %q, example %q; want only an example", p.Fix, p.Example)
	}
}

// A logo's data URI within its 12 KiB can make a URL over 16 KiB once
// percent-encoded; the 414's fix posts the same query as a form, and that
// draws the code with the logo.
func TestURITooLongIsFixedAsAForm(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">`
	for i := 0; len(url.QueryEscape(svg)) < 17<<10; i++ {
		svg += fmt.Sprintf(`<rect x="%d" y="%d" width="1" height="1" fill="#000"/>`, i%40, i/40%40)
	}
	svg += `</svg>`
	if len(svg) > 12<<10 {
		t.Fatalf("the SVG is %d bytes, over the 12 KiB a parameter may carry", len(svg))
	}
	query := "data=hello&logo=" + url.QueryEscape("data:image/svg+xml,"+svg)
	p := readProblem(t, get(t, "/api/v1/qr?"+query), http.StatusRequestURITooLong, "uri-too-long")
	wantPrefix := "curl -X POST '" + base + "/api/v1/qr' -H 'Content-Type: application/x-www-form-urlencoded' --data-binary '"
	body, ok := strings.CutPrefix(p.Fix, wantPrefix)
	if !ok || strings.TrimSuffix(body, "'") != query {
		t.Fatalf("fix %.160s… is not the query posted as a form", p.Fix)
	}
	req := httptest.NewRequest(http.MethodPost, "/api/v1/qr", strings.NewReader(query))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("the fix answers %d: %s", rec.Code, rec.Body)
	}
	if got := decodeQR(t, rec.Body.Bytes()); got != "hello" {
		t.Errorf("the fix's code reads %q", got)
	}
}

// A compressed body is refused with 415 and Accept-Encoding: identity,
// not read as its compressed bytes (a gzipped batch was "not valid JSON
// at byte 0", a br-encoded PNG decoded as if plain).
func TestCompressedBodyIsRefused(t *testing.T) {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(`{"items":[{"data":"a"}]}`))
	w.Close()
	for _, c := range []struct{ path, contentType, coding string }{
		{"/api/v1/qr/batch", "application/json", "gzip"},
		{"/api/v1/qr", "application/x-www-form-urlencoded", "gzip"},
		{"/api/v1/decode", "image/png", "br"},
	} {
		req := httptest.NewRequest(http.MethodPost, c.path, bytes.NewReader(gz.Bytes()))
		req.Header.Set("Content-Type", c.contentType)
		req.Header.Set("Content-Encoding", c.coding)
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		p := readProblem(t, rec, http.StatusUnsupportedMediaType, "unsupported-media-type")
		if p.Field != "Content-Encoding" || rec.Header().Get("Accept-Encoding") != "identity" {
			t.Errorf("%s: field %q, Accept-Encoding %q", c.path, p.Field, rec.Header().Get("Accept-Encoding"))
		}
	}
	req := httptest.NewRequest(http.MethodPost, "/api/v1/qr/batch", strings.NewReader(`{"items":[{"data":"a"}]}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Content-Encoding", "identity")
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("identity: %d %s", rec.Code, rec.Body)
	}
}

// TestNoDataHasAnExample: a call without data, however it comes, has no
// fix, which would encode data the caller never wrote, and an example that
// answers (README "Errors").
func TestNoDataHasAnExample(t *testing.T) {
	for _, c := range []struct{ method, target, body string }{
		{http.MethodGet, "/api/v1/qr?data=", ""},
		{http.MethodGet, "/api/v1/qr", ""},
		{http.MethodPost, "/api/v1/qr", `{"data":null}`},
		{http.MethodPost, "/api/v1/qr/batch", `{"output":"url","items":[]}`},
	} {
		rec := sendBody(t, handler, c.method, c.target, "application/json", []byte(c.body))
		p := readProblem(t, rec, 400, "invalid-parameter")
		if p.Fix != "" || p.Example == "" {
			t.Errorf("%s %s %s: fix %q, example %q; want an example and no fix", c.method, c.target, c.body, short(p.Fix), short(p.Example))
			continue
		}
		run := func() *httptest.ResponseRecorder { return follow(t, problem{Fix: p.Example}) }
		if strings.HasPrefix(p.Example, "curl ") && strings.Contains(p.Example, " -d ") {
			run = func() *httptest.ResponseRecorder { return runCurl(t, handler, p.Example) }
		}
		if rec := run(); rec.Code != http.StatusOK {
			t.Errorf("%s %s %s: example %s answers %d: %s", c.method, c.target, c.body, short(p.Example), rec.Code, short(rec.Body.String()))
		}
	}
}
