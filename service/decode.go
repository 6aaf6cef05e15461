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
	"math"
	"time"

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
var ImageTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"}

// DecodeResult is one code found in an image (analysis.Code).
type DecodeResult = analysis.Code

// DecodeSet is a structured append set among the codes of an image
// (analysis.Set).
type DecodeSet = analysis.Set

// Sets gathers the structured append sets among decoded codes, each with
// its parts in order and, when complete, their text joined; nil when no
// code belongs to one (ISO/IEC 18004:2015 §8).
func Sets(results []DecodeResult) []DecodeSet { return analysis.Sets(results) }

// Decode reads every QR code in an image file, or its Micro QR and rMQR
// codes when it has no QR Code (POST /api/v1/decode).
// field names where the image came from, for problems. The header says
// what decoding will take (analysis.CostOf), which is reserved from the
// memory budget before a pixel is decoded.
func (s *Service) Decode(ctx context.Context, image []byte, field string) ([]DecodeResult, *Problem) {
	if looksLikeXML(image) {
		return s.decodeSVG(ctx, image, field)
	}
	cost, p := s.imageCost(image, field)
	if p != nil {
		return nil, p
	}
	// The pipeline's passes after the first hold a bounded working copy
	// beyond what scanning the image takes (analysis.ReadExtraBytes).
	cost.Bytes += analysis.ReadExtraBytes
	release, p := s.admit(ctx, cost.Bytes, func(limit int64) *Problem {
		return s.imageTooLarge(cost, limit, field)
	})
	if p != nil {
		return nil, p
	}
	defer release()
	img, p := s.decodeImage(image, cost, field)
	if p != nil {
		return nil, p
	}
	results, p := s.readCodes(ctx, img, image, field)
	if p == nil && cost.Format == "jpeg" {
		// A phone stores a photo as its sensor saw it and says in Exif
		// how to turn it for showing; bounds are in the picture as shown.
		results = analysis.Oriented(results, analysis.JPEGOrientation(image), img.Bounds().Dx(), img.Bounds().Dy())
	}
	return results, p
}

// readCodes reads the codes of a decoded image: the pipeline stops at its
// first pass that reads a code, or when its budget of attempts and time is
// spent (docs/decode.md).
func (s *Service) readCodes(ctx context.Context, img image.Image, file []byte, field string) ([]DecodeResult, *Problem) {
	results, _ := analysis.Read(ctx, img, analysis.DefaultBudget)
	if len(results) == 0 {
		detail := fmt.Sprintf("the %dx%d image decoded, but no QR code was found in it. Crop to the code and its quiet zone, make sure it is in focus and evenly lit, and at least 2 pixels per module; the fix decodes a code qrforge made, to show what reads", img.Bounds().Dx(), img.Bounds().Dy())
		if n := analysis.GIFFrames(file); n > 1 {
			detail = fmt.Sprintf("the GIF has %d frames and only the first, %dx%d, is read: no QR code was found in it. Send the frame that shows the code as a PNG; the fix decodes a code qrforge made, to show what reads", n, img.Bounds().Dx(), img.Bounds().Dy())
		}
		return nil, s.Problem(KindNoCodeFound, detail, field, s.decodeSampleFix())
	}
	s.warnExpired(results)
	return results, nil
}

// warnExpired adds to the warning of each payment code past its expiry
// at the time of the request (expiredWarnings).
func (s *Service) warnExpired(results []DecodeResult) {
	now := s.clock()
	for i, r := range results {
		at, err := time.Parse(time.RFC3339Nano, r.Expires)
		if err != nil || now.Before(at) {
			continue
		}
		w := fmt.Sprintf("the payment expired at %s, %s ago: payers' apps are not to pay it after that", r.Expires, roughly(now.Sub(at)))
		if r.Warning != "" {
			w = r.Warning + "; " + w
		}
		results[i].Warning = w
	}
}

