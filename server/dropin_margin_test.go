package server_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// goQR's margin is a border in pixels, which an SVG or EPS has none of:
// their modules are scaled to fill the image, with no pixels left over.
// The quiet zone of a vector image is qzone's whole modules whatever the
// margin, and a margin the call gives is named in the answer, never
// passed over on the strength of pixels a raster of the same size would
// have left (a 200 px PNG of 21 modules leaves 11).
func TestGoQRMarginOnVectors(t *testing.T) {
	for _, format := range []string{"svg", "eps"} {
		plain := get(t, "/v1/create-qr-code/?data=HelloWorld&format="+format)
		if plain.Code != http.StatusOK || plain.Header().Get("X-QR-Dropin-Differences") != "" {
			t.Fatalf("%s without margin: %d, differences %q; want none named, as the call gave none", format, plain.Code, plain.Header().Get("X-QR-Dropin-Differences"))
		}
		for _, margin := range []string{"5", "20"} {
			rec := get(t, "/v1/create-qr-code/?data=HelloWorld&format="+format+"&margin="+margin)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s margin=%s: %d", format, margin, rec.Code)
			}
			if diff := rec.Header().Get("X-QR-Dropin-Differences"); !strings.Contains(diff, "margin="+margin+"px") {
				t.Errorf("%s margin=%s: differences %q, want the margin named", format, margin, diff)
			}
			if !bytes.Equal(rec.Body.Bytes(), plain.Body.Bytes()) {
				t.Errorf("%s margin=%s draws another image than no margin: a vector's quiet zone is qzone's modules", format, margin)
			}
		}
		// qzone is honoured in modules.
		rec := get(t, "/v1/create-qr-code/?data=HelloWorld&format=svg&qzone=2&margin=0")
		if !strings.Contains(rec.Body.String(), `viewBox="0 0 25 25"`) || rec.Header().Get("X-QR-Dropin-Differences") != "" {
			t.Errorf("svg qzone=2: want 21 modules and 2 a side (viewBox 0 0 25 25) and no differences; got %q, %.300s", rec.Header().Get("X-QR-Dropin-Differences"), rec.Body.String())
		}
	}
}

// QuickChart's margin and Google's chld margin are modules with no widest
// documented; one wider than qrforge's widest, 10, is drawn at 10 and
// named, as goQR's qzone is, where it was a 400.
func TestDropinWideQuietZones(t *testing.T) {
	for _, c := range []struct{ call, param string }{
		{"/qr?text=Hi&margin=20&size=300", "margin=20"},
		{"/chart?cht=qr&chs=300x300&chl=Hi&chld=L|20", "chld=20"},
		{"/qr?text=Hi&margin=20&quiet=20&size=300", "margin=20"},
	} {
		d := getDropin(t, c.call, "image/png")
		if !strings.Contains(d.differences, c.param) || d.text != "Hi" {
			t.Errorf("%s: differences %q, text %q; want %s named", c.call, d.differences, d.text, c.param)
		}
		if got := d.modulePixel(10, 0, 0); !near(got, black) {
			t.Errorf("%s: the finder's corner after 10 modules is %v, want black", c.call, got)
		}
	}
}
