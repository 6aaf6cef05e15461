package render

import (
	"bytes"
	"image"
	"image/color"
	_ "image/gif"
	_ "image/jpeg"
	"testing"
)

// A translucent ink over an opaque background is drawn as an SVG or PDF
// viewer shows it, laid over the background: a raster pixel holds one
// colour, and 60 % black over red was written as 60 % black alone, which
// shows grey on a white page, lighter than the red, and read on no decoder.
// Every pixel is then opaque, and the darkest is black laid over red.
func TestTranslucentInksAreLaidOverTheBackground(t *testing.T) {
	s, err := Encode("https://example.com/x", LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	red, seeThrough := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 0, 0x99}
	want := over(seeThrough, red) // 102, 0, 0
	for _, c := range []struct {
		name   string
		render func(*Symbol, Options) ([]byte, error)
		set    func(*Options)
		slack  int // JPEG's ringing at edges
	}{
		{"png square", PNG, func(*Options) {}, 0},
		{"png rounded", PNG, func(o *Options) { o.Module = ModuleRounded }, 0},
		{"png gradient", PNG, func(o *Options) {
			o.Gradient = &Gradient{Kind: GradientLinear, Stops: []Stop{{0, seeThrough}, {1, seeThrough}}}
		}, 0},
		{"png eye colours", PNG, func(o *Options) {
			o.Foreground = color.NRGBA{200, 0, 0, 255} // lighter than the eyes' ink over red
			o.EyeColors = [3]EyeColors{{seeThrough, seeThrough}, {seeThrough, seeThrough}, {seeThrough, seeThrough}}
		}, 0},
		{"gif", GIF, func(*Options) {}, 0},
		{"jpeg", JPEG, func(*Options) {}, 40},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := DefaultOptions()
			o.Size, o.Foreground, o.Background = 300, seeThrough, red
			c.set(&o)
			b, err := c.render(s, o)
			if err != nil {
				t.Fatal(err)
			}
			img, _, err := image.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			darkest := color.NRGBA{255, 255, 255, 255}
			for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
				for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
					p := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
					if p.A != 255 {
						t.Fatalf("pixel (%d, %d) is %v: over an opaque background every pixel is opaque", x, y, p)
					}
					if p.R < darkest.R {
						darkest = p
					}
				}
			}
			if d := int(darkest.R) - int(want.R); d < -c.slack || d > c.slack || int(darkest.G) > c.slack || int(darkest.B) > c.slack {
				t.Errorf("darkest pixel %v, want %v, the ink laid over the background", darkest, want)
			}
			if o.Foreground.A == 255 {
				return // modules in a red too light to read; the eyes are the test
			}
			if got := decodeImage(t, img); got != "https://example.com/x" {
				t.Errorf("decoded %q", got)
			}
		})
	}
}
