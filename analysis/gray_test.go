package analysis

import (
	"image"
	"image/color"
	"testing"
)

// TestGrayOfBoxesNoPixel: every image type the PNG, JPEG, GIF and WebP
// decoders return is read in place, without At, which boxes each pixel
// into an interface (a heap allocation per pixel, counted nowhere in
// CostOf), and gives the luma of At's colour composited onto white.
func TestGrayOfBoxesNoPixel(t *testing.T) {
	const side = 64
	r := image.Rect(0, 0, side, side)
	ycc := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
	nycca := image.NewNYCbCrA(r, image.YCbCrSubsampleRatio420)
	for i := range nycca.Y {
		ycc.Y[i], nycca.Y[i], nycca.A[i] = uint8(i*7), uint8(i*7), uint8(i*13)
	}
	for i := range nycca.Cb {
		ycc.Cb[i], nycca.Cb[i], nycca.Cr[i] = uint8(i*3), uint8(i*3), uint8(255-i*5)
		ycc.Cr[i] = nycca.Cr[i]
	}
	images := map[string]image.Image{
		"Gray": image.NewGray(r), "Gray16": image.NewGray16(r), "YCbCr": ycc, "NYCbCrA": nycca,
		"NRGBA": image.NewNRGBA(r), "NRGBA64": image.NewNRGBA64(r), "RGBA": image.NewRGBA(r),
		"RGBA64": image.NewRGBA64(r), "CMYK": image.NewCMYK(r),
		"Paletted": image.NewPaletted(r, color.Palette{color.White, color.NRGBA{0, 0, 0, 128}}),
	}
	for name, img := range images {
		if allocs := testing.AllocsPerRun(3, func() { grayOf(img) }); allocs > 4 {
			t.Errorf("%s: %v allocations for %d pixels", name, allocs, side*side)
		}
		if name == "YCbCr" {
			continue // the Y plane is taken as the luma, as JPEG's is
		}
		g := grayOf(img)
		for y := 0; y < side; y++ {
			for x := 0; x < side; x++ {
				if got, want := g.GrayAt(x, y).Y, lumaOnWhite(img.At(x, y)); got != want {
					t.Fatalf("%s at %d,%d: luma %d, want %d", name, x, y, got, want)
				}
			}
		}
	}
}
