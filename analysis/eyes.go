package analysis

import "github.com/qrforge/qrforge/render"

// Eye frames and balls that decoders were measured to miss together
// (docs/decoders.md has the sweep and its command). zxing-cpp checks the
// finder's 1:1:3:1:1 on both diagonals too, each run within ¾ module, and
// jsQR ranks finder candidates by how far their runs on the row, the
// column and both diagonals are from 1:1:3:1:1, in pixels, so that a
// mismatch weighs more the larger the image. A frame and a ball whose
// diagonals disagree, a square corner round a rounded centre or the other
// way round, measure out of proportion there: an octagon's diagonal is a
// third shorter than a square's. With modules that stand apart, the data
// holds candidates that outrank such eyes in jsQR.

type eyePair struct {
	frame render.EyeFrame
	ball  render.EyeBall
}

// eyeClashes are the pairs that decoders missed with every kind of module
// style.
var eyeClashes = map[eyePair][]string{
	{render.EyeFrameSquare, render.EyeBallOctagon}:  {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallOctagon}:    {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallOctagon}:   {"zxing-cpp 1.4"},
	{render.EyeFramePointed, render.EyeBallOctagon}: {"jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallSquare}:  {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallLeaf}:    {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallPetal}:   {"zxing-cpp 1.4"},
	{render.EyeFrameOctagon, render.EyeBallPointed}: {"zxing-cpp 1.4"},
}

// apartStyles are the module styles whose modules stand apart (or in
// bars): the ones with which jsQR missed the pairs of apartClashes.
var apartStyles = map[render.ModuleStyle]bool{
	render.ModuleDot: true, render.ModuleDiamond: true, render.ModuleStar: true,
	render.ModuleSmallDots: true, render.ModuleGappedSquares: true, render.ModuleHeart: true,
	render.ModulePlus: true, render.ModuleSoft: true,
	render.ModuleVerticalBars: true, render.ModuleHorizontalBars: true,
}

// apartClashes are the further pairs jsQR 1.4 missed at least once with
// the apartStyles, from 350 px up.
var apartClashes = func() map[eyePair]bool {
	balls := map[render.EyeFrame][]render.EyeBall{
		render.EyeFrameSquare:       {"rounded", "squircle", "dot", "cut", "pointed", "petal"},
		render.EyeFrameRounded:      {"square", "leaf", "octagon", "dot"},
		render.EyeFrameSquircle:     {"square", "leaf", "octagon", "dot"},
		render.EyeFrameLeaf:         {"rounded", "squircle", "dot", "cut", "petal"},
		render.EyeFrameOctagon:      {"rounded", "squircle", "dot"},
		render.EyeFrameCut:          {"square", "leaf", "octagon"},
		render.EyeFramePointed:      {"rounded", "dot", "cut"},
		render.EyeFrameExtraRounded: {"square", "leaf", "octagon", "dot", "petal"},
		render.EyeFramePetal:        {"square", "rounded", "leaf", "dot", "cut"},
	}
	out := map[eyePair]bool{}
	for f, bs := range balls {
		for _, b := range bs {
			out[eyePair{f, b}] = true
		}
	}
	return out
}()

// eyeClash names the decoders measured to miss o's eye frame and ball with
// its module style, nil when none did.
func eyeClash(o render.Options) []string {
	f, b := o.EyeParts()
	p := eyePair{f, b}
	if d := eyeClashes[p]; d != nil {
		return d
	}
	if apartStyles[o.Module] && apartClashes[p] {
		return []string{"jsQR 1.4"}
	}
	return nil
}

// EyesClash reports whether decoders were measured to miss o's eye frame
// and ball with its module style.
func EyesClash(o render.Options) bool { return eyeClash(o) != nil }

// MatchingBall is the ball that every decoder read in frame f with every
// module style: the frame's namesake, or the rounded ball in the
// extra-rounded frame.
func MatchingBall(f render.EyeFrame) render.EyeBall {
	if f == render.EyeFrameExtraRounded {
		return render.EyeBallRounded
	}
	return render.EyeBall(f)
}
