package service_test

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

// A batch item of one kind's fields without its type ({"ssid": …,
// "password": …}) is that kind's, as /api/v1/qr takes it: the fix names
// the type and moves the fields in. An identity field no item key or
// kind takes (password beside data) is not dropped by a fix, as
// /api/v1/qr does not drop it: there is none.
func TestBatchItemOfOneKindsFieldsNamesTheKind(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	for item, fix := range map[string]string{
		`{"ssid":"Cafe","password":"secret123"}`:               "/api/v1/wifi?ssid=Cafe&password=secret123",
		`{"ssid":"Cafe","password":"secret123","color":"red"}`: "/api/v1/wifi?ssid=Cafe&password=secret123&color=ff0000",
		`{"data":"hello","password":"secret123"}`:              "",
		`{"lat":"52.5","lon":"13.4"}`:                          "",
	} {
		p := each(t, svc, []byte(`{"items":[`+item+`]}`), -1)[0].Problem
		if p == nil || strings.TrimPrefix(p.Fix, "http://qr.test") != fix {
			t.Errorf("%s: %+v, want the fix %q", item, p, fix)
		}
	}
}
