package server_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// Retired eye names stay accepted and draw the style that replaced them
// (render.ParseEye; docs/decoders.md says why).
func TestRetiredEyeNamesAreAliases(t *testing.T) {
	for alias, style := range map[string]string{"diamond": "octagon", "circle": "squircle", "DIAMOND": "octagon"} {
		got := ok(t, "/api/v1/qr?data=hello&format=svg&eye="+alias)
		want := ok(t, "/api/v1/qr?data=hello&format=svg&eye="+style)
		if !bytes.Equal(got, want) {
			t.Errorf("eye=%s does not draw the same SVG as eye=%s", alias, style)
		}
	}
}

// A frame and a ball that a decoder was measured to miss together are
// refused when both are named, with a fix that reads; named alone, either
// part takes a partner that reads (docs/decoders.md).
func TestEyePairsDecodersMissAreRefused(t *testing.T) {
	const q = "/api/v1/qr?data=hello&size=300"
	clashes := 0
	for _, f := range render.EyeFrames {
		for _, b := range render.EyeBalls {
			o := render.DefaultOptions()
			o.EyeFrame, o.EyeBall = f, b
			target := q + "&eyeframe=" + string(f) + "&eyeball=" + string(b)
			if !analysis.EyesClash(o) {
				if got := decodeQR(t, ok(t, target)); got != "hello" {
					t.Errorf("%s decoded %q", target, got)
				}
				continue
			}
			clashes++
			p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
			if p.Field != "eyeball" || !strings.Contains(p.Detail, "jsQR") && !strings.Contains(p.Detail, "zxing") && !strings.Contains(p.Detail, "zbar") {
				t.Errorf("%s: field %q, detail %q; want eyeball and the decoders that miss it", target, p.Field, p.Detail)
			}
			if got := decodeQR(t, ok(t, strings.TrimPrefix(p.Fix, base))); got != "hello" {
				t.Errorf("the fix %s decoded %q", p.Fix, got)
			}
		}
	}
	if clashes == 0 {
		t.Fatal("no pair clashes: the test checks nothing")
	}
	for _, f := range render.EyeFrames {
		alone := ok(t, q+"&format=svg&eyeframe="+string(f))
		o := render.DefaultOptions()
		o.EyeFrame = f
		ball := render.EyeBallSquare
		if analysis.EyesClash(o) {
			ball = analysis.MatchingBall(f)
		}
		if want := ok(t, q+"&format=svg&eyeframe="+string(f)+"&eyeball="+string(ball)); !bytes.Equal(alone, want) {
			t.Errorf("eyeframe=%s alone does not draw eyeball=%s", f, ball)
		}
	}
	for _, b := range render.EyeBalls {
		alone := ok(t, q+"&format=svg&eyeball="+string(b))
		o := render.DefaultOptions()
		o.EyeBall = b
		frame := render.EyeFrameSquare
		if analysis.EyesClash(o) {
			frame = analysis.MatchingFrame(b)
		}
		if want := ok(t, q+"&format=svg&eyeframe="+string(frame)+"&eyeball="+string(b)); !bytes.Equal(alone, want) {
			t.Errorf("eyeball=%s alone does not draw eyeframe=%s", b, frame)
		}
	}
	// An eye style names both parts: its part is kept and the pair judged.
	p := readProblem(t, get(t, q+"&eye=leaf&eyeball=octagon"), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "eyeball" {
		t.Errorf("eye=leaf&eyeball=octagon: field %q", p.Field)
	}
}

// eye is a preset of five styles; a frame or ball name given to it
// (eye=petal) was answered with eye=square. The fix now names the parts,
// keeping those the caller gave, and reads (README "Options").
func TestEyeNamingAPartIsFixedWithTheParts(t *testing.T) {
	const q = "/api/v1/qr?data=hello&size=300"
	for _, c := range []struct{ query, frame, ball string }{
		{"&eye=petal", "petal", "petal"},
		{"&eye=CUT", "cut", "cut"},
		{"&eye=pointed", "pointed", "pointed"},
		{"&eye=extra-rounded", "extra-rounded", "rounded"},
		{"&eye=dot", "cut", "dot"},
		{"&eye=cut&eyeball=dot", "cut", "dot"},
		{"&eye=cut&eyeframe=petal&eyeball=petal", "petal", "petal"},
	} {
		p := readProblem(t, get(t, q+c.query), http.StatusBadRequest, "invalid-parameter")
		if p.Field != "eye" || !strings.Contains(p.Detail, "not a preset") {
			t.Errorf("%s: field %q, detail %q", c.query, p.Field, p.Detail)
			continue
		}
		fix := strings.TrimPrefix(p.Fix, base)
		if strings.Contains(fix, "eye=") || !strings.Contains(fix, "eyeframe="+c.frame) || !strings.Contains(fix, "eyeball="+c.ball) {
			t.Errorf("%s: fix %s, want eyeframe=%s and eyeball=%s and no eye", c.query, fix, c.frame, c.ball)
			continue
		}
		if got := decodeQR(t, ok(t, fix)); got != "hello" {
			t.Errorf("%s: the fix %s decoded %q", c.query, fix, got)
		}
	}
	// A name that is no part keeps its old fix.
	if p := readProblem(t, get(t, q+"&eye=zigzag"), http.StatusBadRequest, "invalid-parameter"); !strings.Contains(p.Fix, "eye=square") {
		t.Errorf("eye=zigzag: fix %s, want eye=square", p.Fix)
	}
}

// A fix writes the transparent ground as the word, however it was asked:
// the fix is a query the caller reads and edits.
func TestAFixWritesTheTransparentGroundAsAWord(t *testing.T) {
	for _, bg := range []string{"transparent", "ffffff00", "%23FFFFFF00", "Transparent"} {
		q := "/api/v1/qr?data=hello&size=300&eyeframe=pointed&eyeball=square&bg=" + bg
		p := readProblem(t, get(t, q), http.StatusBadRequest, "invalid-parameter")
		fix := strings.TrimPrefix(p.Fix, base)
		if !strings.Contains(fix, "bg=transparent") || strings.Contains(fix, "ffffff00") {
			t.Errorf("bg=%s: fix %s, want bg=transparent", bg, fix)
		}
	}
}
