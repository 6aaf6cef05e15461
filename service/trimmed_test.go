package service

import (
	"context"
	"net/url"
	"testing"

	"github.com/qrforge/qrforge/options"
)

// A rendering option's value is read without the spaces around it, as
// colours always were: format=+png was refused while color=+red drew red.
// The data keeps its spaces (README "Options").
func TestOptionValuesAreReadWithoutSpacesAround(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	ctx := context.Background()
	render := func(params url.Values) string {
		img, p := s.Generate(ctx, Request{Params: params}, "")
		if p != nil {
			return "problem: " + p.Detail
		}
		return string(img.Body)
	}
	tried := 0
	for _, o := range options.Rendering {
		if o.Name == options.Data.Name || o.Name == options.Label.Name || o.Compat != "" || o.Example == "" {
			continue
		}
		params := func(v string) url.Values {
			p := url.Values{options.Data.Name: {"12345"}, o.Name: {v}}
			for _, n := range o.Needs {
				if need, ok := options.Named(n); ok {
					p.Set(need.Name, need.Example)
				}
			}
			return p
		}
		plain := render(params(o.Example))
		for _, spaced := range []string{" " + o.Example, o.Example + " ", "\t" + o.Example + " "} {
			tried++
			if got := render(params(spaced)); got != plain {
				t.Errorf("%s=%q: %.120s; %s=%q: %.120s", o.Name, spaced, got, o.Name, o.Example, plain)
			}
		}
	}
	if tried < 60 {
		t.Errorf("tried %d values", tried)
	}
	// The data keeps its spaces.
	if render(url.Values{options.Data.Name: {" hi "}}) == render(url.Values{options.Data.Name: {"hi"}}) {
		t.Error("data= hi  is drawn as data=hi")
	}
}
