package service

import (
	"math"
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
// fuzzService writes the fixes FuzzParseRendering follows.
var fuzzService = New(Config{})

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
		"eyeframe=cut&eyeball=dot", "eyeframe=octagn&pupil=circle", "eYefrAme=0t&eYe", "eye=&eyeball=ct&eyeframe=squarr", "eye=leaf&eye_frame=pointed&eyecentre=", "eyeball=diamond",
		"ec=X", "ecLevel=q", "ec=", "ec=LL",
		"chld=H|2", "chld=H|2&ec=L", "chld=|", "chld=|3&margin=4", "chld=Q|x", "chld=h|2&ec=H&margin=2",
		"cht=qr&choe=UTF-8", "cht=bar", "choe=Shift_JIS", "choe=utf8",
		"format=gif", "f=svgtiny", "type=base64", "output=json",
		"label=" + strings.Repeat("é", 65), "label=%FF%FE", "label=a%01b", "label=%EF%BF%BF", "label=a%0Ab", "tpl=frame", "template=poster",
		"tpl=bubble&framecolor=ffd700", "tpl=box&textcolor=eee&label=%E6%9D%B1%F0%9F%98%80", "tpl=corners&margin=0", "frame=Banner_Above&textcolour=zz&font=mnoo",
		"SIZE=300&Size=400", "data=%00", "data=a;b",
		"size=30mm", "size=3CM&dpi=600", "size=1.2in&format=pdf", "size=1000mm", "size=5mm", "size=20in&dpi=72",
		"size=.5mm", "size=-3cm", "size=1e2mm", "size=NaNmm", "size=Infin", "size=30 mm", "size=512px", "size=30mmx30mm",
		"Chld=1&Chld", "chld=1&chld=2",
		"gradient=linear", "gradient=conic&gradientcolors=000,333", "gradientcolors=000,fff", "gradientcolors=000@50,333@10",
		"gradient=radial&gradientcolors=000,333&gradientangle=90", "gradientangle=999", "gradientcolors=000,333&bg=000",
		"eyecolor=eee", "eyeframecolor=000,111", "eyeballcolor=zz", "eyecolor=000,111,222&eyeballcolor=f00",
		"append=auto", "append=3&appendlayout=json", "parts=17", "append=1", "append=x&appendlayout=grid", "appendlayout=row",
		"append=2&appendlayout=row&format=svg&tpl=box&label=a&margin=0", "structured_append=16&symbol=micro", "append=%2016%20&append_layout=ROW",
		"dpi=10", "dpi=9600", "size=340mm&dpi=10000", "size=5mm&dpi=abc", "ppi=abc", "resolution=300&size=100", "cmyk=true", "cmyk=maybe", "format=eps&cmyk=1",
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
		// The fix is the one a caller gets: values right alone but wrong
		// together (symbol=micro with append) are settled by invalid.
		fix := fuzzService.invalid(r, errs, apiTarget{path: "/api/v1/qr"}).Fix
		if fix == "" {
			return // only the caller can give the value: no fix, an example
		}
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
	if p := o.Print; p.DPI != 0 && (p.DPI < render.MinDPI || p.DPI > render.MaxDPI) || p.Points < 0 || p.Points > 0 && p.DPI == 0 {
		t.Errorf("print %+v accepted", p)
	}
	if p := o.Print; p.Points > 0 && math.Abs(p.Points/render.PointsPerInch*float64(p.DPI)-float64(o.Size)) > 0.5+1e-9 {
		t.Errorf("%g points at %d dpi drawn as %d pixels", p.Points, p.DPI, o.Size)
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
