package service

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestStampIsTheMomentTheCodeIsMade: an event without dtstamp carries the
// service clock's time as its DTSTAMP (RFC 5545 §3.8.7.2), in UTC to the
// second; one with dtstamp carries that; the ETag tells the two apart.
func TestStampIsTheMomentTheCodeIsMade(t *testing.T) {
	now := time.Date(2026, 11, 28, 20, 15, 42, 500_000_000, time.FixedZone("CET", 3600))
	s := New(Config{BaseURL: "http://qr.test", Clock: func() time.Time { return now }})
	fields := url.Values{"title": {"Launch"}, "start": {"2026-12-01T19:00:00+01:00"}}

	p, prob := s.Payload(Request{Kind: "event", Params: fields})
	if prob != nil {
		t.Fatal(prob.Detail)
	}
	if !strings.Contains(p.Payload, "\r\nDTSTAMP:20261128T191542Z\r\n") {
		t.Errorf("no DTSTAMP of the clock's time in UTC:\n%s", p.Payload)
	}

	given := url.Values{"dtstamp": {"2026-11-01T09:00:00Z"}}
	for k, v := range fields {
		given[k] = v
	}
	p2, prob := s.Payload(Request{Kind: "event", Params: given})
	if prob != nil {
		t.Fatal(prob.Detail)
	}
	if !strings.Contains(p2.Payload, "\r\nDTSTAMP:20261101T090000Z\r\n") {
		t.Errorf("dtstamp given, DTSTAMP not it:\n%s", p2.Payload)
	}

	a, prob := s.Generate(t.Context(), Request{Kind: "event", Params: fields}, "")
	if prob != nil {
		t.Fatal(prob.Detail)
	}
	b, prob := s.Generate(t.Context(), Request{Kind: "event", Params: given}, "")
	if prob != nil {
		t.Fatal(prob.Detail)
	}
	if a.ETag == b.ETag {
		t.Error("two DTSTAMPs share an ETag")
	}
}
