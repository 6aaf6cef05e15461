package service

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // decode reads GIF
	_ "image/jpeg" // decode reads JPEG
	_ "image/png"  // decode reads PNG
	"runtime"

	"github.com/qrforge/qrforge/analysis"
	_ "golang.org/x/image/webp" // decode reads WebP (lossy and lossless)
)

// Limits of POST /api/v1/decode. A compressed image can declare far more
// pixels than its bytes suggest (a "decompression bomb": a few kilobytes of
// PNG can claim 100000×100000 pixels, 40 GB of RGBA), so dimensions are
// checked from the header before any pixel is decoded.
const (
	maxImageBytes  = 10 << 20 // the default; Config.MaxUpload changes it
	MaxImagePixels = 40_000_000
	MaxImageSide   = 10_000
)

// ImageTypes are the media types decode reads, in documentation order.
var ImageTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp"}

// decodeSlots bounds how many images are decoded at once: a 40-megapixel
// image takes about 200 MB while it is read, so requests beyond the
// processors available wait their turn instead of adding up.
var decodeSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))

// DecodeResult is one code found in an image (analysis.Code).
type DecodeResult = analysis.Code

// Decode reads every QR code in an image file (POST /api/v1/decode).
// field names where the image came from, for problems. Images are decoded
// a few at a time (decodeSlots); a cancelled ctx stops the wait.
func (s *Service) Decode(ctx context.Context, image []byte, field string) ([]DecodeResult, *Problem) {
	select {
	case decodeSlots <- struct{}{}:
		defer func() { <-decodeSlots }()
	case <-ctx.Done():
		return nil, s.Problem(KindBadRequest, "the request was cancelled before the image was decoded", field, "")
	}
	img, p := s.decodeImage(image, field)
	if p != nil {
		return nil, p
	}
	results := analysis.Scan(img)
	if len(results) == 0 {
		return nil, s.Problem(KindNoCodeFound,
			fmt.Sprintf("the %dx%d image decoded, but no QR code was found in it. Crop to the code and its quiet zone, make sure it is in focus and evenly lit, and at least 2 pixels per module; the fix decodes a code qrforge made, to show what reads", img.Bounds().Dx(), img.Bounds().Dy()),
			field, s.decodeSampleFix())
	}
	return results, nil
}

// decodeImage checks the declared dimensions, then decodes the pixels.
func (s *Service) decodeImage(b []byte, field string) (image.Image, *Problem) {
	notImage := func(detail string) *Problem {
		return s.Problem(KindInvalidParameter, detail, field, s.DecodeCurl("image/png", "code.png"))
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if errors.Is(err, image.ErrFormat) {
		return nil, notImage(fmt.Sprintf("the %d bytes sent are not a PNG, JPEG, GIF or WebP image", len(b)))
	}
	if err != nil {
		return nil, notImage("the image header cannot be read: " + err.Error())
	}
	if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide || cfg.Width*cfg.Height > MaxImagePixels {
		return nil, s.Problem(KindPayloadTooLarge,
			fmt.Sprintf("the %s declares %dx%d pixels; at most %d pixels a side and %d megapixels are decoded. A small compressed file can declare a huge image (a decompression bomb), so sizes are checked before decoding. Scale the image down: a QR code reads well at a few hundred pixels a side",
				format, cfg.Width, cfg.Height, MaxImageSide, MaxImagePixels/1_000_000),
			field, s.DecodeCurl("image/"+format, "smaller."+format))
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, notImage(fmt.Sprintf("the %s image is damaged: %v", format, err))
	}
	return img, nil
}

// DecodeCurl is a runnable upload of a file of the given type.
func (s *Service) DecodeCurl(mediaType, file string) string {
	return "curl -X POST '" + s.baseURL + "/api/v1/decode' -H 'Content-Type: " + mediaType + "' --data-binary @" + file
}

// DecodeFormCurl is a runnable multipart upload.
func (s *Service) DecodeFormCurl() string {
	return "curl -X POST '" + s.baseURL + "/api/v1/decode' -F 'file=@code.png'"
}

// decodeSampleFix makes a code and decodes it: a call that shows what a
// readable image looks like.
func (s *Service) decodeSampleFix() string {
	return "curl -s '" + s.baseURL + "/api/v1/qr?data=Hello' | " + s.DecodeCurl("image/png", "-")
}
