package service

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/render"
)

// colourNames are the CSS named colours a misspelt colour is read against.
var colourNames = render.ColorNames()

// meantColour is the colour v most likely meant, as a fix writes it, and
// the clause that says so (README "Errors": a typo is fixed to the value
// most likely meant, never to an unrelated one). A CSS name a few edits
// away is that name (navvy is navy, transparant transparent, when allowed);
// CSS's rgb() and rgba() (CSS Color 4 §5.1) are written as hex; decimal
// R-G-B above 255 is clamped. When nothing is close it is def, the
// option's default, and the clause says so; def "" drops the option.
func meantColour(v string, transparent bool, def, defName string) (string, string) {
	if hex, says, ok := colourMeant(v, transparent); ok {
		return hex, says
	}
	if def == "" {
		return "", "nothing is close, and the fix drops it (" + defName + ")"
	}
	return def, fmt.Sprintf("nothing is close, and the fix takes %s (%s)", def, defName)
}

// colourMeant is meantColour's colour, as hex, when one is close.
func colourMeant(v string, transparent bool) (string, string, bool) {
	lv := strings.ToLower(strings.TrimSpace(v))
	if c, ok := cssRGB(lv); ok {
		hex := render.HexColor(c)
		return hex, fmt.Sprintf("CSS rgb() is written %s here", hex), true
	}
	if c, ok := cssHSL(lv); ok {
		hex := render.HexColor(c)
		return hex, fmt.Sprintf("CSS hsl() is written %s here", hex), true
	}
	if c, ok := clampedDecimal(lv); ok {
		hex := render.HexColor(c)
		return hex, fmt.Sprintf("R-G-B takes numbers from 0 to 255: the fix clamps it to %s", hex), true
	}
	if c, ok := prefixedHex(lv); ok {
		hex := render.HexColor(c)
		return hex, fmt.Sprintf("0x%s is the hex colour %s, written without 0x here", lv[2:], hex), true
	}
	if c, ok := bareRGB(strings.Trim(lv, "[]()")); ok {
		hex := render.HexColor(c)
		return hex, fmt.Sprintf("three numbers from 0 to 255 are red, green and blue, as in CSS rgb(), written %s here", hex), true
	}
	names := colourNames
	if transparent {
		names = append(slices.Clone(names), "transparent")
	}
	var words map[string]string
	if transparent {
		words = groundWords
	}
	if near, ok := editdistance.Meant(lv, names, words); ok {
		c, _ := render.ParseColor(near, transparent)
		return groundWord(c), fmt.Sprintf("did you mean %s?", near), true
	}
	return "", "", false
}

// groundWords are what callers write for no background (CSS's
// background: none).
var groundWords = map[string]string{"none": "transparent", "clear": "transparent", "no": "transparent", "alpha": "transparent"}

// transparentGround is what bg=transparent reads as.
var transparentGround, _ = render.ParseColor("transparent", true)

// groundWord writes a ground colour as a query and a fix write it: the
// word transparent for the transparent ground, so that a fix reads as the
// caller would write it, else canonical hex. Both parse to one colour.
func groundWord(c color.NRGBA) string {
	if c == transparentGround {
		return "transparent"
	}
	return render.HexColor(c)
}

