package server_test

import (
	"bytes"
	"testing"
)

// Retired eye names stay accepted and draw the style that replaced them
// (render.ParseEye; docs/decoders.md says why).
func TestRetiredEyeNamesAreAliases(t *testing.T) {
	for alias, style := range map[string]string{"diamond": "octagon", "circle": "squircle", "DIAMOND": "octagon"} {
		got := ok(t, "/api/v1/qr?data=hello&format=svg&eye="+alias)
		want := ok(t, "/api/v1/qr?data=hello&format=svg&eye="+style)
		if !bytes.Equal(got, want) {
			t.Errorf("eye=%s does not draw the same SVG as eye=%s", alias, style)
		}
	}
}
