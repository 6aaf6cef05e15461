package server_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/server"
)

type greeting struct {
	Name     string `json:"name" validate:"required,max=20" jsonschema_description:"Who to greet."`
	Security string `json:"security" jsonschema:"enum=formal,enum=casual" validate:"omitempty,oneof=formal casual" jsonschema_description:"How formal the greeting is."`
}

// TestANewKindGetsItsPage: a kind declared in one place gets a page at
// /<name>, listed on /, with no page code; other paths stay 404 problems.
func TestANewKindGetsItsPage(t *testing.T) {
	registry.Register(registry.Kind[greeting]{
		Name:     "greeting",
		Summary:  "Say hello",
		Standard: registry.Standard{Name: "qrforge test kind"},
		Examples: []greeting{{Name: "Ada"}},
		Encode:   func(g greeting) string { return "Hello, " + g.Name },
	})
	defer registry.Unregister("greeting")
	h := server.New(server.Config{BaseURL: base})
	send := func(target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		return rec
	}

	rec := send("/greeting?name=Grace&sec=casual&fg=navy")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("GET /greeting: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	body := rec.Body.String()
	for _, want := range []string{
		`name="name" data-api="name" type="text" value="Grace"`,
		`name="sec" data-api="security"`, // the short name applies to any kind's security field
		`<option value="casual" selected>`,
		`name="fg" data-api="color"`,
		`src="/api/v1/greeting?name=Grace&amp;security=casual&amp;color=navy"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if rec := send("/api/v1/greeting?name=Grace&security=casual&color=navy"); rec.Code != http.StatusOK {
		t.Errorf("the page's preview answers %d: %s", rec.Code, rec.Body.String())
	}
	if body := send("/").Body.String(); !strings.Contains(body, `href="/greeting"`) {
		t.Error("/ does not list the new kind")
	}
	// The server validates the page's state as the API does.
	if body := send("/greeting?name=" + strings.Repeat("x", 21)).Body.String(); !strings.Contains(body, "name is at most 20 characters") {
		t.Error("the page does not show the API's error for a too-long name")
	}
	for _, target := range []string{"/greetings", "/greeting/x", "/assets/none.css"} {
		if rec := send(target); rec.Code != http.StatusNotFound || rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("GET %s: %d %s, want a 404 problem document", target, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
}

// TestEditorOffersEyeFramesAndBalls: the editor shows a swatch for every
// eye frame and eye ball, each a drawing the API answers, and a page link
// with a ball's alias (circle) opens with the ball it stands for selected.
func TestEditorOffersEyeFramesAndBalls(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	send := func(target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		return rec
	}
	body := send("/?eyecenter=circle&eye_frame=cut").Body.String()
	for name, values := range map[string][]string{"eyeframe": names(render.EyeFrames), "eyeball": names(render.EyeBalls)} {
		for _, v := range values {
			input := `value="` + v + `" data-api="` + name + `"`
			if !strings.Contains(body, input) {
				t.Errorf("the editor lacks the %s swatch %s", name, v)
			}
			swatch := "/api/v1/qr?data=qrforge&format=svg&size=96&margin=0&" + name + "=" + v
			if !strings.Contains(body, `src="`+strings.ReplaceAll(swatch, "&", "&amp;")+`"`) {
				t.Errorf("the %s swatch %s shows no preview", name, v)
			}
			if rec := send(swatch); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<svg") {
				t.Errorf("GET %s: %d", swatch, rec.Code)
			}
		}
	}
	for _, selected := range []string{`value="dot" data-api="eyeball" data-default="" checked`, `value="cut" data-api="eyeframe" data-default="" checked`} {
		if !strings.Contains(body, selected) {
			t.Errorf("the page link does not select %s", selected)
		}
	}
}

func names[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// TestEditorExamples: a kind's example image is drawn at a page path with
// the page's options; a bad option is the API's problem without a fix, as
// the fix would be a call with the example's account; the editor offers
// every file format, PNG first.
func TestEditorExamples(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	send := func(target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		return rec
	}
	rec := send("/epc/example.svg?fg=aa0000&size=256")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), "aa0000") {
		t.Fatalf("example: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" || rec.Header().Get("ETag") == "" {
		t.Errorf("example caching %q, ETag %q: want revalidation", cc, rec.Header().Get("ETag"))
	}
	req := httptest.NewRequest(http.MethodGet, "/epc/example.svg?fg=aa0000&size=256", nil)
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	again := httptest.NewRecorder()
	h.ServeHTTP(again, req)
	if again.Code != http.StatusNotModified {
		t.Errorf("revalidation: %d, want 304", again.Code)
	}
	bad := send("/epc/example.svg?size=5")
	body := bad.Body.String()
	if bad.Code != http.StatusBadRequest || bad.Header().Get("Content-Type") != "application/problem+json" || !strings.Contains(body, `"field":"size"`) {
		t.Errorf("bad option: %d %s", bad.Code, body)
	}
	if strings.Contains(body, "BE72") || strings.Contains(body, `"fix"`) {
		t.Errorf("the problem offers the example's account: %s", body)
	}
	if rec := send("/nokind/example.svg"); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown kind's example: %d", rec.Code)
	}
	page := send("/").Body.String()
	var order []string
	for _, f := range []string{"png", "svg", "svg-tiny", "pdf", "eps", "gif", "jpeg", "base64", "json"} {
		i := strings.Index(page, `id="download-`+f+`"`)
		if i < 0 {
			t.Errorf("no %s download", f)
			continue
		}
		order = append(order, f)
		if len(order) > 1 && i < strings.Index(page, `id="download-`+order[len(order)-2]+`"`) {
			t.Errorf("%s is offered before %s", f, order[len(order)-2])
		}
	}
	if !strings.Contains(page, `class="button primary" id="download-png"`) {
		t.Error("PNG is not the main download")
	}
}

// The editor shows a payload warning under the preview, where the script
// replaces it from verify's payload check as the data changes.
func TestEditorShowsAPayloadWarning(t *testing.T) {
	page := string(ok(t, "/?data="+url.QueryEscape("geo:52.5,200")))
	i := strings.Index(page, `id="page-warnings"`)
	if i < 0 || !strings.Contains(page[i:min(len(page), i+600)], "/api/v1/geo builds it") {
		t.Fatalf("no payload warning under the preview")
	}
	page = string(ok(t, "/?data="+url.QueryEscape("geo:52.5,13.4")))
	i = strings.Index(page, `id="page-warnings"`)
	if i < 0 || strings.Contains(page[i:min(len(page), i+600)], `class="warning"`) {
		t.Fatalf("a warning for data its kind reads")
	}
}