// imageCost reads the header: the format, the declared size and what
// decoding will take.
func (s *Service) imageCost(b []byte, field string) (analysis.ImageCost, *Problem) {
	notImage := func(detail string) *Problem {
		return s.Problem(KindInvalidParameter, detail, field, s.DecodeCurl("image/png", "code.png"))
	}
	cost, err := analysis.CostOf(b)
	if errors.Is(err, analysis.ErrNotImage) {
		return cost, notImage(fmt.Sprintf("the %d bytes sent are not a PNG, JPEG, GIF, WebP or SVG image", len(b)))
	}
	if refused := (*analysis.RefusedError)(nil); errors.As(err, &refused) {
		return cost, notImage("the image is refused: " + err.Error())
	}
	if err != nil {
		return cost, notImage("the image header cannot be read: " + err.Error())
	}
	if cost.Width > MaxImageSide || cost.Height > MaxImageSide || cost.Width*cost.Height > MaxImagePixels {
		return cost, s.Problem(KindPayloadTooLarge,
			fmt.Sprintf("the %s declares %dx%d pixels; at most %d pixels a side and %d megapixels are decoded. A small compressed file can declare a huge image (a decompression bomb), so sizes are checked before decoding. Scale the image down: a QR code reads well at a few hundred pixels a side",
				cost.Format, cost.Width, cost.Height, MaxImageSide, MaxImagePixels/1_000_000),
			field, s.DecodeCurl("image/"+cost.Format, "smaller."+cost.Format))
	}
	return cost, nil
}

// imageTooLarge refuses an image whose decoding needs more than the
// memory budget allows one request, and says how far to scale it down.
func (s *Service) imageTooLarge(cost analysis.ImageCost, limit int64, field string) *Problem {
	// The size named is the one at which the fix's file fits: an 8-bit
	// PNG (-depth 8), which a colour image makes RGB or RGBA, 4 bytes a
	// pixel decoded (analysis.CostOf), more than a JPEG's 3. Only the
	// part of the cost that grows with the pixels shrinks with them; the
	// rest is the pipeline's bounded working copy and the file, at most
	// the upload limit.
	const pngPerPixel = 4 + analysis.ScanBytesPerPixel
	pixels := float64(cost.Width) * float64(cost.Height)
	fixed := float64(analysis.ReadExtraBytes + s.MaxUpload)
	scale := 0.0
	if perImage := pngPerPixel * pixels; perImage > 0 {
		scale = min(1, math.Sqrt(max(0, float64(limit-int64(1<<20))-fixed)/perImage))
	}
	w, h := int(float64(cost.Width)*scale), int(float64(cost.Height)*scale)
	return s.Problem(KindPayloadTooLarge,
		fmt.Sprintf("decoding this %dx%d %s takes about %s (%.0f bytes a pixel in its colour model and layout), more than this instance's memory budget allows one request (%s). Scale it down to %dx%d pixels or less, saved as an 8-bit PNG as the fix does: a QR code reads well at a few hundred pixels a side",
			cost.Width, cost.Height, cost.Format, SizeText(cost.Bytes), cost.PerPixel, SizeText(limit), w, h),
		field, fmt.Sprintf("convert code.%s -resize %dx%d -depth 8 smaller.png && ", cost.Format, w, h)+s.DecodeCurl("image/png", "smaller.png"))
}

// decodeImage decodes the pixels of an image whose header was read.
func (s *Service) decodeImage(b []byte, cost analysis.ImageCost, field string) (image.Image, *Problem) {
	notImage := func(detail string) *Problem {
		return s.Problem(KindInvalidParameter, detail, field, s.DecodeCurl("image/png", "code.png"))
	}
	format := cost.Format
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

// FormCurl sends a query too long for a URL as the POST body of path, a
// generation path, which takes the GET's parameters as a form: the
// caller's own call, in a shape that has room for it.
func (s *Service) FormCurl(path, rawQuery string) string {
	return "curl -X POST '" + s.baseURL + path + "' -H 'Content-Type: application/x-www-form-urlencoded' --data-binary " + shellQuote(rawQuery)
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
