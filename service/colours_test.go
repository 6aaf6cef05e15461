package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

// TestColourFixesKeepTheCallersColours: a colour that is not one is fixed
// to the colour meant (a CSS name a typo away, CSS rgb() as hex), the
// caller's other colours are kept, and when nothing is close the detail
// says so and the fix takes the option's default; no colour is made up
// (README "Errors").
func TestColourFixesKeepTheCallersColours(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		query, fix, says string
	}{
		{"eyecolor=navy,maroon", "eyecolor=000080", "keeps the first"},
		{"eyecolor=red,blue,navvy", "eyecolor=ff0000%2C0000ff%2C000080", "did you mean navy?"},
		{"eyecolor=red,green,blue,navy", "eyecolor=ff0000%2C008000%2C0000ff", "first three"},
		{"gradientcolors=navy,purpel", "gradientcolors=000080%400%2C800080%40100", "did you mean purple?"},
		{"gradientcolors=navy,zzzzzz", "gradientcolors=000080%400%2C000000%40100", "nothing is close"},
		{"gradientcolors=navy,rgb(128,0,128)", "gradientcolors=000080%400%2C800080%40100", "rgb()"},
		{"gradientcolors=000,111,222,333,000,111,222,333,444", "gradientcolors=000000%400%2C111111%4014.285714285714285%2C222222%4028.57142857142857%2C333333%4042.857142857142854%2C000000%4057.14285714285714%2C111111%4071.42857142857143%2C222222%4085.71428571428571%2C333333%40100", "keeps the first 8"},
		{"gradientcolors=navy@50,purple@20", "gradientcolors=000080%400%2C800080%40100", "leaves the places out"},
		{"gradientcolors=red", "", "made up"},
		{"gradient=linear&gradientcolors=red", "", "made up"},
		{"gradientcolors=a,b,c,d,e,f,0,1,2", "", "drops the gradient"},
		{"gradient=radial", "", "drops gradient"},
		{"bg=transparant", "bg=transparent", "did you mean transparent?"},
		{"color=navvy", "color=000080", "did you mean navy?"},
		{"color=purpel", "color=800080", "did you mean purple?"},
		{"color=tael", "color=008080", "did you mean teal?"},
		{"color=rgb(255,0,0)", "color=ff0000", "rgb()"},
		{"color=300-0-0", "color=ff0000", "clamps"},
		{"color=zzzzzz", "color=000000", "nothing is close, and the fix takes 000000"},
		{"tpl=box&framecolor=reed", "tpl=box&framecolor=ff0000", "did you mean red?"},
	} {
		_, p := svc.Generate(context.Background(), service.Request{Query: "data=hello&" + c.query}, "")
		if p == nil {
			t.Errorf("%s: answered", c.query)
			continue
		}
		if want := "http://qr.test/api/v1/qr?data=hello"; c.fix != "" {
			want += "&" + c.fix
			if p.Fix != want {
				t.Errorf("%s: fix %s, want %s (%s)", c.query, p.Fix, want, p.Detail)
			}
		} else if p.Fix != want {
			t.Errorf("%s: fix %s, want %s, the gradient dropped (%s)", c.query, p.Fix, want, p.Detail)
		}
		if !strings.Contains(p.Detail, c.says) {
			t.Errorf("%s: detail %q does not say %q", c.query, p.Detail, c.says)
		}
		if _, fp := svc.Generate(context.Background(), service.Request{Query: strings.TrimPrefix(p.Fix, "http://qr.test/api/v1/qr?")}, ""); fp != nil {
			t.Errorf("%s: fix %s: %s", c.query, p.Fix, fp.Detail)
		}
	}
}

// TestShortFormFixKeepsTheExtension: a fix of /q/ keeps the extension as
// the caller wrote it, .jpg as .jpg.
func TestShortFormFixKeepsTheExtension(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ path, query, fix string }{
		{"hello.jpg", "bg=transparent", "http://qr.test/q/hello.jpg"},
		{"hello.JPG", "size=5000", "http://qr.test/q/hello.JPG?size=4096"},
		{"hello.ps", "size=5000", "http://qr.test/q/hello.ps?size=4096"},
	} {
		_, p := svc.Generate(context.Background(), service.Request{Short: true, Path: c.path, Query: c.query}, "")
		if p == nil || p.Fix != c.fix {
			t.Errorf("/q/%s?%s: %+v, want fix %s", c.path, c.query, p, c.fix)
		}
	}
}
