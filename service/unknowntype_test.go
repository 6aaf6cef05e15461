package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

// An unknown type in a batch item or on verify is fixed to the kind meant
// with the caller's own fields; the kind's documented example (a Red Cross
// payee) is only an example. The fix was that example call, which pays
// someone the caller never named.
func TestUnknownTypeFixKeepsTheCallersFields(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	items := each(t, svc, []byte(`{"output":"url","items":[{"type":"sepa","fields":{"name":"Jane Doe","iban":"DE89370400440532013000"}}]}`), -1)
	p := items[0].Problem
	if p == nil || !strings.Contains(p.Fix, "/api/v1/epc?") || !strings.Contains(p.Fix, "Jane") || strings.Contains(p.Fix, "Red") || !strings.Contains(p.Detail, "did you mean epc?") || !strings.Contains(p.Example, "Red") {
		t.Errorf("batch item: %+v", p)
	}
	_, p = svc.Verify(context.Background(), service.Request{Query: "type=sepa&name=Jane+Doe&iban=DE89370400440532013000"})
	if p == nil || !strings.Contains(p.Fix, "type=epc") || !strings.Contains(p.Fix, "Jane") || strings.Contains(p.Fix, "Red") || !strings.Contains(p.Example, "Red") {
		t.Errorf("verify: fix %q example %q", p.Fix, p.Example)
	}
}
