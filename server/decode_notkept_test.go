package server_test

import (
	"image"
	"image/draw"
	"slices"
	"testing"
)

// TestDecodeSaysWhatTheFieldsLeaveOut: the decode answer names, beside a
// kind's fields, the parts of the text they do not carry (a UPI link's
// PSP signature), and says when they build the text byte for byte
// (docs/decode.md, "Naming the payload").
func TestDecodeSaysWhatTheFieldsLeaveOut(t *testing.T) {
	h := withKinds(t)
	canvas := whiteCanvas(700, 400)
	for i, data := range []string{
		"upi://pay?pa=shop@okaxis&pn=Shop&am=10.00&cu=INR&sign=MEUCIQ",
		"WIFI:T:WPA;S:Home;P:secret123;;",
	} {
		code := qrImage(t, data, 300)
		draw.Draw(canvas, code.Bounds().Add(image.Pt(20+i*360, 40)), code, image.Point{}, draw.Src)
	}
	d := postImage(t, h, "image/png", encodePNG(t, canvas))
	if len(d.Results) != 2 {
		t.Fatalf("found %d codes, want 2: %+v", len(d.Results), d)
	}
	upi, wifi := d.Results[0], d.Results[1]
	if upi.Kind != "upi" || upi.Rebuild != "partial" || !slices.Equal(upi.NotKept, []string{"sign=MEUCIQ"}) {
		t.Errorf("UPI link: kind %q, rebuild %q, not_kept %q; want upi, partial, [sign=MEUCIQ]", upi.Kind, upi.Rebuild, upi.NotKept)
	}
	if wifi.Kind != "wifi" || wifi.Rebuild != "exact" || wifi.NotKept != nil {
		t.Errorf("Wi-Fi code: kind %q, rebuild %q, not_kept %q; want wifi, exact, none", wifi.Kind, wifi.Rebuild, wifi.NotKept)
	}
}
