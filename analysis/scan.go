// Package analysis reads images: it finds and decodes the QR codes in
// one, and measures a design's risks (contrast, dark area, the decoders
// known to miss it). It knows nothing of HTTP.
package analysis

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/qrforge/qrforge/registry"
)

// Code is one QR code found in an image.
type Code struct {
	Text string `json:"text"`
	// Bounds are the symbol's corners in image pixels, clockwise from the
	// corner beside its top-left finder pattern as the code reads.
	Bounds [][2]int          `json:"bounds"`
	Kind   string            `json:"kind,omitempty"`
	Fields map[string]string `json:"fields,omitempty"`
	// Rebuild, with Kind, says whether Fields build Text again exactly,
	// in qrforge's canonical spelling, or only in part: NotKept then
	// lists the parts of Text, as written, that the fields do not carry.
	Rebuild string   `json:"rebuild,omitempty"`
	NotKept []string `json:"not_kept,omitempty"`
	// Warning says that Text is written in a kind's form which that kind
	// refuses (a geo: URI with a longitude of 200, an EPC payment whose
	// IBAN fails its check digits): a scanner may read it otherwise or
	// refuse it. Kind is then the loose kind that reads it.
	Warning string `json:"warning,omitempty"`
	// Expires, with Kind, is when the payment code stops being payable
	// (registry Kind.Expires: a BOLT #11 invoice's timestamp plus its
	// expiry), in RFC 3339; absent for one that does not expire.
	Expires string `json:"expires,omitempty"`
	// Append is the symbol's place in a structured append set; Text is
	// then its own part (Sets joins them).
	Append *AppendMark `json:"append,omitempty"`
	// Symbol is "micro" for a Micro QR Code (ISO/IEC 18004:2015) and
	// "rmqr" for an rMQR (ISO/IEC 23941:2022); empty for a QR Code.
	Symbol string `json:"symbol,omitempty"`
	// Designator names a Micro QR or rMQR symbol as its standard does:
	// "M3-L", "R11x43-M".
	Designator string `json:"designator,omitempty"`
	// GS1 marks a GS1 QR Code: its data starts with FNC1 in first
	// position (ISO/IEC 18004:2015 §7.4.8.2; symbology identifier ]Q3,
	// ]Q4 with an ECI, Annex F).
	GS1 bool `json:"gs1,omitempty"`
}

// Scan finds every QR code in img with ZXing's multi-code reader,
// on the image and on its inverse (light modules on a dark ground, which
// ISO/IEC 18004 §6.2 calls reflectance reversal). ZXing's finder-pattern
// search is rotation-invariant, so turned codes need no extra pass. When
// the local-threshold binarizer finds nothing, a global-histogram one is
// tried: it reads low-contrast codes (mid-grey on white) that local
// thresholds break up. An image with no QR Code is then searched for
// Micro QR Codes and rMQRs (symbols.go), with every threshold /decode
// tries.
func Scan(img image.Image) []Code {
	g := grayOf(img)
	src := luminance(g)
	var codes []found
	for _, s := range []gozxing.LuminanceSource{src, gozxing.NewInvertedLuminanceSource(src)} {
		codes = append(codes, readCodes(s)...)
	}
	if len(codes) == 0 {
		codes, _ = readSymbols(g, allSymbolTries, always)
	}
	return describe(dedupe(codes), img.Bounds())
}

// found is a code with its corners in image pixels.
type found struct {
	text    string
	corners [4][2]float64
	mark    *AppendMark
	// symbol and designator are set for Micro QR and rMQR (Code).
	symbol, designator string
	gs1                bool
}

// readCodes runs the binarizers in turn until one finds a code.
func readCodes(src gozxing.LuminanceSource) []found {
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	for _, binarizer := range []gozxing.Binarizer{gozxing.NewHybridBinarizer(src), gozxing.NewGlobalHistgramBinarizer(src)} {
		bmp, err := gozxing.NewBinaryBitmap(binarizer)
		if err != nil {
			continue
		}
		if out := readEvery(bmp, hints); len(out) > 0 {
			return out
		}
	}
	return nil
}

