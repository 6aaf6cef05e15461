package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestEventStampMalformed: a dtstamp that is not an RFC 3339 date-time
// with offset is a 400 problem naming the field, with no invented value.
func TestEventStampMalformed(t *testing.T) {
	p := readProblem(t, get(t, "/api/v1/event?title=Launch&start=2026-12-01T19:00:00Z&dtstamp=yesterday"), http.StatusBadRequest, "invalid-parameter")
	if !strings.Contains(p.Detail, "dtstamp") || strings.Contains(p.Fix, "dtstamp=20") {
		t.Errorf("problem %+v: want dtstamp named, no stamp invented in the fix", p)
	}
}
