package mcp

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // decoders for the image types qr_decode reads
	_ "image/jpeg"
	_ "image/png"
	"math"
	"strings"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/multi/qrcode"
	singleqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/mark3labs/mcp-go/mcp"
	_ "golang.org/x/image/webp"

	"github.com/qrforge/qrforge/registry"
)

// Limits on images to decode: the encoded size, and the pixel count read
// from the header before any pixel is decoded, so that a small file that
// inflates to gigabytes (a decompression bomb) is refused.
const (
	maxImageBytes  = 10 << 20
	maxImagePixels = 40_000_000
)

// found is one code read from an image, in the shape decisions, "Decode"
// gives POST /api/v1/decode's results.
type found struct {
	Text   string            `json:"text"`
	Bounds [][2]int          `json:"bounds"`
	Kind   string            `json:"kind,omitempty"`
	Fields map[string]string `json:"fields,omitempty"`
}

// errNoCode is an image that decoded but holds no readable QR code.
var errNoCode = errors.New("no QR code was found in the image")

// imageError is an image that could not be read at all.
type imageError struct{ reason string }

func (e *imageError) Error() string { return e.reason }

// decodeImage reads every QR code in an encoded image (PNG, JPEG, GIF or
// WebP) with gozxing, a port of ZXing.
//
// qrforge has no HTTP decode endpoint yet; once POST /api/v1/decode exists,
// qr_decode and qr_verify should call it in-process like the other tools,
// and this function should move behind it.
func decodeImage(data []byte) ([]found, error) {
	if len(data) > maxImageBytes {
		return nil, &imageError{fmt.Sprintf("the image is %d bytes; at most %d are read", len(data), maxImageBytes)}
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, &imageError{"the data is not a PNG, JPEG, GIF or WebP image (" + err.Error() + ")"}
	}
	if px := cfg.Width * cfg.Height; cfg.Width <= 0 || cfg.Height <= 0 || px > maxImagePixels || px/cfg.Width != cfg.Height {
		return nil, &imageError{fmt.Sprintf("the image is %dx%d pixels; at most %d pixels are read", cfg.Width, cfg.Height, maxImagePixels)}
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, &imageError{"the image cannot be decoded: " + err.Error()}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(onWhite(img))
	if err != nil {
		return nil, &imageError{"the image cannot be read: " + err.Error()}
	}
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	results, err := qrcode.NewQRCodeMultiReader().DecodeMultiple(bmp, hints)
	if err != nil || len(results) == 0 {
		// The multi reader skips a code whose finder patterns it cannot
		// group; the single reader searches harder for one.
		one, err := singleqr.NewQRCodeReader().Decode(bmp, hints)
		if err != nil {
			return nil, errNoCode
		}
		results = []*gozxing.Result{one}
	}
	out := make([]found, len(results))
	for i, r := range results {
		out[i] = found{Text: r.GetText()}
		for _, p := range r.GetResultPoints() {
			out[i].Bounds = append(out[i].Bounds, [2]int{int(math.Round(p.GetX())), int(math.Round(p.GetY()))})
		}
		if k, fields, ok := recognise(r.GetText()); ok {
			out[i].Kind, out[i].Fields = k, fields
		}
	}
	return out, nil
}

// onWhite composites img over white: a transparent background reads as
// light, as it does on a page or a screen.
func onWhite(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(b)
	draw.Draw(out, b, image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(out, b, img, b.Min, draw.Over)
	return out
}

// catchAllProbe is a payload no specific kind accepts; a kind that
// recognises it takes any text (plain text), and yields to a specific one.
const catchAllProbe = "\x00qrforge probe\x00"

// recognise names the registered kind a payload is, with its fields.
func recognise(payload string) (kind string, fields map[string]string, ok bool) {
	var fallback registry.Entry
	var fallbackFields map[string]string
	for _, k := range registry.All() {
		f, matched := k.Recognise(payload)
		if !matched {
			continue
		}
		if _, catchAll := k.Recognise(catchAllProbe); catchAll {
			if fallback == nil {
				fallback, fallbackFields = k, f
			}
			continue
		}
		return k.Name(), f, true
	}
	if fallback != nil {
		return fallback.Name(), fallbackFields, true
	}
	return "", nil, false
}

// decode serves qr_decode.
func (t *tools) decode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	for name := range args {
		if name != "image" {
			return t.badArgument(toolDecode, args, &argError{name, name + " is not an argument; the only argument is image", map[string]any{"image": "<base64 PNG, JPEG, GIF or WebP>"}}), nil
		}
	}
	fix := map[string]any{"image": "<base64 of the image file, or a data:image/png;base64,... URI>"}
	s, _ := args["image"].(string)
	if s == "" {
		return t.badArgument(toolDecode, args, &argError{"image", "image is required: the image file (PNG, JPEG, GIF or WebP) in base64", fix}), nil
	}
	if len(s) > base64.StdEncoding.EncodedLen(maxImageBytes)+1024 {
		return failed(t.localProblem(kindPayloadTooLarge, 413, "image",
			fmt.Sprintf("the image is about %d bytes; at most %d are read", len(s)/4*3, maxImageBytes),
			"send a smaller image: a QR code reads well at 1000 pixels or less"), nil), nil
	}
	data, err := decodeBase64(s)
	if err != nil {
		return t.badArgument(toolDecode, args, &argError{"image", "image is not base64: " + err.Error(), fix}), nil
	}
	codes, err := decodeImage(data)
	var bad *imageError
	switch {
	case errors.As(err, &bad):
		return t.badArgument(toolDecode, args, &argError{"image", bad.reason, fix}), nil
	case err != nil:
		return failed(t.localProblem(kindNoCodeFound, 422, "image", err.Error(),
			"send a sharper, larger image of the code with its quiet zone (the light border), or try qr_verify on the data"), nil), nil
	}
	return summary(map[string]any{"results": codes}), nil
}

// decodeBase64 reads standard or URL-safe base64, padded or not, or a data
// URI, ignoring line breaks.
func decodeBase64(s string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(s, "data:"); ok {
		_, payload, found := strings.Cut(rest, ",")
		if !found {
			return nil, errors.New("a data URI has a comma before its data")
		}
		s = payload
	}
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	s = strings.TrimRight(s, "=")
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(s)
	}
	return base64.RawStdEncoding.DecodeString(s)
}
