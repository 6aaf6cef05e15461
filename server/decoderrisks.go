package server

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/qrforge/qrforge/render"
)

// A decoderRisk is a design that common decoders were measured to miss
// (docs/decoders.md has the measurements and the commands). Every module
// and eye style passes all five decoders of the e2e matrix, so the risks
// left are colours.
type decoderRisk struct {
	design   string
	applies  func(o render.Options) bool
	decoders []string
}

var decoderRisks = []decoderRisk{
	{
		design:   "light modules on a dark background",
		applies:  inverted,
		decoders: []string{"zbar 0.23", "zxing-cpp 1.4"},
	},
	{
		design: "contrast below 4.5:1",
		applies: func(o render.Options) bool {
			return !inverted(o) && contrastRatio(o.Foreground, o.Background) < contrastPass
		},
		decoders: []string{"jsQR 1.4"},
	},
}

// decodersCheck warns about a design some common decoder misses, naming the
// decoders; its fix is the verify call with every correction.
func decodersCheck(o render.Options, fix func(url.Values) string, corrections url.Values) Check {
	check := Check{Name: "decoders", Value: []string{}, Pass: true, Status: statusPass}
	var misses, designs []string
	for _, r := range decoderRisks {
		if r.applies(o) {
			misses = append(misses, r.decoders...)
			designs = append(designs, r.design)
		}
	}
	if len(misses) == 0 {
		return check
	}
	check.Value, check.Status = misses, statusWarn
	check.Message = fmt.Sprintf("%s: measured unreadable by %s, readers behind many phone and web scanners", strings.Join(designs, " and "), strings.Join(misses, ", "))
	check.Fix = fix(corrections)
	return check
}
