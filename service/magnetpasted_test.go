package service

import (
	"net/url"
	"testing"
)

// A whole magnet link pasted into btih was refused as no info-hash, with
// no fix: the pasted-code rule read only fields marked as identity, and
// an info-hash, which names the content as an IBAN names an account,
// was not. The fix writes the link's parts under the kind's fields.
func TestAMagnetLinkPastedIntoItsHashIsRead(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	link := "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=ubuntu&tr=" + url.QueryEscape("udp://tracker.example.com:80")
	_, p := svc.Payload(Request{Kind: "magnet", Query: "btih=" + url.QueryEscape(link)})
	if p == nil || p.Fix == "" {
		t.Fatalf("btih=<whole link>: %+v, want a fix", p)
	}
	u, _ := url.Parse(p.Fix)
	got, p2 := svc.Payload(Request{Kind: "magnet", Query: u.RawQuery})
	if p2 != nil || got.Payload != link {
		t.Errorf("the fix %s makes %+v %+v, want %q", p.Fix, got, p2, link)
	}
	// A name given otherwise than the link's leaves the choice to the caller.
	if _, p := svc.Payload(Request{Kind: "magnet", Query: "btih=" + url.QueryEscape(link) + "&name=other"}); p == nil || p.Fix != "" {
		t.Errorf("btih link with another name: %+v, want no fix", p)
	}
}
