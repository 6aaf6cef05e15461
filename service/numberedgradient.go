package service

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// numberedStop is QR Code Monkey's name for one of a gradient's colours,
// gradientColor1, gradientColor2, in the gradient's order.
var numberedStop = regexp.MustCompile(`^gradientcolou?r([1-8])$`)

// numberedGradient is the gradientcolors list the query gives one colour
// at a time under numbered names, in their numbers' order, and false
// when it gives none.
func numberedGradient(q query) (string, bool) {
	type stop struct {
		n      byte
		colour string
	}
	var stops []stop
	for name, values := range q {
		if m := numberedStop.FindStringSubmatch(bareName(name)); m != nil && len(values) > 0 {
			stops = append(stops, stop{m[1][0], hexOr(strings.TrimSpace(values[0]))})
		}
	}
	if len(stops) == 0 {
		return "", false
	}
	slices.SortFunc(stops, func(a, b stop) int { return int(a.n) - int(b.n) })
	colours := make([]string, len(stops))
	for i, s := range stops {
		colours[i] = s.colour
	}
	return strings.Join(colours, ","), true
}

// numberedGradientSays is the error's clause for name, one of the
// numbered colours.
func numberedGradientSays(name string) string {
	return fmt.Sprintf("%s is one colour of a gradient (QR Code Monkey's name): gradientcolors takes them all, comma-separated in order, and the fix gives them there", name)
}

// NumberedGradient is, for an MCP argument named as QR Code Monkey
// numbers a gradient's colours (gradientColor1), the gradientcolors the
// arguments give, as an HTTP call's fix gives them; ok is false for any
// other name. MCP's tools ask it as HTTP calls do.
func NumberedGradient(name string, args map[string]string) (string, bool) {
	if !numberedStop.MatchString(bareName(name)) {
		return "", false
	}
	q := make(query, len(args))
	for k, v := range args {
		q[strings.ToLower(k)] = []string{v}
	}
	stops, _ := numberedGradient(q)
	stops = optionValue(optGradientColors.Name, stops)
	return stops, stops != ""
}