// cssRGB reads CSS's rgb(r, g, b) or rgba(r, g, b, a), commas or spaces
// between, numbers or percentages, each clamped to its range as CSS
// Color 4 §5.1 does.
func cssRGB(v string) (color.NRGBA, bool) {
	inner, ok := strings.CutPrefix(v, "rgba(")
	if !ok {
		if inner, ok = strings.CutPrefix(v, "rgb("); !ok {
			return color.NRGBA{}, false
		}
	}
	inner, ok = strings.CutSuffix(inner, ")")
	if !ok {
		return color.NRGBA{}, false
	}
	parts := strings.FieldsFunc(inner, func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
	if len(parts) != 3 && len(parts) != 4 {
		return color.NRGBA{}, false
	}
	var ch [4]uint8
	ch[3] = 255
	for i, p := range parts {
		scale := 255.0
		if i == 3 {
			scale = 1 // alpha is 0 to 1
		}
		if pct, isPct := strings.CutSuffix(p, "%"); isPct {
			p, scale = pct, 100
		}
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(f) {
			return color.NRGBA{}, false
		}
		ch[i] = uint8(math.Round(min(max(f/scale, 0), 1) * 255))
	}
	return color.NRGBA{ch[0], ch[1], ch[2], ch[3]}, true
}

// cssHSL reads CSS's hsl(h, s%, l%) or hsla() with an alpha, commas or
// spaces, h in degrees (CSS Color Module Level 4 §7, whose hslToRgb this
// follows).
func cssHSL(v string) (color.NRGBA, bool) {
	inner, ok := strings.CutPrefix(v, "hsla(")
	if !ok {
		if inner, ok = strings.CutPrefix(v, "hsl("); !ok {
			return color.NRGBA{}, false
		}
	}
	inner, ok = strings.CutSuffix(inner, ")")
	parts := strings.FieldsFunc(inner, func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
	if !ok || len(parts) != 3 && len(parts) != 4 {
		return color.NRGBA{}, false
	}
	var n [4]float64
	n[3] = 1
	for i, p := range parts {
		p = strings.TrimSuffix(strings.TrimSuffix(p, "deg"), "%")
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return color.NRGBA{}, false
		}
		n[i] = f
	}
	hue := math.Mod(math.Mod(n[0], 360)+360, 360)
	sat, light := min(max(n[1]/100, 0), 1), min(max(n[2]/100, 0), 1)
	channel := func(k0 float64) uint8 {
		k := math.Mod(k0+hue/30, 12)
		a := sat * min(light, 1-light)
		return uint8(math.Round((light - a*max(-1, min(k-3, 9-k, 1))) * 255))
	}
	return color.NRGBA{channel(0), channel(8), channel(4), uint8(math.Round(min(max(n[3], 0), 1) * 255))}, true
}

// clampedDecimal reads goQR's R-G-B with a number above 255 as 255.
func clampedDecimal(v string) (color.NRGBA, bool) {
	parts := strings.Split(v, "-")
	if len(parts) != 3 {
		return color.NRGBA{}, false
	}
	var rgb [3]uint8
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return color.NRGBA{}, false
		}
		rgb[i] = uint8(min(n, 255))
	}
	return color.NRGBA{rgb[0], rgb[1], rgb[2], 255}, true
}

// bareRGB reads three whole numbers from 0 to 255 between commas or
// spaces, "255,0,0" or "255 0 0": the red, green and blue of CSS rgb()
// (CSS Color 4 §5.1) without its name, the only colour three such numbers
// name. A number past 255 is no channel, and is not read.
func bareRGB(v string) (color.NRGBA, bool) {
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' })
	if len(parts) != 3 {
		return color.NRGBA{}, false
	}
	var rgb [3]uint8
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 8)
		if err != nil {
			return color.NRGBA{}, false
		}
		rgb[i] = uint8(n)
	}
	return color.NRGBA{rgb[0], rgb[1], rgb[2], 255}, true
}

// prefixedHex reads six hex digits after 0x, as programming languages
// write a 24-bit RGB number (0xff0000): the one reading such a number has.
// Three, four or eight digits are not read: 0x00f is the number 15 as
// well as CSS's #00f, and 0xff000080 ARGB (Android, .NET) as well as
// CSS Color 4 §5.2's RGBA.
func prefixedHex(v string) (color.NRGBA, bool) {
	digits, ok := strings.CutPrefix(v, "0x")
	if !ok || len(digits) != 6 {
		return color.NRGBA{}, false
	}
	n, err := strconv.ParseUint(digits, 16, 32)
	if err != nil {
		return color.NRGBA{}, false
	}
	return color.NRGBA{uint8(n >> 16), uint8(n >> 8), uint8(n), 255}, true
}

// splitColours splits a list of colours at the commas outside
// parentheses, so that rgb(255,0,0) stays one colour for meantColour.
func splitColours(v string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case ',':
			if depth == 0 {
				parts = append(parts, v[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, v[start:])
}
