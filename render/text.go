package render

import (
	"encoding/binary"
	"image"
	"math"
	"slices"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Captions use Go's fonts, embedded in the binary, so that PNG output is
// the same on every machine. SVG names the font first and falls back to
// system fonts of the same kind.

// Font is a caption font.
type Font string

// Fonts: Go Bold, Go Regular and Go Mono (golang.org/x/image/font/gofont),
// which cover the same characters: Latin, Greek and Cyrillic.
const (
	FontBold    Font = "bold"
	FontRegular Font = "regular"
	FontMono    Font = "mono"
)

// Fonts lists every caption font in documentation order.
var Fonts = []Font{FontBold, FontRegular, FontMono}

type captionFace struct {
	ttf  []byte
	name string
	once sync.Once
	font *opentype.Font
	// svg is the font's attributes in SVG: family, then weight if any.
	svg string
}

var captionFaces = map[Font]*captionFace{
	FontBold:    {ttf: gobold.TTF, name: "Go Bold", svg: `font-family="` + svgFontFamily + `" font-weight="bold"`},
	FontRegular: {ttf: goregular.TTF, name: "Go Regular", svg: `font-family="` + svgFontFamily + `"`},
	FontMono:    {ttf: gomono.TTF, name: "Go Mono", svg: `font-family="Go Mono, Menlo, Consolas, monospace"`},
}

const svgFontFamily = "Go, Helvetica, Arial, sans-serif"

// face is f's caption face; the zero Font is Go Bold.
func (f Font) face() *captionFace {
	if c, ok := captionFaces[f]; ok {
		return c
	}
	return captionFaces[FontBold]
}

// Name is the font's full name, for messages.
func (f Font) Name() string { return f.face().name }

func loadCaptionFont(f Font) *opentype.Font {
	c := f.face()
	c.once.Do(func() {
		parsed, err := opentype.Parse(c.ttf)
		if err != nil {
			panic("render: embedded " + c.name + " font does not parse: " + err.Error())
		}
		c.font = parsed
	})
	return c.font
}

// textWidth measures s at font size 1 (em units).
func textWidth(s string, f Font) float64 {
	const ref = 1000
	face, err := opentype.NewFace(loadCaptionFont(f), &opentype.FaceOptions{Size: ref, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return float64(len(s)) * 0.6
	}
	defer face.Close()
	return float64(font.MeasureString(face, s)) / 64 / ref
}

// captionSize is the largest font size, in modules, at most maxHeight, at
// which s fits in maxWidth.
func captionSize(s string, f Font, maxHeight, maxWidth float64) float64 {
	w := textWidth(s, f)
	if w <= 0 {
		return maxHeight
	}
	return math.Min(maxHeight, maxWidth/w)
}

// MinCaptionPixels is the font size, in pixels, below which a caption is
// hard to read: Go Bold's capitals are then under 7 pixels high, and a
// long caption's letters run together.
const MinCaptionPixels = 10

// MinCaptionPoints is MinCaptionPixels at DefaultDPI: in print the same
// letters, 0.85 mm, whatever the resolution of the raster parts.
const MinCaptionPoints = float64(MinCaptionPixels) * PointsPerInch / DefaultDPI

// CaptionPixels is the font size in pixels of s's caption drawn with o,
// 0 without one, and the smallest size (the canvas's width) that draws it
// at least pixels or more, capped at MaxSize.
func CaptionPixels(s *Symbol, o Options, least float64) (px float64, legibleAt int) {
	l, err := newLayout(s, &o)
	if err != nil || l.text == "" {
		return 0, 0
	}
	em := captionSize(l.text, o.Font, float64(l.band)*0.6, l.textWidth)
	side := max(l.width, l.height)
	scale := int(math.Ceil(least / em))
	return em * float64(l.scale), min(max(side*scale, MinCanvasSize(s, o)), MaxSize)
}

// drawCaption rasterizes c onto mask, which holds foreground coverage:
// normal text adds coverage, inverse text removes it.
func drawCaption(mask *image.Alpha, c *caption, l *layout) {
	glyphs := captionGlyphs(c, l, mask.Rect)
	if glyphs == nil {
		return
	}
	if !c.inverse {
		addCoverage(mask, glyphs)
		return
	}
	at := mask.PixOffset(glyphs.Rect.Min.X, glyphs.Rect.Min.Y)
	forCovered(glyphs.Pix, func(i int, g uint8) {
		mask.Pix[at+i] = uint8(uint16(mask.Pix[at+i]) * uint16(255-g) / 255)
	})
}

// captionGlyphs is the coverage of c's glyphs on a canvas of bounds r, or
// nil when they are too small to draw. It covers the rows of r that the
// glyphs can reach, full width: the band two font sizes either side of
// the text's centre line, which ascenders and descenders stay within.
func captionGlyphs(c *caption, l *layout, r image.Rectangle) *image.Alpha {
	px := c.size * float64(l.scale)
	if px < 1 {
		return nil
	}
	face, err := opentype.NewFace(loadCaptionFont(c.font), &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	defer face.Close()
	m := face.Metrics()
	width := font.MeasureString(face, c.s)
	cx := float64(l.offX) + c.x*float64(l.scale)
	cy := float64(l.offY) + c.y*float64(l.scale)
	// Centre the cap height on cy.
	capHeight := float64(m.CapHeight) / 64
	if capHeight == 0 {
		capHeight = float64(m.Ascent) / 64 * 0.7
	}
	dot := fixed.Point26_6{
		X: fixed.Int26_6((cx - float64(width)/128) * 64),
		Y: fixed.Int26_6((cy + capHeight/2) * 64),
	}
	band := image.Rect(r.Min.X, int(cy-2*px), r.Max.X, int(math.Ceil(cy+2*px))).Intersect(r)
	if band.Empty() {
		return nil
	}
	glyphs := image.NewAlpha(band)
	d := font.Drawer{Dst: glyphs, Src: image.Opaque, Face: face, Dot: dot}
	d.DrawString(c.s)
	return glyphs
}

// addCoverage lays glyphs over mask, whose rows and width the glyphs'
// band shares: source-over of
// coverage in the 16-bit arithmetic of image/draw's Over, whose general
// path took a quarter of a captioned PNG's time reading every pixel as a
// colour.
func addCoverage(mask, glyphs *image.Alpha) {
	at := mask.PixOffset(glyphs.Rect.Min.X, glyphs.Rect.Min.Y)
	forCovered(glyphs.Pix, func(i int, g uint8) {
		d, a := uint32(mask.Pix[at+i])*0x101, uint32(g)*0x101
		mask.Pix[at+i] = uint8((d*(0xffff-a)/0xffff + a) >> 8)
	})
}

// forCovered calls f with the offset and value of every byte of cov that
// is not zero, skipping eight zeros at a time: a caption covers a few
// per cent of its canvas.
func forCovered(cov []byte, f func(i int, c uint8)) {
	i := 0
	for ; i+8 <= len(cov); i += 8 {
		if binary.LittleEndian.Uint64(cov[i:]) == 0 {
			continue
		}
		for j, c := range cov[i : i+8] {
			if c != 0 {
				f(i+j, c)
			}
		}
	}
	for ; i < len(cov); i++ {
		if cov[i] != 0 {
			f(i, cov[i])
		}
	}
}

// capHeightEm is the caption font's cap height as a fraction of its size,
// used to centre SVG text the way drawCaption centres PNG text.
func capHeightEm(f Font) float64 {
	const ref = 1000
	face, err := opentype.NewFace(loadCaptionFont(f), &opentype.FaceOptions{Size: ref, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return 0.7
	}
	defer face.Close()
	return float64(face.Metrics().CapHeight) / 64 / ref
}

// MissingGlyphs lists the runes of s, once each in order, that the caption
// font maps to no glyph: drawn, they would be glyph 0, the empty box of
// .notdef (OpenType cmap table). Go's fonts cover Latin, Greek and
// Cyrillic; CJK and emoji are missing.
func MissingGlyphs(s string, font Font) []rune {
	f := loadCaptionFont(font)
	var buf sfnt.Buffer
	var missing []rune
	for _, r := range s {
		if g, err := f.GlyphIndex(&buf, r); (err != nil || g == 0) && !slices.Contains(missing, r) {
			missing = append(missing, r)
		}
	}
	return missing
}
