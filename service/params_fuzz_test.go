package service

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qrforge/qrforge/render"
)

// FuzzParseRendering feeds random query strings to parseRendering. It must
// not panic; a request it accepts must be within README "Options"'s bounds; and a
// request it refuses must be fixed by its own fix: the fix URL, parsed
// again, has no errors.
func FuzzParseRendering(f *testing.F) {
	for _, seed := range []string{
		"",
		"data=hello",
		"data=hello&size=300&format=svg&color=%23f00&bg=transparent&style=dot&eye=leaf&ec=h&margin=0&label=Hi&tpl=scanme",
		"text=a&content=a&url=a&q=a&chl=a",
		"data=a&text=b",
		"size=300x300", "size=300x200", "size=5000", "size=10", "size=abc", "size=1e9", "size=-1",
		"size=123456789012345678901234567890", "chs=250x250", "size=x", "size=0x0", "size=+300",
		"margin=-1", "margin=11", "qz=99999999999999999999999", "margin= 4 ",
		"color=zzz", "color=255-0-0", "color=256-0-0", "color=---", "color=%23", "bg=TRANSPARENT", "fg=f008",
		"style=rounded2", "eye=circel", "style=", "eye=",
		"eyeframe=cut&eyeball=dot", "eyeframe=octagn&pupil=circle", "eye=leaf&eye_frame=pointed&eyecentre=", "eyeball=diamond",
		"ec=X", "ecLevel=q", "ec=", "ec=LL",
		"chld=H|2", "chld=H|2&ec=L", "chld=|", "chld=|3&margin=4", "chld=Q|x", "chld=h|2&ec=H&margin=2",
		"cht=qr&choe=UTF-8", "cht=bar", "choe=Shift_JIS", "choe=utf8",
		"format=gif", "f=svgtiny", "type=base64", "output=json",
		"label=" + strings.Repeat("é", 65), "label=%FF%FE", "label=a%01b", "label=%EF%BF%BF", "label=a%0Ab", "tpl=frame", "template=poster",
		"SIZE=300&Size=400", "data=%00", "data=a;b",
	} {
		f.Add(seed, true)
		f.Add(seed, false)
	}
	f.Fuzz(func(t *testing.T, raw string, withData bool) {
		if len(raw) > 4096 {
			return
		}
		values, _ := url.ParseQuery(raw) // keeps what parses, as query() does
		r, errs := parseRendering(newQuery(values), withData)
		if r == nil {
			t.Fatal("nil Rendering")
		}
		if len(errs) == 0 {
			checkRendering(t, r, withData)
			return
		}
		for _, e := range errs {
			if e.field == "" || e.detail == "" {
				t.Errorf("error without field or detail: %+v", e)
			}
		}
		fix := apiTarget{path: "/api/v1/qr"}.url("", applyFixes(r.fixValues(), errs))
		_, rawFix, _ := strings.Cut(fix, "?")
		fixed, err := url.ParseQuery(rawFix)
		if err != nil {
			t.Fatalf("fix %q does not parse: %v", fix, err)
		}
		r2, errs2 := parseRendering(newQuery(fixed), withData)
		if len(errs2) > 0 {
			t.Fatalf("query %q: fix %q still has errors: %+v", raw, fix, errs2)
		}
		checkRendering(t, r2, withData)
	})
}

func checkRendering(t *testing.T, r *Rendering, withData bool) {
	t.Helper()
	o := r.Options
	if o.Size < render.MinSize || o.Size > render.MaxSize {
		t.Errorf("size %d accepted", o.Size)
	}
	if o.Margin < 0 || o.Margin > render.MaxMargin {
		t.Errorf("margin %d accepted", o.Margin)
	}
	if !slices.Contains(Formats, r.Format) {
		t.Errorf("format %q accepted", r.Format)
	}
	if !slices.Contains(render.ModuleStyles, o.Module) {
		t.Errorf("style %q accepted", o.Module)
	}
	if !slices.Contains(render.EyeStyles, o.Eye) {
		t.Errorf("eye %q accepted", o.Eye)
	}
	if f, b := o.EyeParts(); !slices.Contains(render.EyeFrames, f) || !slices.Contains(render.EyeBalls, b) {
		t.Errorf("eyeframe %q, eyeball %q accepted", f, b)
	}
	if !slices.Contains(render.Frames, o.Frame) {
		t.Errorf("tpl %q accepted", o.Frame)
	}
	if r.Level != render.LevelAuto && !slices.Contains(render.Levels, r.Level) {
		t.Errorf("level %q accepted", r.Level)
	}
	if drawableText(o.Label) != o.Label {
		t.Errorf("label %q accepted", o.Label)
	}
	if utf8.RuneCountInString(o.Label) > maxLabel {
		t.Errorf("label of %d runes accepted", utf8.RuneCountInString(o.Label))
	}
	if withData && r.Data == "" {
		t.Error("empty data accepted")
	}
}
