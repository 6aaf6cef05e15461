package service_test

import (
	"context"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

// TestBatchVerify: with verify, each item carries what GET verify answers
// for its parameters, at the body's depth, without the robustness fixes
// a verify call measures; off verifies nothing.
func TestBatchVerify(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	body := `{"output":"url","style":{"size":300},"verify":"%s","items":[` +
		`{"id":"grey","data":"https://example.com/menu","style":{"color":"aaaaaa"}},` +
		`{"id":"wifi","type":"wifi","fields":{"ssid":"Cafe","password":"espresso42"}}]}`
	want := []service.Request{
		{Params: url.Values{"data": {"https://example.com/menu"}, "size": {"300"}, "color": {"aaaaaa"}}, ScoreOnly: true},
		{Params: url.Values{"type": {"wifi"}, "ssid": {"Cafe"}, "password": {"espresso42"}, "size": {"300"}}, ScoreOnly: true},
	}
	for _, depth := range []struct {
		name   string
		levels int
	}{{"quick", 11}, {"full", 43}} {
		items := each(t, svc, []byte(strings.Replace(body, "%s", depth.name, 1)), -1)
		for i, it := range items {
			if it.Problem != nil || it.Verify == nil || it.Verify.Robustness == nil {
				t.Fatalf("%s item %d: %+v", depth.name, i, it)
			}
			r := it.Verify.Robustness
			n := 0
			for _, c := range r.Conditions {
				n += len(c.Levels)
			}
			if string(r.Depth) != depth.name || n != depth.levels || len(r.Fixes) != 0 {
				t.Errorf("%s item %d: depth %s, %d levels, %d fixes; want %s, %d, none", depth.name, i, r.Depth, n, len(r.Fixes), depth.name, depth.levels)
			}
			q := want[i]
			q.Params = cloneValues(q.Params)
			q.Params.Set("robustness", depth.name)
			single, p := svc.Verify(context.Background(), q)
			if p != nil {
				t.Fatal(p.Detail)
			}
			if !reflect.DeepEqual(single, it.Verify) {
				t.Errorf("%s item %d differs from GET verify:\nbatch  %+v\nverify %+v", depth.name, i, it.Verify, single)
			}
		}
		// The grey code warns of its contrast, with a verify call to fix it.
		if c := checkNamed(items[0].Verify.Checks, "contrast"); c == nil || c.Status == service.StatusPass || !strings.Contains(c.Fix, "/api/v1/verify?") {
			t.Errorf("grey item's contrast check: %+v", c)
		}
		if items[1].Verify.Decoded == "" || !items[1].Verify.Matches {
			t.Errorf("wifi item does not read as its payload: %+v", items[1].Verify)
		}
	}
	for _, it := range each(t, svc, []byte(strings.Replace(body, "%s", "off", 1)), -1) {
		if it.Verify != nil || it.Problem != nil {
			t.Errorf("verify off, item %d: %+v", it.Index, it)
		}
	}
}

// TestBatchVerifyRefusals: a depth that is not one, and verify with a zip
// answer, are refused as a whole with a corrected body.
func TestBatchVerifyRefusals(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	for _, c := range []struct{ body, fix string }{
		{`{"verify":"deep","items":[{"data":"a"}]}`, `"verify":"quick"`},
		{`{"verify":{},"items":[{"data":"a"}]}`, `"verify":"quick"`},
		{`{"output":"zip","verify":"full","items":[{"data":"a"}]}`, `"output":"url"`},
	} {
		_, p := svc.Batch(context.Background(), []byte(c.body))
		if p == nil || p.Status != 400 || p.Field != "verify" || !strings.Contains(p.Fix, c.fix) {
			t.Errorf("%s: %+v; want a 400 on verify with a fix holding %s", c.body, p, c.fix)
		}
	}
}

// TestBatchVerifyIsAdmitted: an item's verify reserves memory as GET
// verify does: an SVG that renders within a small budget fails alone when
// its verify, a PNG decoded and scanned, would not fit.
func TestBatchVerifyIsAdmitted(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example", Memory: 64 << 20})
	q := service.Request{Params: url.Values{"data": {"big"}, "size": {"4000"}, "robustness": {"quick"}}}
	_, single := svc.Verify(context.Background(), q)
	if single == nil {
		t.Fatal("GET verify of a 4000 px code fits a 64 MiB budget; the test needs one it does not fit")
	}
	body := `{"output":"svg","style":{"size":4000},"verify":"%s","items":[{"data":"big"}]}`
	if items := each(t, svc, []byte(strings.Replace(body, "%s", "off", 1)), -1); items[0].Problem != nil {
		t.Fatalf("the SVG alone is refused: %+v", items[0].Problem)
	}
	items := each(t, svc, []byte(strings.Replace(body, "%s", "quick", 1)), -1)
	if p := items[0].Problem; p == nil || p.Status != single.Status || p.Type != single.Type || items[0].Verify != nil {
		t.Errorf("verified item: %+v, verify %+v; want GET verify's problem %+v", p, items[0].Verify, single)
	}
}

func checkNamed(checks []service.Check, name string) *service.Check {
	for i := range checks {
		if checks[i].Name == name {
			return &checks[i]
		}
	}
	return nil
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}
