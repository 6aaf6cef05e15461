package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// payLabel are kinds whose standard calls the payee's name label (BIP21
// §ABNF, Solana Pay's label), a field the kinds call recipient, with an
// address each.
var payLabel = []struct{ kind, address string }{
	{"bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"},
	{"litecoin", "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9"},
	{"dogecoin", "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE"},
	{"solana", "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN"},
}

// On those kinds label is refused, on the image and the payload endpoint
// and on verify: the caller may mean the payee, which would be left out
// of the payload, or the caption. The fix renames it recipient; the
// problem says the caption is written caption there.
func TestLabelIsRefusedWhereTheStandardNamesAField(t *testing.T) {
	for _, c := range payLabel {
		for _, path := range []string{"/api/v1/" + c.kind + "?address=", "/api/v1/" + c.kind + "/payload?address=", "/api/v1/verify?type=" + c.kind + "&address="} {
			target := path + c.address + "&label=Luke-Jr"
			p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
			if p.Field != "label" || !strings.Contains(p.Detail, "recipient") || !strings.Contains(p.Detail, "written caption") {
				t.Errorf("%s: field %q, detail %q", target, p.Field, p.Detail)
			}
			if !strings.Contains(p.Fix, "recipient=Luke-Jr") || strings.Contains(p.Fix, "label=") || strings.Contains(p.Fix, "caption=") {
				t.Errorf("%s: fix %q, want label renamed recipient", target, p.Fix)
			}
			if rec := fetch(t, handler, p.Fix); rec.Code != http.StatusOK {
				t.Errorf("%s: the fix answers %d: %s", target, rec.Code, rec.Body.String())
			}
		}
		// With recipient given, which one label meant only the caller
		// knows: no fix.
		target := "/api/v1/" + c.kind + "/payload?address=" + c.address + "&recipient=Shop&label=Scan%20to%20pay"
		if p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter"); p.Field != "label" || p.Fix != "" {
			t.Errorf("%s: field %q, fix %q; want label refused without a fix", target, p.Field, p.Fix)
		}
		// caption is the caption, and a fix writes it so.
		target = "/api/v1/" + c.kind + "?address=" + c.address + "&caption=Scan%20to%20pay&format=svg"
		if rec := get(t, target); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Scan to pay") {
			t.Errorf("%s: %d", target, rec.Code)
		}
		p := readProblem(t, get(t, target+"&size=99999"), http.StatusBadRequest, "invalid-parameter")
		if !strings.Contains(p.Fix, "caption=Scan%20to%20pay") || strings.Contains(p.Fix, "label=") || fetch(t, handler, p.Fix).Code != http.StatusOK {
			t.Errorf("%s&size=99999: fix %q, want caption written caption", target, p.Fix)
		}
	}
	// Every other kind takes label as its caption.
	if rec := get(t, "/api/v1/url?url=https%3A%2F%2Fexample.com&label=Menu&format=svg"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Menu") {
		t.Errorf("url with label: %d", rec.Code)
	}
	if rec := get(t, "/api/v1/monero/payload?address=888tNkZrPN6JsEgekjMnABU4TBzc2Dt29EPAvkRxbANsAnjyPbb3iQ1YBRk1UXcdRsiKc9dhwMVgN5S9cQUiyoogDavup3H&label=Menu"); rec.Code != http.StatusOK {
		t.Errorf("monero payload with label: %d %s", rec.Code, rec.Body.String())
	}
}

// A JSON body reads as a query does: label is refused there too.
func TestLabelInABodyIsRefused(t *testing.T) {
	body := `{"address": "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "label": "Luke-Jr"}`
	p := readProblem(t, post(t, handler, "/api/v1/bitcoin", "application/json", []byte(body)), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "label" || !strings.Contains(p.Fix, "recipient=Luke-Jr") {
		t.Errorf("field %q, fix %q", p.Field, p.Fix)
	}
}

// In a batch, label among a bitcoin item's fields is refused with the fix
// that renames it recipient. A style holds options only, so its label is
// the caption there too, and the item's link writes it caption; other
// items keep label.
func TestLabelInABatch(t *testing.T) {
	a := postBatch(t, handler, `{"output":"url","style":{"label":"Pay here"},"items":[
		{"type":"bitcoin","fields":{"address":"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4","label":"Luke-Jr"}},
		{"type":"bitcoin","fields":{"address":"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"}},
		{"type":"bitcoin","fields":{"address":"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"},"style":{"caption":"Scan"}},
		{"data":"https://example.com"}
	]}`)
	e := a.Items[0].Error
	if e == nil || e.Field != "label" || !strings.Contains(e.Fix, "recipient=Luke-Jr") || strings.Contains(e.Fix, "label=") {
		t.Fatalf("item 0: %+v, want label refused with the fix renaming it recipient", e)
	}
	if rec := fetch(t, handler, e.Fix); rec.Code != http.StatusOK {
		t.Errorf("item 0: the fix answers %d", rec.Code)
	}
	for i, want := range []string{"", "caption=Pay%20here", "caption=Scan", "label=Pay%20here"} {
		if i == 0 {
			continue
		}
		u := a.Items[i].URL
		if a.Items[i].Error != nil || !strings.Contains(u, want) || i < 3 && strings.Contains(u, "label=") {
			t.Errorf("item %d: error %+v, url %s, want %s", i, a.Items[i].Error, u, want)
			continue
		}
		if rec := fetch(t, handler, u); rec.Code != http.StatusOK {
			t.Errorf("item %d: its url answers %d", i, rec.Code)
		}
	}
}