// symbolCorners turns ZXing's result points, the centres of the
// bottom-left, top-left and top-right finder patterns, into the symbol's
// four corners. Each finder's centre lies 3.5 modules in from the corner
// (ISO/IEC 18004 §6.3.3: a 7×7 pattern); the fourth corner completes the
// parallelogram, which is exact without perspective.
func symbolCorners(points []gozxing.ResultPoint) ([4][2]float64, bool) {
	if len(points) < 3 {
		return [4][2]float64{}, false
	}
	bl, tl, tr := pt(points[0]), pt(points[1]), pt(points[2])
	module := 0.0
	for _, p := range points[:3] {
		if f, ok := p.(interface{ GetEstimatedModuleSize() float64 }); ok {
			module += f.GetEstimatedModuleSize() / 3
		}
	}
	u, v := unit(sub(tr, tl)), unit(sub(bl, tl))
	d := 3.5 * module
	cTL := add(tl, scale(add(u, v), -d))
	cTR := add(tr, scale(sub(u, v), d))
	cBL := add(bl, scale(sub(v, u), d))
	cBR := sub(add(cTR, cBL), cTL)
	return [4][2]float64{cTL, cTR, cBR, cBL}, true
}

func pt(p gozxing.ResultPoint) [2]float64 { return [2]float64{p.GetX(), p.GetY()} }
func add(a, b [2]float64) [2]float64      { return [2]float64{a[0] + b[0], a[1] + b[1]} }
func sub(a, b [2]float64) [2]float64      { return [2]float64{a[0] - b[0], a[1] - b[1]} }
func scale(a [2]float64, k float64) [2]float64 {
	return [2]float64{a[0] * k, a[1] * k}
}
func unit(a [2]float64) [2]float64 {
	n := math.Hypot(a[0], a[1])
	if n == 0 {
		return a
	}
	return scale(a, 1/n)
}

