package service

import "testing"

// CSS hsl() is fixed to the colour it names, as rgb() is, not to the
// default black: the values are CSS Color Module Level 4 §7's.
func TestCSSHSLIsFixedToItsColour(t *testing.T) {
	for v, want := range map[string]string{
		"hsl(240,100%,50%)":        "0000ff",
		"hsl(0 100% 50%)":          "ff0000",
		"hsl(120deg, 100%, 25%)":   "008000",
		"hsla(240, 100%, 50%, .5)": "0000ff80",
		"hsl(-120,100%,50%)":       "0000ff",
		"hsl(0,0%,100%)":           "ffffff",
	} {
		got, _, ok := colourMeant(v, true)
		if !ok || got != want {
			t.Errorf("%s: %q, %v; want %s", v, got, ok, want)
		}
	}
	if _, _, ok := colourMeant("hsl(a,b,c)", false); ok {
		t.Error("hsl(a,b,c) read as a colour")
	}
}
