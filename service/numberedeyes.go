package service

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/render"
)

// numberedEye is QR Code Monkey's name for one finder eye's colour:
// eye1Color to eye3Color the ring, eyeBall1Color to eyeBall3Color the
// centre, numbered top-left, top-right, bottom-left, the order of
// eyeframecolor's and eyeballcolor's three colours.
var numberedEye = regexp.MustCompile(`^eye(ball)?([123])colou?r$`)

// eyeCorners names the eyes as the numbers do.
var eyeCorners = [3]string{"top-left", "top-right", "bottom-left"}

// numberedEyeColours is the option a numbered eye colour name belongs to
// (eyeframecolor or eyeballcolor) and the three colours the query gives
// it: each numbered one the caller's, the rest color's (or its default),
// which the eyes take when not coloured apart. ok is false when name is
// no such name.
func numberedEyeColours(q query, name string) (target, list, says string, ok bool) {
	m := numberedEye.FindStringSubmatch(bareName(name))
	if m == nil {
		return "", "", "", false
	}
	target, part := optEyeFrameColor.Name, "ring"
	if m[1] != "" {
		target, part = optEyeBallColor.Name, "centre"
	}
	fill := "000000"
	if v, given, _ := q.lookup(optColor); given {
		fill, _ = meantColour(v, false, fill, "color's default")
		if c, err := render.ParseColor(v, false); err == nil {
			fill = render.HexColor(c)
		}
	}
	colours := [3]string{fill, fill, fill}
	for other, values := range q {
		n := numberedEye.FindStringSubmatch(bareName(other))
		if n != nil && n[1] == m[1] && len(values) > 0 {
			colours[n[2][0]-'1'] = hexOr(strings.TrimSpace(values[0]))
		}
	}
	eye := eyeCorners[m[2][0]-'1']
	says = fmt.Sprintf("%s is the colour of the %s eye's %s (QR Code Monkey's name): %s takes one colour per eye, top-left, top-right and bottom-left, and the fix gives the eyes not named color, as they were drawn", name, eye, part, target)
	return target, strings.Join(colours[:], ","), says, true
}

// hexOr is colour v as hex when it is one (#f00 is ff0000), else v, for
// the option's own reading to fix.
func hexOr(v string) string {
	if c, err := render.ParseColor(v, false); err == nil {
		return render.HexColor(c)
	}
	return v
}

// NumberedEyeColours is, for an MCP argument named as QR Code Monkey
// numbers an eye's colour (eye1Color), the option it belongs to and the
// three colours the arguments give it, as an HTTP call's fix gives them;
// ok is false for any other name. MCP's tools ask it as HTTP calls do.
func NumberedEyeColours(name string, args map[string]string) (target, list string, ok bool) {
	q := make(query, len(args))
	for k, v := range args {
		q[strings.ToLower(k)] = []string{v}
	}
	target, list, _, ok = numberedEyeColours(q, strings.ToLower(name))
	if ok {
		list = optionValue(target, list)
	}
	return target, list, ok && list != ""
}
