package server_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qrforge/qrforge/internal/cputime"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/server"
)

// runCurl runs a fix written as a curl command (method, URL, -H headers,
// -d body) through h. A body read from a file (@file) cannot be run.
func runCurl(t testing.TB, h http.Handler, fix string) *httptest.ResponseRecorder {
	t.Helper()
	words := shellWords(t, fix)
	if len(words) == 0 || words[0] != "curl" {
		t.Fatalf("fix %q is not a curl command", short(fix))
	}
	method, target, contentType := http.MethodGet, "", ""
	var body []byte
	for i := 1; i < len(words); i++ {
		switch w := words[i]; w {
		case "-X":
			i++
			method = words[i]
		case "-H":
			i++
			if v, ok := strings.CutPrefix(words[i], "Content-Type: "); ok {
				contentType = v
			}
		case "-d", "--data-binary":
			i++
			if strings.HasPrefix(words[i], "@") {
				t.Fatalf("fix %q reads a file", short(fix))
			}
			body = []byte(words[i])
		default:
			if strings.HasPrefix(w, base) {
				target = strings.TrimPrefix(w, base)
			}
		}
	}
	if method == http.MethodGet && body != nil {
		method = http.MethodPost
	}
	return sendBody(t, h, method, target, contentType, body)
}

// batchAnswer is the non-zip answer (README "Batch, decode, verify").
type batchAnswer struct {
	Count     int `json:"count"`
	Succeeded int `json:"succeeded"`
	Failed    int `json:"failed"`
	Items     []struct {
		Index   int             `json:"index"`
		ID      *string         `json:"id"`
		URL     string          `json:"url"`
		Data    json.RawMessage `json:"data"`
		Verify  json.RawMessage `json:"verify"`
		Error   *problem        `json:"error"`
		Warning string          `json:"warning"`
	} `json:"items"`
}

func postBatch(t testing.TB, h http.Handler, body string) batchAnswer {
	t.Helper()
	rec := sendBody(t, h, http.MethodPost, "/api/v1/qr/batch", "application/json", []byte(body))
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q", ct)
	}
	var a batchAnswer
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("answer: %v", err)
	}
	return a
}

// batchItems are plain and typed items with shared and own styles, and
// one bad item, as every output renders them.
const batchItems = `[
	{"id": "plain", "data": "https://example.com/a"},
	{"id": "own-style", "data": "hello", "style": {"fg": "red", "width": 300}},
	{"data": 12345},
	{"id": "typed", "type": "netcfg", "fields": {"ssid": "home", "password": "secret123"}},
	{"id": "bad", "data": "x", "style": {"size": 99999}},
	{"id": 7, "type": "Wlan", "fields": {"ssid": "cafe"}}
]`

