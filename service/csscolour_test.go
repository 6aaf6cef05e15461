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

// Three numbers from 0 to 255 between commas or spaces, rgb() without its
// name, were fixed to the default black: color=255,0,0 is red.
func TestBareRGBIsFixedToItsColour(t *testing.T) {
	for v, want := range map[string]string{
		"255,0,0":      "ff0000",
		"255, 0, 0":    "ff0000",
		"0 128 255":    "0080ff",
		" 10,20 , 30 ": "0a141e",
	} {
		got, _, ok := colourMeant(v, false)
		if !ok || got != want {
			t.Errorf("%q: %q, %v; want %s", v, got, ok, want)
		}
	}
	for _, v := range []string{"256,0,0", "255,0", "255,0,0,0", "1.5,0,0", "-1,0,0"} {
		if got, _, ok := colourMeant(v, false); ok {
			t.Errorf("%q read as %s", v, got)
		}
	}
}
