package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/options"
)

// An option that needs another (Option.Needs) changes nothing alone, so it
// is refused rather than silently ignored, with a fix that drops it; given
// with what it needs, it is drawn. A batch's shared style leaves it out of
// the items that lack what it needs.
func TestOptionsThatNeedAnotherAreRefusedAlone(t *testing.T) {
	for _, o := range options.Rendering {
		if len(o.Needs) == 0 {
			continue
		}
		target := "/api/v1/qr?data=hello&" + o.Name + "=" + url.QueryEscape(o.Example)
		rec := fetch(t, handler, base+target)
		var p struct{ Field, Fix, Detail string }
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusBadRequest || p.Field != o.Name {
			t.Errorf("%s: %d %.200s; want a 400 on %s", target, rec.Code, rec.Body, o.Name)
			continue
		}
		if !strings.Contains(p.Detail, "changes nothing without "+strings.Join(o.Needs, " or ")) {
			t.Errorf("%s: detail %q does not name %v", target, p.Detail, o.Needs)
		}
		if u, err := url.Parse(p.Fix); err != nil || u.Query().Has(o.Name) {
			t.Errorf("%s: fix %q keeps %s", target, p.Fix, o.Name)
		} else if fixed := fetch(t, handler, p.Fix); fixed.Code != http.StatusOK {
			t.Errorf("%s: the fix gives %d", target, fixed.Code)
		}
	}
	a := postBatch(t, handler, `{"output":"url","style":{"logosize":"0.25","logobg":"ffffff","logoplate":"rounded","font":"mono"},"items":[`+
		`{"id":"plain","data":"hello"},{"id":"logo","data":"hello","style":{"logo":"wifi"}},{"id":"mine","data":"hello","style":{"textcolor":"ffffff"}}]}`)
	want := map[string]string{
		"plain": "/api/v1/qr?data=hello",
		"logo":  "/api/v1/qr?data=hello&logo=wifi&logosize=0.25&logobg=ffffff&logoplate=rounded",
	}
	for _, it := range a.Items {
		switch id := *it.ID; id {
		case "mine":
			// The item's own style is judged as a call's.
			if it.Error == nil || it.Error.Field != "textcolor" {
				t.Errorf("item mine: %+v, want a 400 on textcolor", it)
			}
		default:
			if !strings.HasSuffix(it.URL, want[id]) {
				t.Errorf("item %s: %+v, want %s", id, it, want[id])
			}
		}
	}
}

// QuickChart ignores centerImageSizeRatio without centerImageUrl, and so
// does its drop-in path, saying so, rather than refusing the call.
func TestQuickChartLeavesOutWhatNeedsAnother(t *testing.T) {
	rec := fetch(t, handler, base+"/qr?text=hello&centerImageSizeRatio=0.3&captionFontColor=ff0000")
	diffs := rec.Header().Get("X-QR-Dropin-Differences")
	if rec.Code != http.StatusOK || !strings.Contains(diffs, "logosize without logo") || !strings.Contains(diffs, "textcolor without") {
		t.Errorf("%d, differences %q", rec.Code, diffs)
	}
}
