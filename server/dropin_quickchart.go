package server

import (
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
)

// The drop-in for QuickChart's /qr (docs/migrating.md).

// quickChart serves QuickChart's GET /qr
// (quickchart.io/documentation/qr-codes/): text, size (150), margin (4
// modules), ecLevel (M, or H with a centre image), dark, light, format
// (png, svg, base64), caption and its font, centerImageUrl and its size.
func (s *Server) quickChart(c *gin.Context) {
	// QuickChart reads its query with decodeURIComponent, which keeps
	// '+' a plus sign: text=tel:+15551234567 holds the plus.
	d, p := s.newDropinCall(c, false)
	if p != nil {
		writeProblem(c, p)
		return
	}
	if v, ok := d.take("text"); ok {
		d.set("text", "data", v)
	}
	side := quickChartDefaultSize
	v, sizeGiven := d.take("size")
	if sizeGiven {
		if n, ok := d.side("size", v); ok {
			side = n
		} else {
			d.set("size", "size", v)
		}
	}
	// The API's size is passed on even beside one of qrforge's names for
	// it (s, width), so that the service names the two.
	if !d.out.Has("size") && (sizeGiven || !d.gives("size")) {
		d.out.Set("size", strconv.Itoa(side))
		if sizeGiven {
			d.from["size"] = "size"
		}
	}
	for _, name := range []struct{ theirs, ours string }{
		{"margin", "margin"}, {"dark", "color"}, {"light", "bg"}, {"format", "format"},
		{"caption", "label"}, {"captionfontcolor", "textcolor"},
		{"centerimageurl", "logo"}, {"centerimagesizeratio", "logosize"},
	} {
		if v, ok := d.take(name.theirs); ok {
			d.set(name.theirs, name.ours, v)
		}
	}
	if d.out.Has("margin") {
		// QuickChart documents no widest margin, and draws any.
		d.out.Set("margin", d.widestQuietZone("margin", d.out.Get("margin")))
	}
	if !d.out.Has("margin") && !d.gives("margin") {
		d.out.Set("margin", "4")
	}
	logo := d.out.Has("logo") || d.gives("logo")
	// A fix of a size or ecLevel that says nothing draws QuickChart's own.
	level := quickChartDefaultLevel
	if logo {
		level = quickChartLogoLevel
	}
	d.defaults = map[string]string{"size": strconv.Itoa(quickChartDefaultSize), "ec": level}
	if v, ok := d.take("eclevel"); ok {
		d.set("eclevel", "ec", v)
	} else if !logo && !d.gives("ec") {
		// With a logo, qrforge raises the level to H as QuickChart does.
		d.out.Set("ec", quickChartDefaultLevel)
	}
	w, wOK := d.take("centerimagewidth")
	h, hOK := d.take("centerimageheight")
	for _, p := range []struct {
		name, value string
		given       bool
	}{{"centerImageWidth", w, wOK}, {"centerImageHeight", h, hOK}} {
		// QuickChart's are the centre image's pixels: anything else
		// would be left unread without a word.
		if n, err := strconv.Atoi(strings.TrimSpace(p.value)); p.given && (err != nil || n <= 0) {
			writeProblem(c, s.dropinParam(c, d, p.name, p.value, "", "QuickChart's "+p.name+" is the centre image's size in pixels, a whole number above 0"))
			return
		}
	}
	if logo && !d.out.Has("logosize") && !d.gives("logosize") {
		ratio := quickChartLogoRatio
		if px, ok := largestInt(w, h); (wOK || hOK) && ok {
			r := min(max(float64(px)/float64(side), 0.05), 0.3)
			ratio = strconv.FormatFloat(r, 'f', 2, 64)
			d.differ("centerImageWidth/Height: the logo keeps its proportions in a square of %s of the code's side", ratio)
		}
		d.out.Set("logosize", ratio)
	} else if wOK || hOK {
		d.differ("centerImageWidth/Height: the logo's size is centerImageSizeRatio's")
	}
	if v, ok := d.take("captionfontfamily"); ok {
		font := "regular"
		if strings.Contains(strings.ToLower(v), "mono") {
			font = "mono"
		} else if !strings.Contains(strings.ToLower(v), "sans") {
			d.differ("captionFontFamily=%s: the caption is drawn in Go Regular, a sans-serif", text.Truncate(v, 32))
		}
		d.set("captionfontfamily", "font", font)
	} else if d.out.Has("label") && !d.gives("font") {
		// QuickChart's default caption font is sans-serif, not bold.
		d.out.Set("font", "regular")
	}
	if v, ok := d.take("captionfontsize"); ok {
		d.differ("captionFontSize=%s: qrforge sizes the caption to the code", text.Truncate(v, 16))
	}
	d.dropUnmet()
	s.serveDropin(c, d)
}

// largestInt is the larger of two whole numbers, either of which may be
// absent.
func largestInt(a, b string) (int, bool) {
	best, ok := 0, false
	for _, v := range []string{a, b} {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
			best, ok = max(best, n), true
		}
	}
	return best, ok
}
