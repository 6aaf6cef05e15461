package render

import (
	"errors"
	"testing"
)

// Octagon eyes need three pixels a module, as a logo does: zxing-cpp 3
// missed their cut corners at two (versions 12 and 14, 182 to 242 px),
// with the frame or the ball alone octagonal too. Other eyes draw at two.
func TestOctagonEyesNeedThreePixelsAModule(t *testing.T) {
	s, err := Encode(version10Payload, LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		set  func(*Options)
		px   int
	}{
		{"octagon", func(o *Options) { o.Eye = EyeOctagon }, 3},
		{"octagon frame", func(o *Options) { o.EyeFrame = EyeFrameOctagon }, 3},
		{"octagon ball", func(o *Options) { o.EyeBall = EyeBallOctagon }, 3},
		{"squircle", func(o *Options) { o.Eye = EyeSquircle }, 2},
	} {
		o := DefaultOptions()
		c.set(&o)
		o.Size = CanvasModules(s, o) * 2
		_, err := PNG(s, o)
		var se *SizeError
		switch {
		case c.px == 2 && err != nil:
			t.Errorf("%s at 2 px a module: %v", c.name, err)
		case c.px == 3 && (!errors.As(err, &se) || se.Pixels != 3):
			t.Errorf("%s at 2 px a module: %v, want a SizeError asking 3", c.name, err)
		}
	}
}
