package render

import (
	"bytes"
	"image"
	"testing"
)

// TestDerivedPicturesAreKeptByPicture checks that a picture logo draws the
// same bytes whether what it derives is kept or derived anew, in every
// format that derives something, and that another picture of the same
// size is not served what the first derived.
func TestDerivedPicturesAreKeptByPicture(t *testing.T) {
	first, second := benchPicture(120), benchPicture(120)
	for i := 0; i < len(second.Pix); i += 4 {
		second.Pix[i] = 255 - second.Pix[i]
	}
	formats := map[string]func(*Symbol, Options) ([]byte, error){"png": PNG, "svg": SVG, "pdf": PDF}
	for name, render := range formats {
		t.Run(name, func(t *testing.T) {
			draw := func(pic *image.NRGBA, cmyk bool) []byte {
				o := DefaultOptions()
				o.Print.CMYK = cmyk
				o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Image: pic}
				b, err := render(encodeFor(t, "https://example.com/kept", &o), o)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			clearPictures()
			fresh := draw(first, false)
			if kept := draw(first, false); !bytes.Equal(kept, fresh) {
				t.Error("the picture drawn from the cache differs from the one derived anew")
			}
			if other := draw(second, false); bytes.Equal(other, fresh) {
				t.Error("another picture of the same size drew the first one's bytes")
			}
			if name == "pdf" {
				// Each drawn after the other kept its picture's samples.
				clearPictures()
				cmyk := draw(first, true)
				if rgb := draw(first, false); !bytes.Equal(rgb, fresh) {
					t.Error("an RGB page was served the CMYK page's picture")
				}
				clearPictures()
				draw(first, false)
				if again := draw(first, true); !bytes.Equal(again, cmyk) {
					t.Error("a CMYK page was served the RGB page's picture")
				}
			}
		})
	}
}

// TestPictureCacheStaysInItsBudget fills the cache with more than its
// budget and checks that it holds no more.
func TestPictureCacheStaysInItsBudget(t *testing.T) {
	clearPictures()
	pic := benchPicture(64)
	for i := range 64 {
		side := 300 + i
		derived(pictureKey{src: pic, form: formScaled, w: side, h: side}, func() (*image.RGBA, int) {
			return nil, 4 * side * side
		})
		if pictures.bytes > picturesBudget {
			t.Fatalf("after %d pictures the cache holds %d bytes, over its %d", i+1, pictures.bytes, picturesBudget)
		}
	}
}

func clearPictures() {
	pictures.Lock()
	defer pictures.Unlock()
	pictures.derived, pictures.bytes = nil, 0
}