// Every output gives each item's code, in item order, and the same bytes
// as the GET URL the url output gives for that item; the bad item fails
// alone with a problem whose fix works.
func TestBatchOutputs(t *testing.T) {
	h := withKinds(t)
	urls := postBatch(t, h, `{"style": {"size": 256, "color": "navy"}, "items": `+batchItems+`}`)
	if urls.Count != 6 || urls.Succeeded != 5 || urls.Failed != 1 || len(urls.Items) != 6 {
		t.Fatalf("count %d, succeeded %d, failed %d, items %d; want 6, 5, 1, 6", urls.Count, urls.Succeeded, urls.Failed, len(urls.Items))
	}
	wantIDs := []string{"plain", "own-style", "", "typed", "bad", "7"}
	for i, it := range urls.Items {
		if it.Index != i {
			t.Errorf("item %d has index %d", i, it.Index)
		}
		if got := deref(it.ID); got != wantIDs[i] || (it.ID == nil) != (wantIDs[i] == "") {
			t.Errorf("item %d id %v, want %q", i, it.ID, wantIDs[i])
		}
	}
	// Shared style, overridden key by key under any alias.
	for i, want := range map[int][]string{
		0: {"/api/v1/qr?", "size=256", "color=000080"},
		1: {"size=300", "color=ff0000"},
		2: {"data=12345", "size=256"},
		3: {"/api/v1/netcfg?ssid=home&password=secret123", "color=000080"},
		5: {"/api/v1/wlan?ssid=cafe"},
	} {
		for _, part := range want {
			if !strings.Contains(urls.Items[i].URL, part) {
				t.Errorf("item %d URL %s lacks %s", i, urls.Items[i].URL, part)
			}
		}
	}
	bad := urls.Items[4]
	if bad.Error == nil || bad.URL != "" || bad.Error.Field != "size" || bad.Error.Status != 400 {
		t.Fatalf("bad item: %+v", bad)
	}
	if rec := fetch(t, h, bad.Error.Fix); rec.Code != http.StatusOK {
		t.Errorf("bad item's fix %s answers %d", bad.Error.Fix, rec.Code)
	}

	for _, tt := range []struct {
		output, format string
		decode         func(t *testing.T, data json.RawMessage) []byte
	}{
		{"base64", "png", func(t *testing.T, data json.RawMessage) []byte {
			var uri string
			json.Unmarshal(data, &uri)
			b64, ok := strings.CutPrefix(uri, "data:image/png;base64,")
			if !ok {
				t.Fatalf("data %q is not a PNG data URI", short(uri))
			}
			b, err := base64.StdEncoding.DecodeString(b64)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}},
		{"svg", "svg", func(t *testing.T, data json.RawMessage) []byte {
			var s string
			json.Unmarshal(data, &s)
			return []byte(s)
		}},
		{"json", "json", func(t *testing.T, data json.RawMessage) []byte {
			readMatrix(t, data)
			return data
		}},
	} {
		t.Run(tt.output, func(t *testing.T) {
			style := `{"size": 256, "color": "navy"}`
			failing := map[int]bool{4: true}
			if tt.format == "json" {
				// A matrix is not drawn: a shared size and colour are
				// refused, and so is an item's own (fg, width).
				rec := sendBody(t, h, http.MethodPost, "/api/v1/qr/batch", "application/json", []byte(`{"output": "json", "style": `+style+`, "items": `+batchItems+`}`))
				if p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter"); p.Field != "style.size" || !strings.Contains(p.Detail, "style.color") || !strings.Contains(p.Fix, `"output":"json","style":{}`) {
					t.Errorf("json with a drawn style: field %q, detail %q, fix %s", p.Field, p.Detail, p.Fix)
				}
				style, failing[1] = `{}`, true
			}
			a := postBatch(t, h, `{"output": "`+tt.output+`", "style": `+style+`, "items": `+batchItems+`}`)
			if a.Count != 6 || a.Succeeded != 6-len(failing) || a.Failed != len(failing) {
				t.Fatalf("count %d, succeeded %d, failed %d", a.Count, a.Succeeded, a.Failed)
			}
			for i, it := range a.Items {
				if failing[i] {
					if it.Error == nil || it.Data != nil {
						t.Errorf("bad item: %+v", it)
					}
					if i == 1 && (it.Error.Fix == "" || fetch(t, h, it.Error.Fix).Code != http.StatusOK) {
						t.Errorf("item 1's fix %q does not answer 200", it.Error.Fix)
					}
					continue
				}
				if it.Error != nil || it.URL != "" {
					t.Fatalf("item %d: %+v", i, it)
				}
				got := tt.decode(t, it.Data)
				u := urls.Items[i].URL
				if tt.format != "png" {
					u = inFormat(t, u, tt.format)
				}
				rec := fetch(t, h, u)
				want := bytes.TrimSpace(rec.Body.Bytes())
				if rec.Code != 200 || !bytes.Equal(bytes.TrimSpace(got), want) {
					t.Errorf("item %d: inline %s differs from GET %s (%d)", i, tt.output, u, rec.Code)
				}
				// An item says what its URL's X-QR-Warning says: red on
				// white is 4:1, below verify's 4.5:1.
				if it.Warning != rec.Header().Get("X-QR-Warning") || (i == 1) != strings.HasPrefix(it.Warning, "contrast: ") {
					t.Errorf("item %d warns %q, its URL %q", i, it.Warning, rec.Header().Get("X-QR-Warning"))
				}
				if tt.format == "png" && i == 3 {
					if text := decodeQR(t, got); text != "WIFI:S:home;P:secret123;;" {
						t.Errorf("typed item reads %q", text)
					}
				}
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// Items come back in order whatever order the workers finish them in.
func TestBatchOrder(t *testing.T) {
	var items []string
	for i := range 200 {
		// Long and short data take different times to render.
		data := strings.Repeat("x", (i*37)%900+1)
		items = append(items, fmt.Sprintf(`{"id":"n%d","data":%q}`, i, data))
	}
	a := postBatch(t, handler, `{"output":"json","items":[`+strings.Join(items, ",")+`]}`)
	if a.Count != 200 || a.Succeeded != 200 {
		t.Fatalf("count %d succeeded %d", a.Count, a.Succeeded)
	}
	for i, it := range a.Items {
		if it.Index != i || deref(it.ID) != fmt.Sprintf("n%d", i) {
			t.Fatalf("position %d holds item %d (%s)", i, it.Index, deref(it.ID))
		}
	}
}

// The url output sets format from the style, and checks that the symbol
// fits the size without rendering it.
func TestBatchURLOutput(t *testing.T) {
	a := postBatch(t, handler, `{"style":{"format":"svg"},"items":[{"data":"a"},{"data":"`+strings.Repeat("a", 2900)+`","style":{"size":64}}]}`)
	if !strings.Contains(a.Items[0].URL, "format=svg") {
		t.Errorf("URL %s lacks format=svg", a.Items[0].URL)
	}
	if rec := fetch(t, handler, a.Items[0].URL); rec.Header().Get("Content-Type") != "image/svg+xml" {
		t.Errorf("URL gives %s", rec.Header().Get("Content-Type"))
	}
	e := a.Items[1].Error
	if e == nil || e.Field != "size" || !strings.Contains(e.Fix, "size=370") {
		t.Fatalf("a version-40 code at 64 px: %+v", a.Items[1])
	}
}

// base64 items are at most 1024 px; the fix is the item's own URL.
func TestBatchInlineSizeCap(t *testing.T) {
	a := postBatch(t, handler, `{"output":"base64","items":[{"data":"big","style":{"size":2048}},{"data":"ok","style":{"size":1024}}]}`)
	e := a.Items[0].Error
	if e == nil || e.Field != "size" || !strings.Contains(e.Detail, "zip") {
		t.Fatalf("size 2048 inline: %+v", a.Items[0])
	}
	rec := fetch(t, handler, e.Fix)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" || pngImage(t, rec.Body.Bytes()).Bounds().Dx() != 2048 {
		t.Errorf("fix %s: %d %s", e.Fix, rec.Code, rec.Header().Get("Content-Type"))
	}
	if a.Items[1].Error != nil {
		t.Errorf("size 1024 inline: %+v", a.Items[1].Error)
	}
}

// The zip holds one file per item named after its id, made safe and
// unique, and errors.json for the items that failed.
func TestBatchZip(t *testing.T) {
	h := withKinds(t)
	body := `{"output":"zip","style":{"size":128},"items":[
		{"id":"a","data":"first"},
		{"id":"a","data":"second"},
		{"id":"../../etc/passwd","data":"third"},
		{"data":"fourth"},
		{"id":"errors","data":"fifth","style":{"format":"json"}},
		{"id":"` + strings.Repeat("long", 30) + `","data":"sixth","style":{"format":"svg"}},
		{"id":"broken","data":"x","style":{"color":"nope"}},
		{"id":"wifi","type":"netcfg","fields":{"ssid":"home"}}
	]}`
	rec := sendBody(t, h, http.MethodPost, "/api/v1/qr/batch", "application/json", []byte(body))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/zip" {
		t.Fatalf("%d %s: %s", rec.Code, rec.Header().Get("Content-Type"), short(rec.Body.String()))
	}
	zr, err := zip.NewReader(bytes.NewReader(rec.Body.Bytes()), int64(rec.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	files := map[string][]byte{}
	for _, f := range zr.File {
		names = append(names, f.Name)
		r, _ := f.Open()
		files[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	want := []string{"a.png", "a-2.png", "_.._etc_passwd.png", "3.png", "errors-2.json",
		strings.Repeat("long", 16) + ".svg", "wifi.png", "errors.json"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Fatalf("names\n got %q\nwant %q", names, want)
	}
	for name, target := range map[string]string{
		"a.png":                             "/api/v1/qr?data=first&size=128",
		"3.png":                             "/api/v1/qr?data=fourth&size=128",
		"errors-2.json":                     "/api/v1/qr?data=fifth&format=json", // size draws nothing in a matrix
		"wifi.png":                          "/api/v1/netcfg?ssid=home&size=128",
		strings.Repeat("long", 16) + ".svg": "/api/v1/qr?data=sixth&size=128&format=svg",
	} {
		if got := fetch(t, h, base+target); !bytes.Equal(got.Body.Bytes(), files[name]) {
			t.Errorf("%s differs from GET %s", name, target)
		}
	}
	var failed []struct {
		Index int     `json:"index"`
		ID    string  `json:"id"`
		File  string  `json:"file"`
		Error problem `json:"error"`
	}
	if err := json.Unmarshal(files["errors.json"], &failed); err != nil {
		t.Fatal(err)
	}
	if len(failed) != 1 || failed[0].Index != 6 || failed[0].ID != "broken" || failed[0].File != "broken.png" || failed[0].Error.Field != "color" {
		t.Fatalf("errors.json: %s", files["errors.json"])
	}
}

// Ids are reduced to [A-Za-z0-9._-], without a leading dot, at most 64
// characters.
func TestBatchZipNamesAreSafe(t *testing.T) {
	body := `{"output":"zip","items":[{"id":".hidden","data":"a"},{"id":"ä/b\\c:d","data":"b"},{"id":"...","data":"c"}]}`
	rec := sendBody(t, handler, http.MethodPost, "/api/v1/qr/batch", "application/json", []byte(body))
	zr, err := zip.NewReader(bytes.NewReader(rec.Body.Bytes()), int64(rec.Body.Len()))
	if err != nil {
		t.Fatalf("%v: %s", err, short(rec.Body.String()))
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	if got, want := strings.Join(names, " "), "hidden.png __b_c_d.png 2.png"; got != want {
		t.Fatalf("names %q, want %q", got, want)
	}
}

// Problems with the request as a whole; each fix is a call that works.
func TestBatchProblems(t *testing.T) {
	h := withKinds(t)
	many := `{"items":[` + strings.TrimSuffix(strings.Repeat(`{"data":"a"},`, 1001), ",") + `]}`
	huge := `{"items":[{"data":"` + strings.Repeat("a", 4<<20) + `"}]}`
	tests := []struct {
		name        string
		contentType string
		body        string
		status      int
		kind        string
		field       string
		detailHas   string
		fixHas      string
		fixRuns     bool
	}{
		// The fix sends the caller's own body with the type, from a file.
		{"no content type", "", `{"items":[{"data":"a"}]}`, 415, "unsupported-media-type", "Content-Type", "application/json", "-H 'Content-Type: application/json' --data-binary @batch.json", false},
		{"form content type", "application/x-www-form-urlencoded", `{"items":[{"data":"a"}]}`, 415, "unsupported-media-type", "Content-Type", "application/json", "-H 'Content-Type: application/json' --data-binary @batch.json", false},
		{"syntax error", "application/json", "{\"items\": [\n  {\"data\": \"a\"},\n]}", 400, "invalid-parameter", "", "at byte 29 (line 3, column 1)", "", true},
		{"truncated", "application/json", `{"items": [{"data": "a"}`, 400, "invalid-parameter", "", "ends early", "", true},
		{"not an object", "application/json", `"items"`, 400, "invalid-parameter", "", "not a JSON string", "", true},
		{"the items alone", "application/json", `[{"data":"a"}]`, 400, "invalid-parameter", "items", "not an array of them", `{"items":[{"data":"a"}]}`, true},
		{"empty body", "application/json", ``, 400, "invalid-parameter", "", "empty", "", true},
		{"unknown key", "application/json", `{"itemz":[], "items":[{"data":"a"}], "output":"svg"}`, 400, "invalid-parameter", "itemz", "did you mean items", `"output":"svg"`, true},
		{"misspelt output", "application/json", `{"output":"ulr","items":[{"data":"a"}]}`, 400, "invalid-parameter", "output", "did you mean url", `"output":"url"`, true},
		{"output by a word", "application/json", `{"output":"data","items":[{"data":"a"}]}`, 400, "invalid-parameter", "output", "did you mean base64", `"output":"base64"`, true},
		{"unknown output", "application/json", `{"output":"pngs","items":[{"data":"a"}]}`, 400, "invalid-parameter", "output", "nor close to one", "", true},
		{"bad shared style", "application/json", `{"style":{"size":99999,"color":"red"},"items":[{"data":"a"}]}`, 400, "invalid-parameter", "style.size", "4096", `"size":"4096"`, true},
		{"unknown style key", "application/json", `{"style":{"sise":300},"items":[{"data":"a"}]}`, 400, "invalid-parameter", "style.sise", "did you mean size", "", true},
		{"style format against output", "application/json", `{"output":"json","style":{"format":"svg"},"items":[{"data":"a"}]}`, 400, "invalid-parameter", "style.format", "json", "", true},
		{"unknown verify depth", "application/json", `{"verify":"deep","items":[{"data":"a"}]}`, 400, "invalid-parameter", "verify", "quick, full, off", `"verify":"quick"`, true},
		{"verify with zip", "application/json", `{"output":"zip","verify":"quick","items":[{"data":"a"}]}`, 400, "invalid-parameter", "verify", "output zip", `"output":"url"`, true},
		{"no items", "application/json", `{"output":"url"}`, 400, "invalid-parameter", "items", "required", "", true},
		{"empty items", "application/json", `{"items":[]}`, 400, "invalid-parameter", "items", "empty", "", true},
		{"too many items", "application/json", many, 413, "payload-too-large", "items", "1001", "batches of at most 1000", false},
		{"body too large", "application/json", huge, 413, "payload-too-large", "", "4 MiB", "2 parts of under 4 MiB each", false},
	}
	// A body with no items of the caller's has no fix, which would render
	// made-up items, but a batch that works as its example (README
	// "Errors"); nor has an output no word names, or one a style's format
	// disagrees with, where any fix would answer what was not asked.
	noItems := map[string]bool{"syntax error": true, "truncated": true, "not an object": true, "empty body": true, "no items": true, "empty items": true,
		"unknown output": true, "style format against output": true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := sendBody(t, h, http.MethodPost, "/api/v1/qr/batch", tt.contentType, []byte(tt.body))
			p := readProblem(t, rec, tt.status, tt.kind)
			if p.Field != tt.field {
				t.Errorf("field %q, want %q", p.Field, tt.field)
			}
			if noItems[tt.name] {
				if p.Fix != "" || p.Example == "" {
					t.Fatalf("fix %q, example %q; want no fix and an example", short(p.Fix), short(p.Example))
				}
				p.Fix = p.Example
			}
			if !strings.Contains(p.Detail, tt.detailHas) {
				t.Errorf("detail %q lacks %q", p.Detail, tt.detailHas)
			}
			if !strings.Contains(p.Fix, tt.fixHas) {
				t.Errorf("fix %q lacks %q", short(p.Fix), tt.fixHas)
			}
			if !strings.HasPrefix(p.Fix, "curl -X POST '"+base+"/api/v1/qr/batch' -H 'Content-Type: application/json' ") {
				t.Errorf("fix %q is not a batch call", short(p.Fix))
			}
			if tt.fixRuns {
				if rec := runCurl(t, h, p.Fix); rec.Code != http.StatusOK {
					t.Errorf("fix %s answers %d: %s", short(p.Fix), rec.Code, short(rec.Body.String()))
				}
			}
		})
	}
}

// A shared style's fix is followed as sent: a frame against the code
// and a logo too large for level M once gave a fix of the margin alone,
// whose batch then failed both items for the logo's size, which depends
// on each item's data ("x" takes 0.22, 505 letters 0.21). The fix now
// gives the size that serves both, and its batch answers every item.
func TestBatchStyleFixIsServed(t *testing.T) {
	h := withKinds(t)
	body := `{"style":{"margin":0,"tpl":"corners","logo":"heart","logosize":0.25,"ec":"M"},"items":[{"data":"x"},{"data":"` + strings.Repeat("a", 505) + `"}]}`
	rec := sendBody(t, h, http.MethodPost, "/api/v1/qr/batch", "application/json", []byte(body))
	p := readProblem(t, rec, 400, "invalid-parameter")
	if !strings.Contains(p.Fix, `"margin":"1"`) || !strings.Contains(p.Fix, `"logosize":"0.21"`) || len(p.Errors) != 2 || p.Errors[1].Field != "style.logosize" {
		t.Fatalf("fix %s, errors %+v: want margin 1 and logosize 0.21, listed", short(p.Fix), p.Errors)
	}
	rec = runCurl(t, h, p.Fix)
	var a batchAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &a); rec.Code != http.StatusOK || err != nil {
		t.Fatalf("the fix answers %d: %s", rec.Code, short(rec.Body.String()))
	}
	if a.Count != 2 || a.Failed != 0 {
		t.Errorf("the fix's batch: %d items, %d failed: %s", a.Count, a.Failed, short(rec.Body.String()))
	}
}

// One malformed item fails alone; the others render.
func TestBatchBadItems(t *testing.T) {
	h := withKinds(t)
	a := postBatch(t, h, `{"items":[
		42,
		{"data":"a","colour":"red"},
		{"data":"a","type":"netcfg"},
		{"fields":{"ssid":"x"}},
		{"type":"netcfgg","fields":{"ssid":"x"}},
		{"type":"netcfg","fields":{"ssid":"x","pasword":"y"}},
		{"type":"netcfg","fields":{"password":"y"}},
		{"data":{"nested":true}},
		{"data":"a","style":{"data":"b"}},
		{"id":"ok","data":"fine"}
	]}`)
	if a.Count != 10 || a.Succeeded != 1 || a.Failed != 9 {
		t.Fatalf("count %d succeeded %d failed %d", a.Count, a.Succeeded, a.Failed)
	}
	wantField := []string{"", "colour", "data", "type", "type", "pasword", "ssid", "data", "style.data"}
	for i, field := range wantField {
		e := a.Items[i].Error
		if e == nil {
			t.Errorf("item %d did not fail", i)
			continue
		}
		// A network name only its owner knows, and an item of the wrong
		// shape, whose intent is not plain: no fix, an example.
		noFix := slices.Contains([]int{0, 2, 3, 6, 7, 8}, i)
		if e.Field != field || (e.Fix == "") != noFix || noFix && e.Example == "" || e.Status != 400 {
			t.Errorf("item %d: field %q (want %q), fix %q, example %q", i, e.Field, field, e.Fix, e.Example)
		}
	}
	// A misspelt key beside data is the option meant, in the item's URL.
	if fix := a.Items[1].Error.Fix; !strings.Contains(fix, "data=a&color=ff0000") || fetch(t, h, fix).Code != 200 {
		t.Errorf("misspelt option fix %s", fix)
	}
	// A misspelt field's fix renames it, keeping the caller's value.
	if fix := a.Items[5].Error.Fix; strings.Contains(fix, "pasword") || !strings.Contains(fix, "password=y") || fetch(t, h, fix).Code != 200 {
		t.Errorf("misspelt field fix %s", fix)
	}
	if fix := a.Items[4].Error.Fix; !strings.Contains(fix, "/api/v1/netcfg?") {
		t.Errorf("unknown type fix %s does not suggest netcfg", fix)
	}
	if a.Items[9].Error != nil || a.Items[9].URL == "" {
		t.Errorf("good item: %+v", a.Items[9])
	}
}

// POST only: other methods get a 405. A POST without a body would fail
// too (415), so there is no fix; the example is a POST that answers.
func TestBatchMethod(t *testing.T) {
	p := readProblem(t, get(t, "/api/v1/qr/batch"), 405, "method-not-allowed")
	_, body, ok := strings.Cut(p.Example, " -d '")
	if p.Fix != "" || !strings.HasPrefix(p.Example, "curl -X POST") || !ok {
		t.Fatalf("fix %q, example %q", p.Fix, p.Example)
	}
	rec := post(t, handler, "/api/v1/qr/batch", "application/json", []byte(strings.TrimSuffix(body, "'")))
	if rec.Code != http.StatusOK {
		t.Errorf("the example answers %d: %s", rec.Code, rec.Body)
	}
	p = readProblem(t, get(t, "/api/v1/decode"), 405, "method-not-allowed")
	if p.Fix != "" || !strings.Contains(p.Example, "/api/v1/decode") {
		t.Errorf("decode: fix %q, example %q", p.Fix, p.Example)
	}
}

// countingWriter is a ResponseWriter that keeps nothing but a byte count,
// so that a benchmark measures the server's memory, not the recorder's.
type countingWriter struct {
	header http.Header
	n      int
	status int
}

func (w *countingWriter) Header() http.Header         { return w.header }
func (w *countingWriter) WriteHeader(status int)      { w.status = status }
func (w *countingWriter) Write(b []byte) (int, error) { w.n += len(b); return len(b), nil }

// BenchmarkBatchBase64 posts 1000 plain items for base64 data URIs at the
// default 512 px, and reports the process's CPU time per batch and the
// peak heap in use seen while it runs (sampled every 2 ms).
func BenchmarkBatchBase64(b *testing.B) {
	var items []string
	for i := range 1000 {
		items = append(items, fmt.Sprintf(`{"id":"item-%d","data":"https://example.com/product/%d"}`, i, i))
	}
	body := []byte(`{"output":"base64","items":[` + strings.Join(items, ",") + `]}`)
	h := server.New(server.Config{BaseURL: base})

	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	n := 0
	cpu := cputime.Process()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/qr/batch", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := &countingWriter{header: http.Header{}}
		h.ServeHTTP(w, req)
		if w.status != http.StatusOK {
			b.Fatalf("status %d", w.status)
		}
		n = w.n
	}
	cpu = cputime.Process() - cpu
	close(done)
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(before.HeapInuse)/(1<<20), "start-heap-MiB")
	b.ReportMetric(float64(n)/(1<<20), "response-MiB")
}

// inFormat is the call u in format, without the options that change
// nothing there (options.Option.Reaches), as a batch leaves them out.
func inFormat(t *testing.T, u, format string) string {
	t.Helper()
	parsed, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	q := parsed.Query()
	for name := range q {
		if o, ok := options.Named(name); ok && !o.Reaches(format) {
			q.Del(name)
		}
	}
	q.Set(options.Format.Name, format)
	parsed.RawQuery = q.Encode()
	return parsed.String()
}
