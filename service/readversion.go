package service

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/render"
)

// readVersion reads the QR Code version asked for (segno's and
// node-qrcode's version, qr-code-styling's typeNumber), once the symbol
// and append are read: a version is a QR Code's (ISO/IEC 18004:2015
// §5.3.1), so it is refused with a Micro QR or rMQR code, and with a
// structured append set, whose parts share the version that holds each.
func (p *reading) readVersion() {
	r := p.r
	v, ok := p.get(optVersion)
	if !ok {
		return
	}
	v = strings.TrimSpace(v)
	if v == "" || strings.EqualFold(v, "auto") {
		return
	}
	n, err := atoiSaturating(strings.TrimPrefix(strings.ToLower(v), "v"))
	switch {
	case err != nil:
		f, numErr := strconv.ParseFloat(v, 64)
		switch {
		case numErr == nil && f == math.Trunc(f) && f >= float64(optVersion.Min) && f <= float64(optVersion.Max):
			p.fail(optVersion.Name, strconv.Itoa(int(f)), "version %q is written %d", v, int(f)) // 10.0 is 10
		case numErr == nil && f > float64(optVersion.Min) && f < float64(optVersion.Max):
			// Two readings: the version below or the one above.
			p.errs = append(p.errs, paramError{field: optVersion.Name, unfixable: true,
				detail: fmt.Sprintf("version %q lies between versions %d and %d, and versions are whole numbers, 1 to 40; which one you mean is yours to say", v, int(f), int(f)+1)})
		case len(v) == 2 && (v[0] == 'M' || v[0] == 'm') && v[1] >= '1' && v[1] <= '4':
			// segno's Micro QR versions: symbol=micro picks the smallest
			// M1 to M4 that holds the data, which may not be this one.
			p.errs = append(p.errs, paramError{field: optVersion.Name, unfixable: true,
				detail: fmt.Sprintf("version %q is a Micro QR Code version (segno's M1 to M4); qrforge takes no Micro QR version: symbol=micro draws the smallest that holds the data. Give symbol=micro without version, or a QR Code version, 1 to 40", v)})
		default:
			p.fail(optVersion.Name, "", "version %q is not a QR Code version: 1 to 40, or auto for the smallest that holds the data (ISO/IEC 18004:2015 §5.3.1); the fix drops it, so that the smallest is drawn", v)
		}
		return
	case n == 0:
		// qr-code-styling's and qrcode-generator's typeNumber 0 means
		// "the smallest that fits".
		p.fail(optVersion.Name, "auto", "version 0 is no QR Code version: they are 1 to 40; as qr-code-styling's typeNumber, 0 means the smallest that holds the data, which is version=auto")
		return
	case n < 0:
		p.fail(optVersion.Name, "", "version %s is negative: QR Code versions are 1 to 40; the fix drops it, so that the smallest that holds the data is drawn", v)
		return
	case n > optVersion.Max:
		p.fail(optVersion.Name, strconv.Itoa(optVersion.Max), "version %s is above 40, the largest QR Code (177 modules a side, ISO/IEC 18004:2015 §5.3.1)", v)
		return
	case v != strconv.Itoa(n):
		p.fail(optVersion.Name, strconv.Itoa(n), "version %q is written %d", v, n)
		return
	}
	switch {
	case r.Symbol == render.SymbolMicro:
		p.fail(optVersion.Name, "", "version %d is a QR Code's, and symbol=micro asks for a Micro QR Code, whose size (M1 to M4) is the smallest that holds the data; drop version, or use symbol=qr", n)
	case r.Symbol == render.SymbolRMQR:
		p.fail(optVersion.Name, "", "version %d is a QR Code's, and symbol=rmqr asks for an rMQR code, whose height rmqrheight sets; drop version, or use symbol=qr", n)
	case r.set.asked:
		p.fail(optVersion.Name, "", "append gives every symbol of a structured append set the smallest version that holds each part, and takes no version; drop version, or append")
	default:
		r.Version = n
		r.Canonical.Set(optVersion.Name, strconv.Itoa(n))
	}
}
