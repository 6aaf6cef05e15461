package server_test

import (
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/qrforge/qrforge/options"
)

// TestStepsAreWhatTheServerTakes checks an option's schema enum of steps
// (rmqrheight's odd heights) against the answers: each step is drawn,
// every other integer of its range refused.
func TestStepsAreWhatTheServerTakes(t *testing.T) {
	o := options.RMQRHeight
	if len(o.Steps) == 0 {
		t.Fatal("rmqrheight declares no steps")
	}
	for h := o.Min; h <= o.Max; h++ {
		rec := get(t, "/api/v1/qr?data=LOT-47&symbol=rmqr&rmqrheight="+strconv.Itoa(h))
		if want := slices.Contains(o.Steps, h); (rec.Code == http.StatusOK) != want {
			t.Errorf("rmqrheight=%d: %d, the schema says accepted=%v", h, rec.Code, want)
		}
	}
}
