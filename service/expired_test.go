package service_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/service"
)

// coffeeInvoice is BOLT #11 §Examples' "within one minute" invoice: made
// at 1496314658 (2017-06-01T10:57:38Z) with x = 60 seconds.
const coffeeInvoice = "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"

// TestExpiredPaymentsAreWarned: a payment code past its expiry is drawn
// as asked, with a warning against the clock of each request, on the
// kind's call, on data in the kind's form, on the payload, in verify,
// in a batch and in decode; a cached image drawn before the moment gets
// it after.
func TestExpiredPaymentsAreWarned(t *testing.T) {
	now := time.Date(2017, 6, 1, 10, 58, 0, 0, time.UTC)
	svc := service.New(service.Config{BaseURL: "http://qr.test", Clock: func() time.Time { return now }})
	ctx := context.Background()
	kindCall := service.Request{Kind: "lightning", Params: url.Values{"invoice": {coffeeInvoice}}}
	dataCall := service.Request{Params: url.Values{"data": {"lightning:" + strings.ToUpper(coffeeInvoice)}}}
	const expired = "expired at 2017-06-01T10:58:38Z"

	before, p := svc.Generate(ctx, kindCall, "")
	if p != nil {
		t.Fatal(p.Detail)
	}
	if strings.Contains(before.Warning, "expired") {
		t.Fatalf("warned 38 s before the expiry: %s", before.Warning)
	}

	now = now.Add(2 * time.Hour)
	after, p := svc.Generate(ctx, kindCall, "")
	if p != nil {
		t.Fatal(p.Detail)
	}
	if want := "payload: invoice " + expired + ", 1 hour ago (BOLT #11"; !strings.HasPrefix(after.Warning, want) {
		t.Errorf("cached image after the expiry warns %q, want it to start %q", after.Warning, want)
	}
	if after.ETag != before.ETag || string(after.Body) != string(before.Body) {
		t.Error("the warning changed the image")
	}
	if held, _ := svc.Generate(ctx, kindCall, before.ETag); !held.NotModified || !strings.Contains(held.Warning, expired) {
		t.Errorf("revalidation: not modified %v, warning %q", held.NotModified, held.Warning)
	}

	data, p := svc.Generate(ctx, dataCall, "")
	if p != nil {
		t.Fatal(p.Detail)
	}
	if want := "payload: data is written as Lightning (lightning), whose invoice " + expired; !strings.HasPrefix(data.Warning, want) {
		t.Errorf("data warns %q, want it to start %q", data.Warning, want)
	}

	payload, p := svc.Payload(kindCall)
	if p != nil {
		t.Fatal(p.Detail)
	}
	if !strings.HasPrefix(payload.Warning, "invoice "+expired) {
		t.Errorf("payload warning %q", payload.Warning)
	}

	v, p := svc.Verify(ctx, service.Request{Params: url.Values{"type": {"lightning"}, "invoice": {coffeeInvoice}}})
	if p != nil {
		t.Fatal(p.Detail)
	}
	found := false
	for _, c := range v.Checks {
		if c.Name == "payload" {
			found = c.Status == service.StatusWarn && strings.HasPrefix(c.Message, "invoice "+expired)
		}
	}
	if !found {
		t.Errorf("verify's payload check does not warn of the expiry: %+v", v.Checks)
	}

	items := each(t, svc, []byte(`{"output":"svg","items":[{"type":"lightning","fields":{"invoice":"`+coffeeInvoice+`"}},{"data":"hello"}]}`), -1)
	if len(items) != 2 || !strings.Contains(items[0].Warning, "payload: invoice "+expired) || strings.Contains(items[1].Warning, "expired") {
		t.Errorf("batch warnings: %q, %q", items[0].Warning, items[1].Warning)
	}

	png, p := svc.Generate(ctx, service.Request{Kind: "lightning", Params: url.Values{"invoice": {coffeeInvoice}, "format": {"png"}}}, "")
	if p != nil {
		t.Fatal(p.Detail)
	}
	codes, p := svc.Decode(ctx, png.Body, "image")
	if p != nil {
		t.Fatal(p.Detail)
	}
	if len(codes) != 1 || codes[0].Kind != "lightning" || codes[0].Expires != "2017-06-01T10:58:38Z" || !strings.Contains(codes[0].Warning, "the payment "+expired+", 1 hour ago") {
		t.Errorf("decode: %+v", codes)
	}

	for _, w := range svc.Warnings(ctx, kindCall) {
		if w.Field == "invoice" && w.Code == "payload" && strings.Contains(w.Detail, expired) {
			return
		}
	}
	t.Errorf("Warnings (the editor's) lack the expiry: %+v", svc.Warnings(ctx, kindCall))
}
