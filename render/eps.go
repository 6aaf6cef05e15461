package render

import (
	"math"
	"strconv"
)

// epsProlog defines, in a dictionary of the file's own, the PDF operators
// the page is written with (vectorPage) as the PostScript operators that
// do the same, so that EPS and PDF paint from one description. fill uses
// the non-zero rule, as PDF's f does (PLRM §4.5.2).
const epsProlog = `%%BeginProlog
20 dict begin
/q /gsave load def
/Q /grestore load def
/cm { 6 array astore concat } bind def
/m /moveto load def
/l /lineto load def
/c /curveto load def
/h /closepath load def
/re { 4 2 roll moveto 1 index 0 rlineto 0 exch rlineto neg 0 rlineto closepath } bind def
/f /fill load def
/W /clip load def
/n /newpath load def
/rg /setrgbcolor load def
/k /setcmykcolor load def
%%EndProlog
`

// EPS renders the symbol as Encapsulated PostScript (EPSF 3.0, the
// format of Adobe's technical note 5002, for PostScript Language Level 2):
// the drawing PDF draws, with a bounding box of the printed size
// (pageSize, a strip for an rMQR) in points. PostScript has no transparency, so translucent
// colours are composited over the background, or over white paper where
// the background is transparent. The file restores every state it
// changes and ends with showpage, which EPSF 3.0 allows and importing
// programs disable; Ghostscript renders the page on it.
func EPS(s *Symbol, o Options) ([]byte, error) {
	s = o.Logo.knockOut(o.Overlay.knockOut(s))
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	d := newDrawing(s, l, &o)
	defer d.release()
	w, h := o.pageSize(l)

	b := make([]byte, 0, 1024+len(d.dark.ops)*24)
	b = append(b, "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 "...)
	whole := func(v float64) string { return strconv.Itoa(int(math.Ceil(v - 1e-9))) }
	b = append(b, whole(w)+" "+whole(h)+"\n%%HiResBoundingBox: 0 0 "...)
	b = appendPoints(b, w)
	b = append(b, ' ')
	b = appendPoints(b, h)
	b = append(b, "\n%%Creator: qrforge\n%%Title: QR code\n%%LanguageLevel: "...)
	// Shadings, which draw gradients, came with PostScript Level 3.
	level := "2"
	if o.Gradient.active() {
		level = "3"
	}
	b = append(b, level+"\n%%DocumentData: Clean7Bit\n%%Pages: 1\n%%EndComments\n"...)
	b = append(b, epsProlog...)
	b = append(b, "%%Page: 1 1\nsave\n"...)
	page := vectorPage{b: b, cmyk: o.Print.CMYK, flatten: true}
	page.paint(d, &o, w, h)
	b = page.b
	// The prolog's dictionary is closed before restore, which needs the
	// dictionary stack as save found it.
	b = append(b, "end\nrestore\nshowpage\n%%Trailer\n%%EOF\n"...)
	return b, nil
}
