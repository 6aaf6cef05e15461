package service_test

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

func batchOf(n int) []byte {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"data":"item %d"}`, i)
	}
	return []byte(`{"output":"svg","items":[` + strings.Join(items, ",") + `]}`)
}

// each runs a batch through Each, calling LinkFrom(from) first when from
// is not negative.
func each(t *testing.T, svc *service.Service, body []byte, from int) []service.BatchItem {
	t.Helper()
	run, p := svc.Batch(context.Background(), body)
	if p != nil {
		t.Fatal(p.Detail)
	}
	defer run.Close()
	if from >= 0 {
		run.LinkFrom(from)
	}
	var items []service.BatchItem
	if err := run.Each(func(it service.BatchItem) error {
		items = append(items, it)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return items
}

// TestBatchEach: Each hands out every item in order with its URL and its
// bytes; after LinkFrom, the items no worker had started come with the
// same URL and no bytes, and only the few already under way are rendered.
func TestBatchEach(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	body := batchOf(40)
	rendered := each(t, svc, body, -1)
	linked := each(t, svc, body, 0)
	if len(rendered) != 40 || len(linked) != 40 {
		t.Fatalf("%d and %d items, want 40", len(rendered), len(linked))
	}
	bodies := 0
	for i := range rendered {
		r, l := rendered[i], linked[i]
		if r.Index != i || r.Problem != nil || !strings.Contains(string(r.Body), "<svg") || !strings.HasPrefix(r.URL, "https://qr.example/api/v1/qr?") {
			t.Fatalf("item %d: %+v", i, r)
		}
		if l.Index != i || l.Problem != nil || l.URL != r.URL || l.Format != r.Format {
			t.Errorf("linked item %d: %+v, rendered %+v", i, l, r)
		}
		if l.Body != nil {
			bodies++
		}
	}
	if window := 2 * runtime.GOMAXPROCS(0); bodies > window {
		t.Errorf("%d items rendered after LinkFrom(0), want at most the %d under way", bodies, window)
	}
}

// TestBatchItemKeysGoWhereMeant: a key an item does not have is moved
// where it was meant (an option into style, a kind's field into fields)
// or renamed (a near miss), and the item's problem has the fix that does
// it, with the caller's values; what is meant by nothing is dropped. The
// fix is the item's own URL, and answers.
func TestBatchItemKeysGoWhereMeant(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		item, fix string // fix: the fix's path and query, "" for none
	}{
		{`{"data":"a","color":"red","size":300}`, "/api/v1/qr?data=a&size=300&color=ff0000"},
		{`{"data":"a","colr":"red"}`, "/api/v1/qr?data=a&color=ff0000"},
		{`{"dta":"a"}`, "/api/v1/qr?data=a"},
		{`{"data":"a","zzzqqq":"b"}`, "/api/v1/qr?data=a"},
		{`{"data":"a","color":"red","style":{"color":"blue"}}`, "/api/v1/qr?data=a&color=0000ff"},
		{`{"data":"a","color":{"r":1}}`, "/api/v1/qr?data=a"},
		{`{"type":"wifi","ssid":"Home","password":"secret123"}`, "/api/v1/wifi?ssid=Home&password=secret123"},
		{`{"type":"wifi","fields":{"ssid":"Home"},"pasword":"secret123"}`, "/api/v1/wifi?ssid=Home&password=secret123"},
		{`{"tpye":"wifi","feilds":{"ssid":"Home"}}`, "/api/v1/wifi?ssid=Home"},
		// kind is qr_generate_typed's name for an item's type.
		{`{"kind":"wifi","fields":{"ssid":"Home","password":"abcdefgh1"}}`, "/api/v1/wifi?ssid=Home&password=abcdefgh1"},
		{`{"kind":"wifi","ssid":"Home","password":"abcdefgh1"}`, "/api/v1/wifi?ssid=Home&password=abcdefgh1"},
		{`{"type":"wifi","kind":"url","fields":{"ssid":"Home"}}`, "/api/v1/wifi?ssid=Home"},
		{`{"type":"wifi","fields":{"ssid":"Home","color":"red"}}`, "/api/v1/wifi?ssid=Home&color=ff0000"},
		{`{"type":"wifi","style":{"fg":"blue"},"fields":{"ssid":"Home","color":"red"}}`, "/api/v1/wifi?ssid=Home&color=0000ff"},
		{`{"tpye":"wifi","ssid":"Home","feilds":{"password":"secret123"}}`, ""}, // ssid is no size
		{`{"data":"a","sise":"300"}`, "/api/v1/qr?data=a&size=300"},
		{`{"data":"a","a1":1,"a2":2,"a3":3,"a4":4,"a5":5,"a6":6,"a7":7,"a8":8,"a9":9,"color":"red"}`, "/api/v1/qr?data=a"},
		// A bare string is the item's data; data's other names are data.
		{`"a"`, "/api/v1/qr?data=a"},
		{`{"text":"a"}`, "/api/v1/qr?data=a"},
		{`{"url":"https://example.com","size":300}`, "/api/v1/qr?data=https%3A%2F%2Fexample.com&size=300"},
		{`42`, ""},
		{`{"data":"a","type":"wifi"}`, ""},
	} {
		items := each(t, svc, []byte(`{"items":[`+c.item+`]}`), -1)
		p := items[0].Problem
		if p == nil {
			t.Errorf("%s: answered", c.item)
			continue
		}
		if got := strings.TrimPrefix(p.Fix, "http://qr.test"); got != c.fix {
			t.Errorf("%s: fix %q, want %q (%s)", c.item, got, c.fix, p.Detail)
		}
		if c.fix == "" {
			if p.Example == "" {
				t.Errorf("%s: no fix and no example: %+v", c.item, p)
			}
			continue
		}
		path, query, _ := strings.Cut(c.fix, "?")
		req := service.Request{Query: query, Kind: strings.TrimPrefix(path, "/api/v1/")}
		if req.Kind == "qr" {
			req.Kind = ""
		}
		if _, fp := svc.Generate(context.Background(), req, ""); fp != nil {
			t.Errorf("%s: fix %s: %s", c.item, c.fix, fp.Detail)
		}
	}
}

// TestBatchBodyKeysRenamed: a near miss of a key of the body, or of a
// style's option, is renamed keeping its value, at the top, in the shared
// style and in an item's style, as beside an item's data (README
// "Errors"); the fix is never the body without it.
func TestBatchBodyKeysRenamed(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	bodyFixes(t, svc, []struct{ body, fix string }{
		{`{"output":"url","itms":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"output":"url"}`},
		{`{"output":"url","Items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"output":"url"}`},
		{`{"output":"url","stlye":{"size":300},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"output":"url","style":{"size":300}}`},
		{`{"ouput":"base64","items":[{"data":"hello"}]}`, `{"items":[{"data":"hello"}],"output":"base64"}`},
		{`{"verfy":"full","items":[{"data":"hello"}]}`, `{"items":[{"data":"hello"}],"verify":"full"}`},
		{`{"style":{"colr":"red"},"items":[{"data":"hello"}]}`, `{"items":[{"data":"hello"}],"style":{"color":"red"}}`},
		// Renamed, then corrected inside: one fix answers.
		{`{"stlye":{"colr":"red","sise":300},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"color":"red","size":300}}`},
		// Meant by nothing, or given already: dropped.
		{`{"zzzzzz":1,"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}]}`},
		{`{"itms":[],"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}]}`},
		{`{"style":{"colr":"red","fg":"blue"},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"fg":"blue"}}`},
		// The items without their object, or their data without items.
		{`[{"data":"a"},"b"]`, `{"items":[{"data":"a"},{"data":"b"}]}`},
		{`{"data":["a","b"],"output":"svg"}`, `{"items":[{"data":"a"},{"data":"b"}],"output":"svg"}`},
		{`{"text":"a","style":{"size":300}}`, `{"items":[{"data":"a"}],"style":{"size":300}}`},
	})
	items := each(t, svc, []byte(`{"items":[{"data":"hello","style":{"colr":"red","size":300}}]}`), -1)
	if p := items[0].Problem; p == nil || p.Fix != "http://qr.test/api/v1/qr?data=hello&size=300&color=ff0000" {
		t.Errorf("item style colr: %+v", p)
	}
}

