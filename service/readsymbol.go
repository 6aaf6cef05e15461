package service

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/render"
)

// readLevel reads the error correction level, which chld may give.
func (p *reading) readLevel(chldLevel string) {
	r := p.r
	ecValue, ecGiven := p.get(optEC)
	if chldLevel != "" {
		if ecGiven && !strings.EqualFold(ecValue, chldLevel) {
			p.fail(optEC.Name, strings.ToUpper(chldLevel), "ec=%q disagrees with chld=%q; give the level once", ecValue, chldLevel)
		}
		ecValue, ecGiven = chldLevel, true
	}
	if ecGiven {
		l := render.Level(0)
		if len(ecValue) == 1 {
			l = render.Level(strings.ToUpper(ecValue)[0])
		}
		if !slices.Contains(render.Levels, l) {
			// Nothing close drops ec: the level is then chosen for the
			// data, as when ec is not given.
			near, says := meantValue(optEC, ecValue, optEC.Enum, "")
			switch d, ok := p.defaults[optEC.Name]; {
			case near == "" && ok:
				// The API's own level, which it draws without one.
				near, says = d, fmt.Sprintf("nothing is close, and the fix gives %s, the level %s draws by default", d, p.via)
			case near == "":
				says = "nothing is close, and the fix drops it, so that the level is chosen for the data"
			}
			p.fail(optEC.Name, near, "ec %q is not one of L, M, Q, H (H survives the most damage); %s", ecValue, says)
		}
		r.Level = l
		r.Canonical.Set(optEC.Name, string(l))
	}
}

// readSymbol reads the symbol type and an rMQR's height.
func (p *reading) readSymbol() {
	r := p.r
	if v, ok := p.get(optSymbol); ok {
		t := render.SymbolType(strings.ToLower(strings.TrimSpace(v)))
		switch {
		case !slices.Contains(render.SymbolTypes, t):
			near, says := meantValue(optSymbol, v, render.SymbolTypes, render.SymbolQR)
			p.fail(optSymbol.Name, string(near), "symbol %q is not one of %s: qr is a QR Code, micro a Micro QR Code (M1 to M4), auto the smaller of the two that holds the data, rmqr a rectangular Micro QR Code (R7x43 to R17x139); %s", v, text.Join(render.SymbolTypes), says)
		case t == render.SymbolMicro && r.Level == render.LevelH:
			p.fail(optEC.Name, "Q", "Micro QR Codes have no level H: M2 to M4 have L and M, M4 also Q")
			r.Symbol = t // the fix keeps the symbol and changes the level
		case t == render.SymbolRMQR && (r.Level == render.LevelL || r.Level == render.LevelQ):
			// ISO/IEC 23941:2022 §6.5.1: M and H only; the fix takes the
			// nearer level that protects at least as much.
			fixed := map[render.Level]string{render.LevelL: "M", render.LevelQ: "H"}[r.Level]
			p.fail(optEC.Name, fixed, "rMQR codes have no level %s: only M and H", r.Level)
			r.Symbol = t
		default:
			r.Symbol = t
		}
	}
	if r.Symbol != render.SymbolQR {
		r.Canonical.Set(optSymbol.Name, string(r.Symbol))
	}
	if v, ok := p.get(optRMQRHeight); ok {
		v = strings.TrimSpace(v)
		h, err := atoiSaturating(v)
		switch {
		case err != nil || h < optRMQRHeight.Min || h > optRMQRHeight.Max:
			// A number out of range is fixed to the nearest height, R7 or
			// R17 (ISO/IEC 23941:2022), not to the example.
			fixed := optRMQRHeight.Example
			if err == nil {
				fixed = strconv.Itoa(min(max(h, optRMQRHeight.Min), optRMQRHeight.Max))
			}
			p.fail(optRMQRHeight.Name, fixed, "rmqrheight %q is not one of 7, 9, 11, 13, 15, 17: the heights of rMQR codes in modules (ISO/IEC 23941)", v)
		case h%2 == 0:
			p.fail(optRMQRHeight.Name, strconv.Itoa(h+1), "rmqrheight %d is not an rMQR height: they are odd, 7 to 17", h)
		case r.Symbol != render.SymbolRMQR:
			p.fail(optSymbol.Name, string(render.SymbolRMQR), "rmqrheight sets the height of an rMQR code, and symbol is %s; add symbol=rmqr, or drop rmqrheight", r.Symbol)
		default:
			r.RMQRHeight = h
			r.Canonical.Set(optRMQRHeight.Name, strconv.Itoa(h))
		}
	}
	switch r.Symbol {
	case render.SymbolMicro:
		// ISO/IEC 18004:2015 §6.3.8: a Micro QR Code needs two modules of
		// quiet zone, not four.
		r.Options.Margin = render.MicroQuietZone
	case render.SymbolRMQR:
		r.Options.Margin = render.RMQRQuietZone // ISO/IEC 23941:2022 §6.3.8
	}
}

