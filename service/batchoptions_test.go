package service_test

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

// Options nested in an object as other QR APIs nest them ({"options":
// {...}}), in an item or beside items, go in the style: the fix keeps the
// size and colour asked for, where dropping the object would lose them.
func TestBatchNestedOptionsGoInStyle(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	for item, fix := range map[string]string{
		`{"data":"x","options":{"size":256,"color":"red"}}`:              "/api/v1/qr?data=x&size=256&color=ff0000",
		`{"data":"x","config":{"size":256},"style":{"fg":"blue"}}`:       "/api/v1/qr?data=x&size=256&color=0000ff",
		`{"type":"wifi","fields":{"ssid":"Home"},"settings":{"ec":"H"}}`: "/api/v1/wifi?ssid=Home&ec=H",
	} {
		p := each(t, svc, []byte(`{"items":[`+item+`]}`), -1)[0].Problem
		if p == nil || strings.TrimPrefix(p.Fix, "http://qr.test") != fix {
			t.Errorf("%s: %+v, want the fix %s", item, p, fix)
		}
	}
	bodyFixes(t, svc, []struct{ body, fix string }{
		{`{"items":[{"data":"x"}],"options":{"size":256,"color":"red"}}`, `{"items":[{"data":"x"}],"style":{"color":"red","size":256}}`},
		{`{"items":[{"data":"x"}],"options":{"size":256},"style":{"fg":"navy"}}`, `{"items":[{"data":"x"}],"style":{"fg":"navy","size":256}}`},
	})
}
