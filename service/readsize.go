package service

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/length"
	"github.com/qrforge/qrforge/render"
)

// readSize reads dpi and size, a number of pixels or a length.
func (p *reading) readSize() {
	r := p.r
	// A bad dpi is read as its fix, so that a length is checked at the
	// resolution the fix asks for.
	dpiValue, dpiGiven := p.get(optDPI)
	dpi := 0
	if dpiGiven {
		number, _ := ownUnit(dpiValue, dpiUnits, nil)
		n, err := atoiSaturating(number)
		switch {
		case err != nil:
			dpi = render.DefaultDPI
			fixed, unread := optDPI.Example, noNumber(optDPI.Example)
			if n, ok := wholeNumber(number, render.MinDPI, render.MaxDPI); ok {
				dpi, fixed, unread = n, strconv.Itoa(n), ""
			}
			p.fail(optDPI.Name, fixed, "dpi %q is not a whole number of dots per inch (%d to %d)%s", dpiValue, render.MinDPI, render.MaxDPI, unread)
		case n < render.MinDPI || n > render.MaxDPI:
			dpi = min(max(n, render.MinDPI), render.MaxDPI)
			p.fail(optDPI.Name, strconv.Itoa(dpi), "dpi %d is outside %d to %d dots per inch", n, render.MinDPI, render.MaxDPI)
		default:
			dpi = n
		}
	}
	v, sizeGiven := p.get(optSize)
	if sizeGiven {
		size, fixed, err := parseSize(v)
		switch {
		case err != nil:
			unread := ""
			if fixed == "" {
				fixed = p.fallback(optSize)
				unread = noNumber(fixed)
			}
			p.fail(optSize.Name, fixed, "%s%s", err, unread)
		case size.unit != "":
			r.sizeUnit = size.unit
			p.errs = append(p.errs, r.setLength(size, dpi)...)
		case size.px < render.MinSize:
			p.fail(optSize.Name, strconv.Itoa(render.MinSize), "size %s is below the minimum of %d pixels", strings.TrimSpace(v), render.MinSize)
		case size.px > render.MaxSize:
			p.fail(optSize.Name, strconv.Itoa(render.MaxSize), "size %s is above the maximum of %d pixels", strings.TrimSpace(v), render.MaxSize)
		default:
			r.Options.Size = size.px
		}
	}
	if r.sizeUnit == "" {
		r.Canonical.Set(optSize.Name, strconv.Itoa(r.Options.Size))
	}
	p.readScale(sizeGiven)
	if dpi > 0 {
		r.Options.Print.DPI = dpi
	}
	if r.Options.Print.DPI > 0 {
		r.Canonical.Set(optDPI.Name, strconv.Itoa(r.Options.Print.DPI))
	}
}

// parseSize reads "512", "512px", a square "512x512" or a length of
// print, "30mm", "3cm" or "1.2in". When v is not a size, it also returns
// the size a fix should use: the square form of a rectangle (README
// "Options"), or "" when nothing in v is a size (the fix then takes the
// default).
func parseSize(v string) (size sizeValue, fixed string, err error) {
	v = strings.TrimSpace(strings.ToLower(v))
	for _, u := range lengthUnits {
		number, isLength := strings.CutSuffix(v, u.name)
		if !isLength {
			continue
		}
		number = strings.TrimSpace(number)
		n, err := strconv.ParseFloat(number, 64)
		if err == nil && n > 0 && !math.IsInf(n, 0) && !length.Decimal(number) {
			// .5in or 1e3mm: the number meant, written as a length is
			// (a length too long is fixed again, to the longest that fits).
			fixed := strconv.FormatFloat(n, 'f', -1, 64) + u.name
			return sizeValue{}, fixed, fmt.Errorf("size %q is not a length as written: a length is digits with at most one decimal point between them, such as %s; it reads as %s", v, u.example, fixed)
		}
		if err != nil || !length.Decimal(number) || n <= 0 {
			return sizeValue{}, u.example, fmt.Errorf("size %q is not a length: a positive number of %s, such as %s", v, u.name, u.example)
		}
		return sizeValue{length: n, unit: u.name}, "", nil
	}
	if fixed, ok := spelledLength(v); ok {
		return sizeValue{}, fixed, fmt.Errorf("size %q is not a length as written: a length is a number and mm, cm or in, such as 30mm; it reads as %s", v, fixed)
	}
	for _, px := range []string{"pixels", "pixel", "px"} {
		if number, ok := strings.CutSuffix(v, px); ok {
			v = strings.TrimSpace(number)
			break
		}
	}
	w, h, isPair := strings.Cut(v, "x")
	if !isPair {
		n, err := atoiSaturating(v)
		if err != nil {
			fixed := ""
			if n, ok := wholeNumber(v, render.MinSize, render.MaxSize); ok {
				fixed = strconv.Itoa(n)
			}
			return sizeValue{}, fixed, fmt.Errorf("size %q is not a whole number of pixels (%d to %d) or a length (30mm, 3cm, 1.2in)", v, render.MinSize, render.MaxSize)
		}
		return sizeValue{px: n}, "", nil
	}
	wn, errW := atoiSaturating(w)
	hn, errH := atoiSaturating(h)
	switch {
	case errW != nil && errH != nil:
		return sizeValue{}, "", fmt.Errorf("size %q is not a number of pixels (e.g. 512 or 512x512)", v)
	case errW != nil || errH != nil || wn != hn:
		side := min(max(wn, hn, render.MinSize), render.MaxSize)
		return sizeValue{}, strconv.Itoa(side), fmt.Errorf("size %q is not square; QR codes are square, use %d", v, side)
	}
	return sizeValue{px: wn}, "", nil
}

// spelledLength is v, a length whose unit is spelt another way than the
// size option takes it, written as it takes it: "2 inches" is 2in, "0.05
// m" 5cm, "1 ft" 12in; false when v is none.
func spelledLength(v string) (string, bool) {
	n, unit, short, ok := length.Parse(v)
	if !ok || short && unit != "m" && unit != "ft" {
		return "", false
	}
	switch unit {
	case "m":
		n, unit = n*100, "cm"
	case "ft":
		n, unit = n*12, "in"
	}
	return strconv.FormatFloat(n, 'f', -1, 64) + unit, true
}

// wholeNumber is a number that is not whole (300.5, 1e3, 2.5) rounded to
// the nearest whole one and clamped to lo..hi, which a fix offers in its
// place (README "Errors": a number is clamped to its range); ok is false
// for what is no number at all.
func wholeNumber(s string, lo, hi int) (int, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) {
		return 0, false
	}
	return int(math.Round(min(max(f, float64(lo)), float64(hi)))), true
}

// atoiSaturating is strconv.Atoi except that a number too large for an int
// saturates instead of failing: "size=1" followed by 30 zeros is above the
// maximum, not "not a number".
func atoiSaturating(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) {
		return n, nil
	}
	return n, err
}