// TestBatchUnknownTypeFixIsTheItemsCall: an unknown type's fix is the
// item under the kind meant, written as every item's fix is: its style
// and the output's format kept (format=base64 for output base64).
func TestBatchUnknownTypeFixIsTheItemsCall(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ body, fix string }{
		{`{"output":"base64","items":[{"type":"wfi","fields":{"ssid":"G","password":"welcome123"}}]}`, "/api/v1/wifi?ssid=G&password=welcome123&format=base64"},
		{`{"output":"svg","style":{"size":300},"items":[{"type":"wfi","fields":{"ssid":"G","password":"welcome123"},"style":{"color":"red"}}]}`, "/api/v1/wifi?ssid=G&password=welcome123&size=300&format=svg&color=ff0000"},
		// A network's name is missing: no fix (README "Errors").
		{`{"items":[{"type":"wfi","fields":{"password":"welcome123"}}]}`, ""},
	} {
		items := each(t, svc, []byte(c.body), -1)
		p := items[0].Problem
		if p == nil || strings.TrimPrefix(p.Fix, "http://qr.test") != c.fix {
			t.Errorf("%s: %+v, want fix %s", c.body, p, c.fix)
		}
	}
}

// TestBatchURLsFitTheAPI: an item whose link would be longer than the API
// reads (a text SVG logo within its 12 KiB grows past 16 KiB once
// percent-encoded) fails with a problem, not a URL that answers 414; the
// same item in a zip is drawn.
func TestBatchURLsFitTheAPI(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">`
	for i := 0; len(svg) < 11<<10; i++ {
		svg += fmt.Sprintf(`<rect x="%d" y="%d" width="1" height="1" fill="#000"/>`, i%40, i/40%40)
	}
	svg += `</svg>`
	logo, _ := json.Marshal("data:image/svg+xml," + svg)
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	for _, output := range []string{"url", "zip"} {
		body := fmt.Sprintf(`{"output":%q,"items":[{"data":"hello","style":{"logo":%s}},{"data":"short"}]}`, output, logo)
		items := each(t, svc, []byte(body), -1)
		if items[1].Problem != nil || items[1].URL == "" {
			t.Fatalf("%s: the short item: %+v", output, items[1].Problem)
		}
		long := items[0]
		switch {
		case output == "zip" && (long.Problem != nil || len(long.Body) == 0):
			t.Errorf("zip: the item with the logo is not drawn: %+v", long.Problem)
		case output == "url" && (long.Problem == nil || long.Problem.Status != 414 || long.URL != ""):
			t.Errorf("url: the item with the logo gives URL of %d bytes, problem %+v", len(long.URL), long.Problem)
		}
	}
}

