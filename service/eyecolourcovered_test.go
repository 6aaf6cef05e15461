package service

import (
	"net/url"
	"strings"
	"testing"
)

// eyecolor beside both eyeframecolor and eyeballcolor, which colour every
// eye's ring and centre, changed nothing: the image was the same to the
// byte, and no warning said so. It is now refused, as any option that
// would change nothing is, with a fix that drops it and draws.
func TestEyeColourCoveredByFrameAndBallIsRefused(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	q := "data=hi&eyecolor=ff0000&eyeframecolor=0000ff&eyeballcolor=008000"
	_, p := generate(t, svc, Request{Query: q})
	if p == nil || p.Field != "eyecolor" || !strings.Contains(p.Detail, "changes nothing") {
		t.Fatalf("%s: %+v, want eyecolor refused as changing nothing", q, p)
	}
	if _, has := fixOf(t, p, "eyecolor"); has {
		t.Errorf("fix %s keeps eyecolor", p.Fix)
	}
	for _, name := range []string{"eyeframecolor", "eyeballcolor"} {
		if _, has := fixOf(t, p, name); !has {
			t.Errorf("fix %s drops %s", p.Fix, name)
		}
	}
	u, _ := url.Parse(p.Fix)
	if _, again := generate(t, svc, Request{Query: u.RawQuery}); again != nil {
		t.Errorf("following %s: %s", p.Fix, again.Detail)
	}
	// With one part left to it, eyecolor still colours that part.
	if _, p := generate(t, svc, Request{Query: "data=hi&eyecolor=ff0000&eyeframecolor=0000ff"}); p != nil {
		t.Errorf("eyecolor with eyeframecolor alone: %s", p.Detail)
	}
}
