package analysis

import "github.com/qrforge/qrforge/render"

// Eye frames and balls that decoders were measured to miss together
// (docs/decoders.md has the sweeps and their commands). zxing-cpp checks
// the finder's 1:1:3:1:1 on both diagonals too, each run within ¾ module,
// and jsQR ranks finder candidates by how far their runs on the row, the
// column and both diagonals are from 1:1:3:1:1, in pixels, so that a
// mismatch weighs more the larger the image. A frame and a ball whose
// diagonals disagree, a square corner round a rounded centre or the other
// way round, measure out of proportion there: an octagon's diagonal is a
// third shorter than a square's. Whether jsQR then finds the eye depends
// on what else the image holds: modules that stand apart (dots, hearts)
// hold more candidates that outrank it.

type eyePair struct {
	frame render.EyeFrame
	ball  render.EyeBall
}

// eyeClashes are the pairs that a decoder missed at least once, with any
// module style, from 200 px up, and the decoders. The pairs left out, the
// eye styles among them, every decoder read every time.
var eyeClashes = map[eyePair][]string{
	{render.EyeFrameSquare, render.EyeBallRounded}:       {"jsQR 1.4"},
	{render.EyeFrameSquare, render.EyeBallSquircle}:      {"jsQR 1.4"},
	{render.EyeFrameSquare, render.EyeBallLeaf}:          {"jsQR 1.4"},
	{render.EyeFrameSquare, render.EyeBallOctagon}:       {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameSquare, render.EyeBallDot}:           {"jsQR 1.4"},
	{render.EyeFrameSquare, render.EyeBallCut}:           {"jsQR 1.4"},
	{render.EyeFrameSquare, render.EyeBallPointed}:       {"jsQR 1.4"},
	{render.EyeFrameSquare, render.EyeBallPetal}:         {"jsQR 1.4"},
	{render.EyeFrameRounded, render.EyeBallSquare}:       {"jsQR 1.4"},
	{render.EyeFrameRounded, render.EyeBallPetal}:        {"jsQR 1.4"},
	{render.EyeFrameRounded, render.EyeBallLeaf}:         {"jsQR 1.4"},
	{render.EyeFrameRounded, render.EyeBallOctagon}:      {"jsQR 1.4"},
	{render.EyeFrameRounded, render.EyeBallDot}:          {"jsQR 1.4"},
	{render.EyeFrameSquircle, render.EyeBallSquare}:      {"jsQR 1.4"},
	{render.EyeFrameSquircle, render.EyeBallLeaf}:        {"jsQR 1.4"},
	{render.EyeFrameSquircle, render.EyeBallOctagon}:     {"jsQR 1.4"},
	{render.EyeFrameSquircle, render.EyeBallPetal}:       {"jsQR 1.4"},
	{render.EyeFrameSquircle, render.EyeBallDot}:         {"jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallSquare}:          {"jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallRounded}:         {"jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallSquircle}:        {"jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallPointed}:         {"jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallOctagon}:         {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallDot}:             {"jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallCut}:             {"jsQR 1.4"},
	{render.EyeFrameLeaf, render.EyeBallPetal}:           {"jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallSquare}:       {"zbar 0.23", "zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallRounded}:      {"jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallSquircle}:     {"zbar 0.23", "jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallLeaf}:         {"zbar 0.23", "zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallCut}:          {"jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallDot}:          {"jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallPointed}:      {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameOctagon, render.EyeBallPetal}:        {"zbar 0.23", "zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFrameCut, render.EyeBallSquare}:           {"jsQR 1.4"},
	{render.EyeFrameCut, render.EyeBallLeaf}:             {"jsQR 1.4"},
	{render.EyeFrameCut, render.EyeBallPetal}:            {"jsQR 1.4"},
	{render.EyeFrameCut, render.EyeBallOctagon}:          {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallSquare}:       {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallRounded}:      {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallSquircle}:     {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallLeaf}:         {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallOctagon}:      {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallDot}:          {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallPetal}:        {"jsQR 1.4"},
	{render.EyeFramePointed, render.EyeBallCut}:          {"jsQR 1.4"},
	{render.EyeFrameExtraRounded, render.EyeBallSquare}:  {"jsQR 1.4"},
	{render.EyeFrameExtraRounded, render.EyeBallLeaf}:    {"jsQR 1.4"},
	{render.EyeFrameExtraRounded, render.EyeBallOctagon}: {"jsQR 1.4"},
	{render.EyeFrameExtraRounded, render.EyeBallDot}:     {"jsQR 1.4"},
	{render.EyeFrameExtraRounded, render.EyeBallPointed}: {"jsQR 1.4"},
	{render.EyeFrameExtraRounded, render.EyeBallPetal}:   {"jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallSquare}:         {"jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallSquircle}:       {"jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallRounded}:        {"jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallLeaf}:           {"jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallOctagon}:        {"zxing-cpp 1.4", "jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallDot}:            {"jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallCut}:            {"jsQR 1.4"},
	{render.EyeFramePetal, render.EyeBallPointed}:        {"jsQR 1.4"},
}

// eyeClash names the decoders measured to miss o's eye frame and ball, nil
// when none did.
func eyeClash(o render.Options) []string {
	f, b := o.EyeParts()
	return eyeClashes[eyePair{f, b}]
}

// EyesClash reports whether decoders were measured to miss o's eye frame
// and ball.
func EyesClash(o render.Options) bool { return eyeClash(o) != nil }

// EyeClashDecoders names the decoders measured to miss o's eye frame and
// ball, nil when every decoder read them.
func EyeClashDecoders(o render.Options) []string { return eyeClash(o) }

// MatchingBall is the ball that every decoder read in frame f with every
// module style: the frame's namesake, or the rounded ball in the
// extra-rounded frame.
func MatchingBall(f render.EyeFrame) render.EyeBall {
	if f == render.EyeFrameExtraRounded {
		return render.EyeBallRounded
	}
	return render.EyeBall(f)
}

// MatchingFrame is the first frame, in render.EyeFrames order, that every
// decoder read round ball b with every module style.
func MatchingFrame(b render.EyeBall) render.EyeFrame {
	for _, f := range render.EyeFrames {
		if eyeClashes[eyePair{f, b}] == nil {
			return f
		}
	}
	return render.EyeFrame(b)
}
