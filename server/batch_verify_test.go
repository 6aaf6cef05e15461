package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// TestBatchVerify: with "verify": "quick", each item of the JSON answer
// carries what GET /api/v1/verify answers for the item's own URL, less
// the robustness fixes; a bad item fails alone, unverified.
func TestBatchVerify(t *testing.T) {
	a := postBatch(t, handler, `{"output":"url","verify":"quick","style":{"size":300},"items":[`+
		`{"id":"grey","data":"https://example.com/menu","style":{"color":"999"}},`+
		`{"id":"typed","type":"wifi","fields":{"ssid":"Cafe","password":"espresso42"}},`+
		`{"id":"bad","data":"x","style":{"size":99999}}]}`)
	if a.Succeeded != 2 || a.Failed != 1 || a.Items[2].Error == nil || a.Items[2].Verify != nil {
		t.Fatalf("succeeded %d, failed %d, bad item %+v", a.Succeeded, a.Failed, a.Items[2])
	}
	for _, it := range a.Items[:2] {
		var got map[string]any
		if err := json.Unmarshal(it.Verify, &got); err != nil {
			t.Fatalf("item %s: verify %s: %v", *it.ID, it.Verify, err)
		}
		// The item's GET URL, as a verify call: a kind's path becomes type.
		u, err := url.Parse(it.URL)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		if kind := strings.TrimPrefix(u.Path, "/api/v1/"); kind != "qr" {
			q.Set("type", kind)
		}
		q.Set("robustness", "quick")
		verifyURL := base + "/api/v1/verify?" + q.Encode()
		rec := fetch(t, handler, verifyURL)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", verifyURL, rec.Code, rec.Body.String())
		}
		var want map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &want); err != nil {
			t.Fatal(err)
		}
		rb, ok := want["robustness"].(map[string]any)
		if !ok || got["robustness"] == nil {
			t.Fatalf("item %s: no robustness: batch %v, verify %v", *it.ID, got["robustness"], want["robustness"])
		}
		delete(rb, "fixes")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("item %s: batch verify\n%s\ndiffers from GET %s\n%s", *it.ID, it.Verify, verifyURL, rec.Body.String())
		}
	}
}