// dedupe drops a code seen twice (by two passes, or twice by the multi
// detector): same text, centres closer than half the code's side.
func dedupe(codes []found) []found {
	var out []found
	for _, c := range codes {
		dup := false
		for _, o := range out {
			if o.text == c.text && dist(centre(o), centre(c)) < dist(o.corners[0], o.corners[1])/2 {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

func centre(f found) [2]float64 {
	var c [2]float64
	for _, p := range f.corners {
		c = add(c, scale(p, 0.25))
	}
	return c
}

func dist(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

// describe orders codes top to bottom, then left to right, and names their
// kinds.
func describe(codes []found, bounds image.Rectangle) []Code {
	sort.SliceStable(codes, func(i, j int) bool {
		ci, cj := centre(codes[i]), centre(codes[j])
		if math.Abs(ci[1]-cj[1]) > dist(codes[i].corners[0], codes[i].corners[3])/2 {
			return ci[1] < cj[1]
		}
		return ci[0] < cj[0]
	})
	out := make([]Code, len(codes))
	for i, c := range codes {
		r := Code{Text: c.text, Bounds: make([][2]int, 4), Append: c.mark, Symbol: c.symbol, Designator: c.designator, GS1: c.gs1}
		for j, p := range c.corners {
			r.Bounds[j] = [2]int{
				min(max(int(math.Round(p[0])), bounds.Min.X), bounds.Max.X),
				min(max(int(math.Round(p[1])), bounds.Min.Y), bounds.Max.Y),
			}
		}
		n := recognise(c.text, c.gs1)
		r.Kind, r.Fields, r.Rebuild, r.NotKept = n.kind, n.fields, n.rebuild, n.notKept
		if k, ok := registry.Lookup(n.kind); ok {
			if e, ok := k.Expiry(n.fields); ok {
				r.Expires = e.At.Format(time.RFC3339Nano)
			}
		}
		if k, e, refused := registry.Refused(c.text, c.gs1, "text", "url"); refused {
			r.Warning = fmt.Sprintf("written as %s (%s), which refuses it: %s; a scanner may read it otherwise or refuse it", k.Title(), k.Name(), e.Detail)
		}
		out[i] = r
	}
	return out
}

// genericKinds recognise almost any payload of their form; a decoded
// payload is named by one of them only when no other kind recognises it,
// in this order: emvqr (any EMV merchant-presented code, after the
// national schemes' kinds), url, text.
var genericKinds = []string{"emvqr", "url", "text"}

// Rebuild says what a result's fields build again (docs/decode.md,
// "Naming the payload").
const (
	// RebuildExact: the fields build the text byte for byte.
	RebuildExact = "exact"
	// RebuildCanonical: they build the same data in qrforge's spelling.
	RebuildCanonical = "canonical"
	// RebuildPartial: they leave out the parts named in NotKept.
	RebuildPartial = "partial"
)

// naming is a kind's reading of a payload.
type naming struct {
	kind    string
	fields  map[string]string
	rebuild string
	notKept []string
}

// recognise names the kind of a payload: a specific kind before a generic
// one, and within each, a kind whose fields build the payload again byte
// for byte, then one that builds its canonical spelling (an SGQR holds a
// PayNow account, SGQR specification §4.6, which PayNow's parser reads
// without the SGQR's own objects), then one whose fields leave parts out,
// the fewest first; then the first by name, and the generic ones in their
// order. A kind that refuses the fields its parser read is not named: its
// answer could not be built again. Nor is a kind whose symbol is marked otherwise: a GS1
// element string with FNC1 in first position (gs1), anything else
// without. FNC1 is what marks data as GS1's (ISO/IEC 18004:2015 §7.4.8.2):
// the same digits without it are text to a GS1 scanner, and the kind would
// write another symbol.
func recognise(payload string, gs1 bool) naming {
	var specific, generic []naming
	for _, k := range registry.All() {
		fields, notKept, ok := k.Read(payload)
		if !ok || k.GS1(fields) != gs1 {
			continue
		}
		again, errs := registry.BuildRead(k, fields)
		if len(errs) > 0 {
			continue
		}
		r := naming{kind: k.Name(), fields: fields, rebuild: RebuildCanonical}
		switch {
		case again == payload:
			r.rebuild = RebuildExact
		case len(notKept) > 0:
			r.rebuild, r.notKept = RebuildPartial, notKept
		}
		if slices.Contains(genericKinds, k.Name()) {
			generic = append(generic, r)
		} else {
			specific = append(specific, r)
		}
	}
	slices.SortStableFunc(generic, func(a, b naming) int {
		return slices.Index(genericKinds, a.kind) - slices.Index(genericKinds, b.kind)
	})
	for _, group := range [][]naming{specific, generic} {
		for _, rebuild := range []string{RebuildExact, RebuildCanonical} {
			for _, r := range group {
				if r.rebuild == rebuild {
					return r
				}
			}
		}
		// Of the kinds that leave parts out, the one that leaves out the
		// fewest: an SGQR with an object no field carries is sgqr's,
		// not paynow's, which leaves out the SGQR's own objects too.
		var best *naming
		for i, r := range group {
			if r.rebuild == RebuildPartial && (best == nil || len(r.notKept) < len(best.notKept)) {
				best = &group[i]
			}
		}
		if best != nil {
			return *best
		}
	}
	return naming{}
}

// grayOf converts img to 8-bit luma (ITU-R BT.601, as color.GrayModel),
// compositing transparency onto white: a transparent background shows
// the paper it is printed on. Common image types take a fast path.
func grayOf(img image.Image) *image.Gray {
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch m := img.(type) {
	case *image.YCbCr:
		// JPEG: the Y plane is the luma.
		for y := 0; y < b.Dy(); y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+b.Dx()], m.Y[m.YOffset(b.Min.X, b.Min.Y+y):])
		}
		return g
	case *image.NYCbCrA:
		// A lossy WebP with alpha; read in place, as At would box every
		// pixel.
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				px, py := b.Min.X+x, b.Min.Y+y
				yi, ci, ai := m.YOffset(px, py), m.COffset(px, py), m.AOffset(px, py)
				c := color.NYCbCrA{YCbCr: color.YCbCr{Y: m.Y[yi], Cb: m.Cb[ci], Cr: m.Cr[ci]}, A: m.A[ai]}
				g.Pix[y*g.Stride+x] = lumaRGBA(c.RGBA())
			}
		}
		return g
	case *image.Gray:
		for y := 0; y < b.Dy(); y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+b.Dx()], m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):])
		}
		return g
	case *image.Paletted:
		lut := make([]uint8, 256)
		for i, c := range m.Palette {
			lut[i] = lumaOnWhite(c)
		}
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				g.Pix[y*g.Stride+x] = lut[row[x]]
			}
		}
		return g
	case *image.NRGBA:
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				p := row[4*x : 4*x+4]
				g.Pix[y*g.Stride+x] = lumaRGBA(color.NRGBA{p[0], p[1], p[2], p[3]}.RGBA())
			}
		}
		return g
	case *image.NRGBA64:
		// 16-bit PNGs; read in place, as At would box every pixel.
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				p := row[8*x : 8*x+8]
				c := color.NRGBA64{uint16(p[0])<<8 | uint16(p[1]), uint16(p[2])<<8 | uint16(p[3]), uint16(p[4])<<8 | uint16(p[5]), uint16(p[6])<<8 | uint16(p[7])}
				g.Pix[y*g.Stride+x] = lumaRGBA(c.RGBA())
			}
		}
		return g
	case *image.RGBA64:
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				p := row[8*x : 8*x+8]
				c := color.RGBA64{uint16(p[0])<<8 | uint16(p[1]), uint16(p[2])<<8 | uint16(p[3]), uint16(p[4])<<8 | uint16(p[5]), uint16(p[6])<<8 | uint16(p[7])}
				g.Pix[y*g.Stride+x] = lumaRGBA(c.RGBA())
			}
		}
		return g
	case *image.Gray16:
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				g.Pix[y*g.Stride+x] = row[2*x] // the high byte
			}
		}
		return g
	case *image.CMYK:
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				p := row[4*x : 4*x+4]
				g.Pix[y*g.Stride+x] = lumaRGBA(color.CMYK{p[0], p[1], p[2], p[3]}.RGBA())
			}
		}
		return g
	case *image.RGBA:
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				p := row[4*x : 4*x+4]
				g.Pix[y*g.Stride+x] = lumaRGBA(color.RGBA{p[0], p[1], p[2], p[3]}.RGBA())
			}
		}
		return g
	}
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			g.Pix[y*g.Stride+x] = lumaOnWhite(img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return g
}

// lumaOnWhite is the luma of c composited onto white.
func lumaOnWhite(c color.Color) uint8 { return lumaRGBA(c.RGBA()) }

// lumaRGBA is the luma of a premultiplied 16-bit colour composited onto
// white. It takes the components rather than a color.Color so that the
// per-pixel loops do not box each pixel into an interface.
func lumaRGBA(r, gr, b, a uint32) uint8 {
	white := 0xffff - a
	r, gr, b = r+white, gr+white, b+white
	y := (19595*r + 38470*gr + 7471*b + 1<<15) >> 24
	return uint8(y)
}

// luminance wraps gray pixels for gozxing without copying them: a planar
// YUV source reads only its Y plane.
func luminance(g *image.Gray) gozxing.LuminanceSource {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	src, err := gozxing.NewPlanarYUVLuminanceSource(g.Pix, g.Stride, h, 0, 0, w, h, false)
	if err != nil {
		panic(err) // the rectangle is the image's own
	}
	return src
}
