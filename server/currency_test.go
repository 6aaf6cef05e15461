package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// A currency other than the one a kind's amounts are in is refused
// without a fix: the fix once dropped currency=USD as any unknown name,
// and the code asked for 19.99 EUR where the caller meant 19.99 USD. The
// kind's own currency changes nothing, and its fix drops it.
func TestForeignCurrencyHasNoFix(t *testing.T) {
	for _, call := range []string{
		"/api/v1/epc?name=Red%20Cross&iban=DE89370400440532013000&amount=19.99&currency=USD",
		"/api/v1/paynow?proxy=201403121W&amount=500&currency=usd",
		"/api/v1/bitcoin?address=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4&amount=50&ccy=USD",
	} {
		p := readProblem(t, get(t, call), http.StatusBadRequest, "invalid-parameter")
		if p.Fix != "" || !strings.Contains(p.Detail, "only") {
			t.Errorf("%s: detail %q fix %q, want the kind's one currency named and no fix", call, p.Detail, short(p.Fix))
		}
	}
	own := readProblem(t, get(t, "/api/v1/epc?name=Red%20Cross&iban=DE89370400440532013000&amount=19.99&currency=eur"), http.StatusBadRequest, "invalid-parameter")
	if own.Fix == "" || strings.Contains(own.Fix, "currency") {
		t.Errorf("currency=eur on epc: fix %q, want one without it", own.Fix)
	}
	a := postBatch(t, withKinds(t), `{"items":[{"type":"epc","fields":{"name":"Red Cross","iban":"DE89370400440532013000","amount":"5","currency":"GBP"}}]}`)
	if e := a.Items[0].Error; e == nil || e.Fix != "" || e.Field != "currency" {
		t.Errorf("batch item with currency GBP: %+v, want an error on currency without a fix", e)
	}
}
