package render

import (
	"image"
	"image/color"
	"sync"
)

// What drawing a picture logo derives from the picture (resampled for a
// PNG, encoded as PNG for an SVG, flattened and compressed for a PDF) is
// kept by the picture's address: the service hands one decoded picture
// to every drawing of a logo file, and deriving took most of the time of
// a 512 px code with a picture logo. The cache holds its pictures too, so
// an address is never reused while its key is kept. Like the tile cache,
// it is emptied when full.

type pictureKey struct {
	src   *image.NRGBA
	form  pictureForm
	w, h  int
	under color.NRGBA // what a flattened picture lies on
}

type pictureForm uint8

const (
	formScaled        pictureForm = iota // premultiplied RGBA, w×h
	formSVG                              // a PNG file of w×h pixels
	formPDF                              // deflated RGB samples over under
	formPDFCMYK                          // deflated CMYK samples over under
	formPDFColour                        // deflated RGB samples, not composited
	formPDFColourCMYK                    // deflated CMYK samples, not composited
	formPDFAlpha                         // deflated opacities, a soft mask
)

var pictures struct {
	sync.Mutex
	derived map[pictureKey]any
	bytes   int
}

const picturesBudget = 16 << 20

// derived returns what build derives for k, building it when the cache
// does not hold it; build also reports its size in bytes.
func derived[T any](k pictureKey, build func() (T, int)) T {
	pictures.Lock()
	v, ok := pictures.derived[k]
	pictures.Unlock()
	if ok {
		return v.(T)
	}
	out, size := build()
	if size > picturesBudget/4 {
		return out
	}
	pictures.Lock()
	defer pictures.Unlock()
	if pictures.derived == nil || pictures.bytes+size > picturesBudget {
		pictures.derived = map[pictureKey]any{}
		pictures.bytes = 0
	}
	pictures.derived[k] = out
	pictures.bytes += size
	return out
}
