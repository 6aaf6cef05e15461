package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/internal/length"
)

// lengthArguments are qr_size_recommend's lengths: the word a name for
// each holds, its name, its unit in millimetres and the decimals a fix
// writes it with.
var lengthArguments = []struct {
	word, name, unitName string
	unit                 float64
	decimals             int
}{
	{"distance", "distance_m", "metres", 1000, 3},
	{"print", "print_mm", "millimetres", 1, 1},
}

// lengthInName is qr_size_recommend's error for a length under a name
// that says its unit (distance_cm, print_width_in, distanceFt): renamed
// with its value as given, 50 under distance_cm became distance_m 50, a
// hundred times the distance meant. The fix writes it in the argument's
// own unit (0.5). A value that is text with a unit of its own is read as
// written. nil when no argument is so named, or the argument meant is
// given too (unknownArguments says which to keep).
func (t *tools) lengthInName(args map[string]any, known func(string) bool) *mcp.CallToolResult {
	for _, name := range slices.Sorted(maps.Keys(args)) {
		unit, ok := unitOfName(name)
		if known(name) || !ok {
			continue
		}
		for _, l := range lengthArguments {
			if _, given := args[l.name]; given || !strings.Contains(strings.ToLower(name), l.word) {
				continue
			}
			text := fmt.Sprint(args[name])
			if _, isNumber := args[name].(float64); isNumber || length.Decimal(strings.TrimSpace(text)) {
				text += " " + unit
			}
			read, ok := numberInText(text, l.unit)
			if !ok {
				break
			}
			read, _ = strconv.ParseFloat(strconv.FormatFloat(read, 'f', l.decimals, 64), 64)
			fix := maps.Clone(args)
			delete(fix, name)
			fix[l.name] = read
			detail := fmt.Sprintf("%s is not an argument: %s is %s %v, in %s", strconv.Quote(truncate(name, maxNameBytes)), truncate(text, maxNameBytes), l.name, read, l.unitName)
			return t.badArgument(toolSizeRecommend, args, &argError{field: truncate(name, maxNameBytes), detail: detail, fix: fix, change: fmt.Sprintf("with %s %v", l.name, read)})
		}
	}
	return nil
}

// unitOfName is the length unit a name ends in, after a separator or as
// a capitalised word: cm of distance_cm and distanceCm.
func unitOfName(name string) (string, bool) {
	cut := strings.LastIndexFunc(name, func(r rune) bool { return r == '_' || r == '-' || unicode.IsUpper(r) })
	if cut <= 0 {
		return "", false
	}
	last := strings.ToLower(strings.TrimLeft(name[cut:], "_-"))
	_, unit, _, ok := length.Parse("1 " + last)
	return unit, ok && last != ""
}
