package service

import (
	"context"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
)

// designCheckNames are verify's checks of the drawing itself, the ones
// generation warns of in the same words.
var designCheckNames = []string{"contrast", "quiet_zone", "module_size", "polarity", "style_risk", "decoders"}

// A design verify doubts is never drawn without a word: for a spread of
// designs (module styles, eyes, frames and balls, logos, frame templates,
// margins, sizes, colours, payloads), generation's warnings are exactly
// the design checks verify warns of or fails, each under the check's
// name and in its words, in Image.Warning (X-QR-Warning) and in Warnings
// (the editor's, on their options). Before, generation sent none of
// quiet_zone, module_size, style_risk and decoders, and zbar and
// zxing-cpp 3 missed designs verify warned of that came back without a
// word (docs/decoders.md, "Warnings of the design").
func TestGenerationWarnsOfWhatVerifyDoubts(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	designs := []string{
		// The three designs zxing-cpp 3 and zbar were measured to miss.
		"data=qrforge&style=heart&eye=rounded&color=1b5e20&logo=heart&logosize=0.3&margin=2&size=408",
		"data=https://qrforge.example/menu/table-12?lang=en&style=small-dots&logo=user&logosize=0.3&tpl=banner-above&margin=2&size=400",
		"type=vcard&fn=John&ln=Doe&org=Example%2C+Inc.&title=Engineer&phone=%2B15550100&email=john%40example.com&url=https%3A%2F%2Fexample.com&eye=squircle&logo=user&size=300",
		// Nothing to doubt.
		"data=qrforge",
	}
	r := rand.New(rand.NewPCG(2026, 12))
	one := func(of ...string) string { return of[r.IntN(len(of))] }
	for range 60 {
		v := url.Values{}
		v.Set("data", one("qrforge", "https://qrforge.example/menu/table-12?lang=en", strings.Repeat("https://example.com/a-longer-path/", 4)))
		v.Set("style", string(render.ModuleStyles[r.IntN(len(render.ModuleStyles))]))
		switch r.IntN(3) {
		case 0:
			v.Set("eye", string(render.EyeStyles[r.IntN(len(render.EyeStyles))]))
		case 1:
			v.Set("eyeframe", string(render.EyeFrames[r.IntN(len(render.EyeFrames))]))
			v.Set("eyeball", string(render.EyeBalls[r.IntN(len(render.EyeBalls))]))
		}
		if r.IntN(2) == 0 {
			v.Set("logo", one("user", "heart", "wifi", "link"))
			v.Set("logosize", one("0.2", "0.25", "0.3"))
		}
		if r.IntN(3) == 0 {
			v.Set("tpl", string(render.Frames[1+r.IntN(len(render.Frames)-1)]))
		}
		if r.IntN(4) == 0 {
			v.Set("color", one("999999", "777777", "1b5e20", "ffffff"))
			if v.Get("color") == "ffffff" {
				v.Set("bg", "000000")
			}
		}
		v.Set("margin", one("1", "2", "3", "4", "4", "4", "6"))
		v.Set("size", strconv.Itoa(200+r.IntN(801)))
		designs = append(designs, v.Encode())
	}

	ctx := context.Background()
	warned, quiet := 0, 0
	for _, design := range designs {
		v, err := url.ParseQuery(design)
		if err != nil {
			t.Fatal(err)
		}
		gen := Request{Params: v}
		if kind := v.Get("type"); kind != "" {
			gen.Kind, gen.Params = kind, cloneValues(v)
			gen.Params.Del("type")
		}
		img, p := svc.Generate(ctx, gen, "")
		ver, vp := svc.Verify(ctx, Request{Params: withValue(cloneValues(v), "robustness", "off")})
		if (p == nil) != (vp == nil) {
			t.Fatalf("%s: generation's problem %v, verify's %v", design, p, vp)
		}
		if p != nil {
			continue // refused alike, with a fix
		}
		var want []string
		for _, c := range ver.Checks {
			if slices.Contains(designCheckNames, c.Name) && c.Status != StatusPass {
				want = append(want, c.Name+": "+c.Message)
			}
		}
		var got []string
		for _, w := range svc.Warnings(ctx, gen) {
			if w.Code != "" {
				got = append(got, w.Code+": "+w.Detail)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\ngeneration warns %q\nverify warns     %q", design, got, want)
		}
		for _, w := range want {
			if !strings.Contains(img.Warning, w) {
				t.Errorf("%s: X-QR-Warning %q lacks verify's %q", design, img.Warning, w)
			}
		}
		if len(want) > 0 {
			warned++
		} else {
			quiet++
		}
	}
	if warned < 10 || quiet < 4 {
		t.Errorf("%d designs warned and %d did not: the spread no longer tests both", warned, quiet)
	}
	t.Logf("%d designs, %d warned", len(designs), warned)
}