// TestBatchListOptionFixJoinsItems: a comma-separated option given as a
// JSON list, in the shared style or an item's, is refused with a fix that
// holds the caller's items joined with commas (and any other correction),
// never one that drops them; a list with no one reading has no fix.
func TestBatchListOptionFixJoinsItems(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	bodyFixes(t, svc, []struct{ body, fix string }{
		{`{"style":{"gradientcolors":["#1a237e","#880e4f"]},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"gradientcolors":"1a237e@0,880e4f@100"}}`},
		{`{"style":{"eyecolor":["red","blue","green"],"size":9999},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"eyecolor":"ff0000,0000ff,008000","size":"4096"}}`},
		// A near miss of the name, renamed, then joined: one fix answers.
		{`{"style":{"gradientcolor":["#1a237e","#880e4f"]},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"gradientcolors":"1a237e@0,880e4f@100"}}`},
	})
	items := each(t, svc, []byte(`{"items":[{"data":"a","style":{"eyecolor":["red","blue","green"]}}]}`), -1)
	if p := items[0].Problem; p == nil || p.Fix != "http://qr.test/api/v1/qr?data=a&eyecolor=ff0000%2C0000ff%2C008000" {
		t.Errorf("item style eyecolor list: %+v", p)
	}
	for _, body := range []string{
		`{"style":{"gradientcolors":["1a237e,00695c","880e4f"]},"items":[{"data":"a"}]}`,
		`{"style":{"eyecolor":[1,2,3]},"items":[{"data":"a"}]}`,
	} {
		if _, p := svc.Batch(context.Background(), []byte(body)); p == nil || p.Fix != "" || p.Example == "" {
			t.Errorf("%s: %+v, want no fix but an example", body, p)
		}
	}
}

// TestBatchTopLevelOptionGoesInStyle: a rendering option written beside
// items (format, fg) is moved into the shared style, its value kept, so
// that format=svg gives SVG, not PNG; an output is read as the word
// meant (data is base64's data URIs). When the body says two things
// (format svg with output base64, or style.format png) or a value the
// option cannot read (type=wifi), there is no fix, only an example.
func TestBatchTopLevelOptionGoesInStyle(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	bodyFixes(t, svc, []struct{ body, fix string }{
		{`{"format":"svg","items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"format":"svg"}}`},
		{`{"format":"svg","output":"zip","items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"output":"zip","style":{"format":"svg"}}`},
		{`{"fg":"navy","style":{"size":300},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"fg":"navy","size":300}}`},
		{`{"size":300,"style":{"size":300},"items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"style":{"size":300}}`},
		{`{"output":"data","items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"output":"base64"}`},
		{`{"output":"ulr","items":[{"data":"a"}]}`, `{"items":[{"data":"a"}],"output":"url"}`},
	})
	items := each(t, svc, []byte(`{"items":[{"data":"a"}],"style":{"format":"svg"}}`), -1)
	if !strings.Contains(items[0].URL, "format=svg") {
		t.Errorf("style.format svg: %s", items[0].URL)
	}
	for _, body := range []string{
		`{"format":"svg","style":{"format":"png"},"items":[{"data":"a"}]}`,
		`{"format":"svg","output":"base64","items":[{"data":"a"}]}`,
		`{"style":{"format":"svg"},"output":"base64","items":[{"data":"a"}]}`,
		`{"type":"wifi","items":[{"data":"a"}]}`,
		`{"output":"pdf","items":[{"data":"a"}]}`,
	} {
		if _, p := svc.Batch(context.Background(), []byte(body)); p == nil || p.Fix != "" || p.Example == "" {
			t.Errorf("%s: %+v, want no fix but an example", body, p)
		}
	}
}

