package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// A key given twice with different values in a JSON body is refused, as
// a query parameter given twice is: encoding/json would keep the last
// value without a word. The problem names the key's path and both
// values, and has no fix, as only the caller knows which value is meant.
func TestDuplicateKeysInBodies(t *testing.T) {
	tests := []struct {
		name      string
		target    string
		body      string
		field     string
		detailHas []string
	}{
		{"generate data", "/api/v1/qr", `{"data":"hello","data":"bye"}`, "data", []string{`data is given twice`, `"hello" and "bye"`}},
		{"kind field", "/api/v1/wifi", `{"ssid":"A","password":"abcdefgh1","ssid":"B"}`, "ssid", []string{`ssid is given twice`, `"A" and "B"`}},
		{"batch style", "/api/v1/qr/batch", `{"style":{"size":300},"style":{"color":"red"},"items":[{"data":"a"}]}`, "style", []string{`style is given twice`, `{"size":300} and {"color":"red"}`}},
		{"batch style key", "/api/v1/qr/batch", `{"style":{"size":300,"size":400},"items":[{"data":"a"}]}`, "style.size", []string{`style.size is given twice`, `300 and 400`}},
		{"batch items", "/api/v1/qr/batch", `{"items":[{"data":"a"}],"items":[{"data":"b"}]}`, "items", []string{`items is given twice`}},
		{"batch output", "/api/v1/qr/batch", `{"output":"svg","items":[{"data":"a"}],"output":"json"}`, "output", []string{`"svg" and "json"`}},
		{"batch verify", "/api/v1/qr/batch", `{"verify":"quick","verify":"full","items":[{"data":"a"}]}`, "verify", []string{`"quick" and "full"`}},
		// The values are cut, not the path.
		{"long values", "/api/v1/qr", `{"data":"` + strings.Repeat("a", 500) + `","data":"b"}`, "data", []string{`"` + strings.Repeat("a", 63) + `…`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(t, handler, tt.target, "application/json", []byte(tt.body))
			p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
			if p.Field != tt.field {
				t.Errorf("field %q, want %q", p.Field, tt.field)
			}
			for _, want := range tt.detailHas {
				if !strings.Contains(p.Detail, want) {
					t.Errorf("detail %q lacks %q", p.Detail, want)
				}
			}
			if p.Fix != "" {
				t.Errorf("fix %q: which value is meant is the caller's to say", p.Fix)
			}
		})
	}
}

// A duplicate inside an item fails that item, in its place; the other
// items render.
func TestDuplicateKeysInBatchItems(t *testing.T) {
	a := postBatch(t, handler, `{"items":[
		{"type":"wifi","fields":{"ssid":"A","ssid":"B","password":"abcdefgh1"}},
		{"data":"a","data":"b"},
		{"id":"x","data":"a","id":"y"},
		{"data":"a","style":{"color":"red","color":"blue"}},
		{"id":"ok","data":"fine"}
	]}`)
	if a.Count != 5 || a.Succeeded != 1 || a.Failed != 4 {
		t.Fatalf("count %d succeeded %d failed %d", a.Count, a.Succeeded, a.Failed)
	}
	for i, want := range []struct{ field, path string }{
		{"fields.ssid", "items[0].fields.ssid"},
		{"data", "items[1].data"},
		{"id", "items[2].id"},
		{"style.color", "items[3].style.color"},
	} {
		e := a.Items[i].Error
		if e == nil {
			t.Errorf("item %d did not fail", i)
			continue
		}
		if e.Field != want.field || !strings.Contains(e.Detail, want.path+" is given twice") || e.Fix != "" || e.Example == "" || e.Status != 400 {
			t.Errorf("item %d: field %q (want %q), detail %q (want %s), fix %q, example %q", i, e.Field, want.field, e.Detail, want.path, e.Fix, e.Example)
		}
	}
	if it := a.Items[4]; it.Error != nil || it.URL == "" {
		t.Errorf("the item without duplicates: %+v", it)
	}
}

// The same value twice is accepted, as data=a&data=a is.
func TestDuplicateKeysWithOneValue(t *testing.T) {
	if rec := post(t, handler, "/api/v1/qr", "application/json", []byte(`{"data":"a","data":"a"}`)); rec.Code != http.StatusOK {
		t.Errorf("generate: %d %s", rec.Code, short(rec.Body.String()))
	}
	if rec := get(t, "/api/v1/qr?data=a&data=a"); rec.Code != http.StatusOK {
		t.Errorf("the query form: %d %s", rec.Code, short(rec.Body.String()))
	}
	a := postBatch(t, handler, `{"style":{"size":300},"style":{ "size": 300 },"items":[{"data":"a","data":"a"}]}`)
	if a.Succeeded != 1 {
		t.Errorf("batch: %+v", a.Items)
	}
}

// A batch's query is refused with its names moved into the body; a body
// giving a key twice keeps one value in that fix, so there is none.
func TestBatchQueryWithDuplicateKeys(t *testing.T) {
	rec := post(t, handler, "/api/v1/qr/batch?size=300", "application/json", []byte(`{"style":{"color":"red"},"style":{"color":"blue"},"items":[{"data":"a"}]}`))
	p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	if p.Field != "size" || p.Fix != "" {
		t.Errorf("field %q, fix %q", p.Field, p.Fix)
	}
}

// A JSON body of a kind's endpoint that cannot be read (a key twice, not
// JSON, not an object) shows the kind's own documented example call, not
// /api/v1/qr's, and the detail shows the kind's fields (README "Errors").
func TestKindBodyProblemsShowTheKindsExample(t *testing.T) {
	h := withKinds(t)
	for _, body := range []string{`{"ssid":"Cafe","password":"longpassword","ssid":"Cafe2"}`, `{"ssid":"Cafe",`, `[1]`} {
		p := readProblem(t, post(t, h, "/api/v1/netcfg", "application/json", []byte(body)), http.StatusBadRequest, "invalid-parameter")
		if want := "curl -X POST '" + base + "/api/v1/netcfg' -H 'Content-Type: application/json' -d '{\"password\":\"secret123\",\"ssid\":\"home\"}'"; p.Example != want || p.Fix != "" {
			t.Errorf("%s: fix %q, example %s, want %s", body, p.Fix, p.Example, want)
			continue
		}
		if strings.Contains(p.Detail, `"data"`) {
			t.Errorf("%s: detail %q suggests data, which netcfg does not read", body, p.Detail)
		}
		if rec := runCurl(t, h, p.Example); rec.Code != http.StatusOK {
			t.Errorf("%s: example answers %d: %s", body, rec.Code, short(rec.Body.String()))
		}
	}
}
