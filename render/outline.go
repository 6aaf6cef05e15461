package render

import (
	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// captionOutline is the caption as glyph outlines of the embedded Go Bold,
// in canvas module units, placed as drawCaption places the PNG's text:
// advances and kerning as font.Drawer applies them, the line centred on
// c.x and the cap height on c.y. PDF and EPS paint it as a path, so they
// need no font of their own and look the same everywhere.
func captionOutline(c *caption) *path {
	f := loadCaptionFont(c.font)
	var buf sfnt.Buffer
	// One pixel an em unit: outlines and advances come in font units.
	upem := float64(f.UnitsPerEm())
	ppem := fixed.Int26_6(f.UnitsPerEm()) << 6
	scale := c.size / upem
	unit := func(v fixed.Int26_6) float64 { return float64(v) / 64 }

	type glyph struct {
		index sfnt.GlyphIndex
		x     float64 // origin, font units from the line's start
	}
	var glyphs []glyph
	x := 0.0
	for _, r := range c.s {
		gi, err := f.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		if len(glyphs) > 0 {
			if k, err := f.Kern(&buf, glyphs[len(glyphs)-1].index, gi, ppem, font.HintingNone); err == nil {
				x += unit(k)
			}
		}
		adv, err := f.GlyphAdvance(&buf, gi, ppem, font.HintingNone)
		if err != nil {
			continue
		}
		glyphs = append(glyphs, glyph{gi, x})
		x += unit(adv)
	}

	x0 := c.x - x*scale/2
	baseline := c.y + c.size*capHeightEm(c.font)/2
	p := &path{}
	for _, g := range glyphs {
		segs, err := f.LoadGlyph(&buf, g.index, ppem, nil)
		if err != nil {
			continue
		}
		at := func(pt fixed.Point26_6) (float64, float64) {
			return x0 + (g.x+unit(pt.X))*scale, baseline + unit(pt.Y)*scale
		}
		open := false
		var cx, cy float64 // the current point, for quadratic curves
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				if open {
					p.close()
				}
				cx, cy = at(s.Args[0])
				p.moveTo(cx, cy)
				open = true
			case sfnt.SegmentOpLineTo:
				cx, cy = at(s.Args[0])
				p.lineTo(cx, cy)
			case sfnt.SegmentOpQuadTo:
				// TrueType outlines are quadratic; PDF and PostScript
				// curves are cubic, which hold a quadratic exactly with
				// control points two thirds of the way to its own.
				qx, qy := at(s.Args[0])
				ex, ey := at(s.Args[1])
				p.cubeTo(cx+2*(qx-cx)/3, cy+2*(qy-cy)/3, ex+2*(qx-ex)/3, ey+2*(qy-ey)/3, ex, ey)
				cx, cy = ex, ey
			case sfnt.SegmentOpCubeTo:
				x1, y1 := at(s.Args[0])
				x2, y2 := at(s.Args[1])
				cx, cy = at(s.Args[2])
				p.cubeTo(x1, y1, x2, y2, cx, cy)
			}
		}
		if open {
			p.close()
		}
	}
	return p
}