// bodyFixes checks that each body is refused with its fix, the body to
// send instead as curl sends it, and that the fix answers.
func bodyFixes(t *testing.T, svc *service.Service, cases []struct{ body, fix string }) {
	t.Helper()
	for _, c := range cases {
		_, p := svc.Batch(context.Background(), []byte(c.body))
		if p == nil {
			t.Errorf("%s: answered", c.body)
			continue
		}
		if want := svc.BatchCurl(c.fix); p.Fix != want {
			t.Errorf("%s: fix %s, want %s (%s)", c.body, p.Fix, want, p.Detail)
		}
		// CheckBatch finds the same problem, and gives its fix as a body.
		if cp, fixed := svc.CheckBatch(context.Background(), []byte(c.body)); cp == nil || cp.Detail != p.Detail || string(fixed) != c.fix {
			t.Errorf("%s: CheckBatch %+v, fixed %s; want %q and %s", c.body, cp, fixed, p.Detail, c.fix)
		}
		if cp, _ := svc.CheckBatch(context.Background(), []byte(c.fix)); cp != nil {
			t.Errorf("%s: CheckBatch of the fix: %s", c.body, cp.Detail)
		}
		if run, fp := svc.Batch(context.Background(), []byte(c.fix)); fp != nil {
			t.Errorf("%s: fix %s: %s", c.body, c.fix, fp.Detail)
		} else {
			run.Close()
		}
	}
}

// An item whose data the answer carries says what its URL would send as
// X-QR-Warning: the warnings are not lost for being in a batch.
func TestBatchItemsCarryTheirWarnings(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	run, p := svc.Batch(context.Background(), []byte(`{"output":"base64","items":[{"data":"geo:52.5,200"},{"data":"hi","style":{"color":"eee"}},{"data":"hi"}]}`))
	if p != nil {
		t.Fatal(p)
	}
	defer run.Close()
	var warnings []string
	if err := run.Each(func(it service.BatchItem) error { warnings = append(warnings, it.Warning); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 3 || !strings.Contains(warnings[0], "/api/v1/geo") || !strings.Contains(warnings[1], "contrast") || warnings[2] != "" {
		t.Errorf("warnings %q", warnings)
	}
}

// A shared option is refused only when no item's format draws it: an item
// in its own format counts, as README says ("one that only some items'
// formats draw is left out of the others"). style.cmyk beside a shared
// png reached an item in pdf, and was refused with a fix that dropped it,
// which would have made that item's PDF RGB.
func TestBatchSharedOptionReachesAnItemsOwnFormat(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	items := each(t, svc, []byte(`{"output":"url","style":{"format":"png","cmyk":true},"items":[{"data":"a","style":{"format":"pdf"}},{"data":"b"}]}`), -1)
	if len(items) != 2 || !strings.Contains(items[0].URL, "format=pdf") || !strings.Contains(items[0].URL, "cmyk=true") || strings.Contains(items[1].URL, "cmyk") {
		t.Fatalf("items %+v: want cmyk in the pdf item only", items)
	}
	_, p := svc.Batch(context.Background(), []byte(`{"output":"url","style":{"format":"png","cmyk":true},"items":[{"data":"b"}]}`))
	if p == nil || p.Field != "style.cmyk" {
		t.Fatalf("cmyk with every item in png: %+v, want a problem on style.cmyk", p)
	}
}

// CheckBatch reads a body as Batch does, and no item: an item's problem
// (a logo too large for level L, found once the code is made) fails that
// item alone, in an answer. A fix that is no body (a split) gives none.
func TestCheckBatchReadsTheBodyOnly(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test", MaxBatchItems: 2})
	body := []byte(`{"output":"svg","style":{"margin":1,"tpl":"corners","logo":"heart","logosize":0.2,"ec":"L"},"items":[{"data":"x"}]}`)
	if p, fixed := svc.CheckBatch(context.Background(), body); p != nil || fixed != nil {
		t.Errorf("CheckBatch: %+v, fixed %s; want the body read as a batch that starts", p, fixed)
	}
	if items := each(t, svc, body, -1); items[0].Problem == nil || items[0].Problem.Field != "logosize" {
		t.Errorf("the item: %+v, want it to fail on logosize", items[0])
	}
	p, fixed := svc.CheckBatch(context.Background(), batchOf(3))
	if p == nil || p.Status != 413 || fixed != nil {
		t.Errorf("three items of two: %+v, fixed %s; want a 413 with no body", p, fixed)
	}
}
