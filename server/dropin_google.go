package server

import (
	"fmt"
	"maps"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/service"
)

// The drop-in for Google's chart API for QR codes (docs/migrating.md).

// googleChart serves Google's chart API for QR codes
// (developers.google.com/chart/infographics/docs/qr_codes): cht=qr,
// chs=WxH (required), chl, choe (UTF-8, Shift_JIS, ISO-8859-1),
// chld=<level>|<margin>, level L and 4 modules by default, and chof, the
// output format (png or gif). Google took the parameters in a POST's form
// body too, for data over its URL's 2K, which newDropinCall reads.
func (s *Server) googleChart(c *gin.Context) {
	d, p := s.newDropinCall(c, true)
	if p != nil {
		writeProblem(c, p)
		return
	}
	fixed := func(name, value string) string {
		q := maps.Clone(d.call)
		for k := range q {
			if strings.EqualFold(k, name) {
				q.Del(k)
			}
		}
		q.Set(name, value)
		return s.baseURL + chartPath + "?" + encodeCall(q)
	}
	cht, ok := d.take("cht")
	if !ok || !strings.EqualFold(strings.TrimSpace(cht), "qr") {
		detail := "cht is required: qrforge draws QR codes only, cht=qr"
		if ok {
			detail = fmt.Sprintf("cht=%q is not supported: qrforge draws QR codes only (cht=qr); Google's other chart types are not served", text.Truncate(cht, 32))
		}
		writeProblem(c, s.problem(service.KindInvalidParameter, http.StatusBadRequest, detail, "cht", fixed("cht", "qr")))
		return
	}
	chs, ok := d.take("chs")
	if !ok {
		writeProblem(c, s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			"chs is required by Google's chart API: the image's <width>x<height> in pixels, such as 300x300", "chs", fixed("chs", "300x300")))
		return
	}
	if side, ok := d.side("chs", chs); ok {
		d.out.Set("size", strconv.Itoa(side))
		d.from["size"] = "chs"
	} else {
		d.set("chs", "size", chs)
	}
	if v, ok := d.take("chl"); ok {
		d.set("chl", "data", v)
	}
	if v, ok := d.take("choe"); ok {
		cs := charset(v)
		if cs == "" {
			writeProblem(c, s.problem(service.KindInvalidParameter, http.StatusBadRequest,
				fmt.Sprintf("choe=%q is not one of Google's output encodings: UTF-8, Shift_JIS or ISO-8859-1", text.Truncate(v, 32)), "choe", fixed("choe", "UTF-8")))
			return
		}
		d.targetCharset("choe", cs, d.out.Get("data"))
	} else {
		d.targetCharset("choe", "UTF-8", d.out.Get("data")) // Google's default
	}
	if v, ok := d.take("chof"); ok {
		// Google's output format (Image Charts: png, gif; json and
		// validate describe the chart instead of drawing it).
		switch f := strings.ToLower(strings.TrimSpace(v)); f {
		case "png", "gif":
			d.set("chof", "format", f)
		default:
			p := s.problem(service.KindInvalidParameter, http.StatusBadRequest,
				fmt.Sprintf("chof=%q is not served: qrforge draws the code as chof=png (the default) or chof=gif; Google's json and validate outputs describe a chart instead", text.Truncate(v, 32)), "chof", "")
			p.Example = s.baseURL + chartPath + "?cht=qr&chs=150x150&chl=Hello+world&chof=gif"
			writeProblem(c, p)
			return
		}
	}
	level, margin := "", ""
	chld := false
	if v, ok := d.take("chld"); ok {
		level, margin, _ = strings.Cut(v, "|")
		chld = true
	}
	if level == "" && !d.gives("ec") {
		level = googleDefaultLevel
	}
	// A fix of a level that says nothing draws Google's own.
	d.defaults = map[string]string{"ec": googleDefaultLevel}
	if level != "" {
		d.out.Set("ec", level)
	}
	if chld {
		d.from["ec"], d.from["margin"] = "chld", "chld"
	}
	if margin != "" {
		// Google documents no widest margin, and draws any.
		d.out.Set("margin", d.widestQuietZone("chld", margin))
	} else if !d.gives("margin") {
		d.out.Set("margin", "4")
	}
	s.serveDropin(c, d)
}