// readMargin reads the quiet zone, which chld may give.
func (p *reading) readMargin(chldMargin string) {
	r := p.r
	marginValue, marginGiven := p.get(optMargin)
	if chldMargin != "" {
		if marginGiven && marginValue != chldMargin {
			p.fail(optMargin.Name, chldMargin, "margin=%q disagrees with chld=%q; give the margin once", marginValue, chldMargin)
		}
		marginValue, marginGiven = chldMargin, true
	}
	if marginGiven {
		number, foreign := ownUnit(marginValue, moduleUnits, pixelUnits)
		marginValue = strings.TrimSpace(marginValue)
		m, err := atoiSaturating(number)
		switch {
		case foreign != "":
			p.errs = append(p.errs, modulesNotPixels(optMargin.Name, marginValue, render.MaxMargin))
		case err != nil:
			fixed, unread := optMargin.Example, noNumber(optMargin.Example)
			if n, ok := wholeNumber(number, 0, render.MaxMargin); ok {
				fixed, unread = strconv.Itoa(n), ""
			}
			p.fail(optMargin.Name, fixed, "margin %q is not a whole number of modules (0 to %d)%s", marginValue, render.MaxMargin, unread)
		case m < 0:
			p.fail(optMargin.Name, "0", "margin %s is negative; it counts modules of quiet zone, 0 to %d", marginValue, render.MaxMargin)
		case m > render.MaxMargin:
			p.fail(optMargin.Name, strconv.Itoa(render.MaxMargin), "margin %s is above the maximum of %d modules", marginValue, render.MaxMargin)
		default:
			r.Options.Margin = m
		}
	}
	r.Canonical.Set(optMargin.Name, strconv.Itoa(r.Options.Margin))
}

// checkSymbolDesign refuses what a Micro QR or rMQR code cannot draw:
// a logo, an eye shape, a frame.
func (p *reading) checkSymbolDesign() {
	r := p.r
	if r.Symbol == render.SymbolMicro && r.logo != nil {
		p.fail(optLogo.Name, "", "a Micro QR Code holds at most 24 codewords and none can be spared for a logo; drop the logo, or use symbol=qr")
	}
	if r.Symbol == render.SymbolMicro || r.Symbol == render.SymbolRMQR {
		refuseEyeShapes(r, p.fail)
		refuseOtherEyesColours(r, p.fail)
	}
	if r.Symbol == render.SymbolRMQR {
		// A logo sits on a square in the centre, which an rMQR (7 to 17
		// modules high, with alignment patterns and timing across its
		// height) has no room for; frames are drawn around a square.
		if r.logo != nil {
			p.fail(optLogo.Name, "", "an rMQR code is 7 to 17 modules high and has no square centre to spare for a logo; drop the logo, or use symbol=qr")
		}
		if r.Options.Frame != render.FrameNone {
			p.fail(optTpl.Name, "", "tpl=%s frames a square code, and an rMQR code is a rectangle; drop tpl (a label still goes under the code), or use symbol=qr", r.Options.Frame)
		}
	}
}
