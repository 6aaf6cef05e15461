package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A full batch of 1000 items, plain and typed, every tenth one invalid:
// each bad item fails alone with a problem document, and every good item's
// url returns exactly the bytes the item stands for.
func TestBatchThousandMixedItems(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 1000 codes; skipped with -short")
	}
	h := withKinds(t)
	var items []string
	for i := range 1000 {
		switch {
		case i%10 == 9:
			items = append(items, fmt.Sprintf(`{"id":"bad-%d","data":"x","style":{"size":%d}}`, i, 5000+i))
		case i%3 == 0:
			items = append(items, fmt.Sprintf(`{"id":"wifi-%d","type":"netcfg","fields":{"ssid":"net-%d","password":"secret123"}}`, i, i))
		default:
			items = append(items, fmt.Sprintf(`{"data":"https://example.com/item/%d","style":{"style":"dot"}}`, i))
		}
	}
	a := postBatch(t, h, `{"output":"url","style":{"size":200},"items":[`+strings.Join(items, ",")+`]}`)
	if a.Count != 1000 || a.Succeeded != 900 || a.Failed != 100 || len(a.Items) != 1000 {
		t.Fatalf("count %d succeeded %d failed %d items %d", a.Count, a.Succeeded, a.Failed, len(a.Items))
	}
	// Compare every failing item, and every good item's URL against a
	// second batch that returns the same items inline as SVG (cheap to
	// compare), byte for byte.
	inline := postBatch(t, h, `{"output":"svg","style":{"size":200},"items":[`+strings.Join(items, ",")+`]}`)
	for i, it := range a.Items {
		if it.Index != i {
			t.Fatalf("item %d answers as index %d", i, it.Index)
		}
		if i%10 == 9 {
			if it.Error == nil || it.URL != "" {
				t.Fatalf("item %d should fail alone: %+v", i, it)
			}
			continue
		}
		if it.Error != nil || it.URL == "" {
			t.Fatalf("item %d failed: %+v", i, it.Error)
		}
		rec := fetch(t, h, it.URL)
		if rec.Code != http.StatusOK {
			t.Fatalf("item %d url %s answers %d", i, it.URL, rec.Code)
		}
		if i%50 == 0 {
			// The url gives the same bytes as the inline answer of the
			// same item, asked for as SVG.
			svgURL := strings.Replace(it.URL, "format=png", "format=svg", 1)
			if !strings.Contains(svgURL, "format=svg") {
				svgURL += "&format=svg"
			}
			var inlineSVG string
			if err := json.Unmarshal(inline.Items[i].Data, &inlineSVG); err != nil {
				t.Fatalf("item %d inline data: %v", i, err)
			}
			if got := fetch(t, h, svgURL).Body.Bytes(); !bytes.Equal(got, []byte(inlineSVG)) {
				t.Fatalf("item %d: %s differs from the inline SVG", i, svgURL)
			}
		}
	}
}
