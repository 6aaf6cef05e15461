package service

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// decodersCheck warns about a design some common decoder misses, naming the
// decoders (analysis.Risks); its fix is the verify call with every
// correction, sought only when there is a risk.
func decodersCheck(o render.Options, fix func(url.Values) string, corrections func() url.Values) Check {
	check := Check{Name: "decoders", Value: []string{}, Pass: true, Status: StatusPass}
	var misses, designs []string
	for _, r := range analysis.Risks(o) {
		misses = append(misses, r.Decoders...)
		designs = append(designs, r.Design)
	}
	if len(misses) == 0 {
		return check
	}
	check.Value, check.Status = misses, StatusWarn
	check.Message = fmt.Sprintf("%s: measured unreadable by %s, readers behind many phone and web scanners", strings.Join(designs, " and "), strings.Join(misses, ", "))
	check.Fix = fix(corrections())
	return check
}
