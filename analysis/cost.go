package analysis

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
)

// ImageCost is what reading an image file will take, known from its header
// before any pixel is decoded: a small compressed file can declare a huge
// image (a decompression bomb), and the decoders' working memory depends on
// more than the pixel count.
type ImageCost struct {
	Format        string
	Width, Height int
	// Bytes is the peak memory of decoding the image and scanning it.
	Bytes int64
	// PerPixel is Bytes per pixel, for telling the caller the largest
	// image of this kind that fits.
	PerPixel float64
}

// ScanBytesPerPixel is what Scan takes beyond the image: the grey copy,
// ZXing's luminance and binarized planes and the inverted pass (measured
// on 4096×4096 codes).
const ScanBytesPerPixel = 5

// ErrNotImage is a file that is not a PNG, JPEG, GIF or WebP image.
var ErrNotImage = errors.New("not a PNG, JPEG, GIF or WebP image")

// CostOf reads an image file's header and estimates the peak memory of
// decoding and scanning it. The decoded image is counted in the colour
// model it decodes to, at the bit depth it declares; a progressive JPEG
// also holds every DCT coefficient (2 bytes per sample) until its last
// scan, an interlaced PNG decodes its seven passes into images of their
// own, a lossless WebP holds its ARGB planes beside the result, and CMYK
// and RGB JPEGs pass through YCbCr planes.
func CostOf(file []byte) (ImageCost, error) {
	if string(file[:min(len(file), 4)]) == "RIFF" && webpAnimated(file) {
		return ImageCost{}, &RefusedError{"the WebP is animated, and only still images are read: save one frame as a PNG or a still WebP"}
	}
	if w, h, ok := webpCanvas(file); ok && w*h > 1<<31-1 {
		// x/image/webp refuses such a canvas as malformed; it is declared
		// well, and too large: the caller's size check says so.
		perPixel := 4.0 + ScanBytesPerPixel
		return ImageCost{Format: "webp", Width: w, Height: h, Bytes: int64(float64(w)*float64(h)*perPixel) + int64(len(file)), PerPixel: perPixel}, nil
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(file))
	if errors.Is(err, image.ErrFormat) {
		return ImageCost{}, ErrNotImage
	}
	if err != nil {
		return ImageCost{}, err
	}
	perPixel := bytesPerPixel(cfg.ColorModel)
	switch format {
	case "jpeg":
		if scans := jpegScans(file); scans > MaxJPEGScans {
			return ImageCost{}, &RefusedError{fmt.Sprintf("the JPEG has %d scans, and at most %d are decoded: each scan reads the whole image again. Save it as a baseline (not progressive) JPEG or as a PNG", scans, MaxJPEGScans)}
		}
		if progressive, components := jpegLayout(file); progressive {
			perPixel += 2 * float64(components)
		}
		if cfg.ColorModel != color.YCbCrModel && cfg.ColorModel != color.GrayModel {
			perPixel += 4 // CMYK and RGB frames decode through YCbCr planes first
		}
	case "png":
		if pngInterlaced(file) {
			perPixel *= 2
		}
	case "webp":
		if webpLosslessPlanes(file) {
			perPixel += 8 // the decoder's pixels and transforms, 32 bits each
		}
	}
	perPixel += ScanBytesPerPixel
	if cfg.Width < 0 || cfg.Height < 0 {
		return ImageCost{}, errors.New("the image declares a negative size")
	}
	px := float64(cfg.Width) * float64(cfg.Height)
	return ImageCost{Format: format, Width: cfg.Width, Height: cfg.Height,
		Bytes: int64(px*perPixel) + int64(len(file)), PerPixel: perPixel}, nil
}

// MaxJPEGScans bounds the scans of a JPEG file. Each scan walks the whole
// image again, so a file of one cheap scan repeated thousands of times
// takes minutes to decode while its header declares an ordinary image.
// libjpeg's progressive script has 10 scans for colour and 6 for grey
// (ITU-T T.81 §G.1 lets an encoder choose its own); 40 leaves room for
// any script in use and bounds the work to four times that of a usual
// progressive file.
const MaxJPEGScans = 40

// RefusedError is a file whose header is read but which is not decoded:
// Why says what to send instead.
type RefusedError struct{ Why string }

func (e *RefusedError) Error() string { return e.Why }

// jpegScans counts the start-of-scan segments (ITU-T T.81 §B.2.3) up to
// the end of image. Entropy-coded data follows each scan header; in it a
// 0xFF byte is followed by a stuffed zero or a restart marker (§B.1.1.5),
// and any other marker ends the scan.
func jpegScans(b []byte) int {
	scans := 0
	for i := 2; i+1 < len(b); { // after SOI
		if b[i] != 0xFF {
			i++ // entropy-coded data
			continue
		}
		marker := b[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0x00, marker >= 0xD0 && marker <= 0xD7, marker == 0x01:
			i += 2 // stuffed zero, restart marker, TEM: no length
			continue
		case marker == 0xD9: // end of image
			return scans
		}
		if i+4 > len(b) {
			return scans
		}
		if marker == 0xDA {
			scans++
		}
		i += 2 + int(binary.BigEndian.Uint16(b[i+2:]))
	}
	return scans
}

// bytesPerPixel is what the decoded image holds per pixel. A YCbCr JPEG is
// counted as 4:4:4, its largest layout.
func bytesPerPixel(m color.Model) float64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel, color.NYCbCrAModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // unknown: the widest model
}

// jpegLayout finds the frame header (ITU-T T.81 §B.2.2): SOF2 marks a
// progressive frame (§B.1.1.3), and its component count is 1 (grey), 3
// (YCbCr) or 4 (CMYK/YCCK). It walks marker segments by their lengths and
// stops at the first frame header or at anything malformed.
func jpegLayout(b []byte) (progressive bool, components int) {
	i := 2 // after SOI
	for i+4 <= len(b) {
		if b[i] != 0xFF {
			return false, 0
		}
		marker := b[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		length := int(binary.BigEndian.Uint16(b[i+2:]))
		switch marker {
		case 0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
			if i+9 >= len(b) {
				return false, 0
			}
			progressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
			return progressive, int(b[i+9])
		}
		if length < 2 {
			return false, 0
		}
		i += 2 + length
	}
	return false, 0
}

// pngInterlaced reads the interlace method of the IHDR chunk, which the
// PNG signature and chunk header put at byte 28 (ISO/IEC 15948 §11.2.2).
func pngInterlaced(b []byte) bool {
	return len(b) > 28 && b[28] == 1
}

// webpAnimated reports an animation: the extended header (VP8X, after
// "RIFF....WEBP") has its animation flag, bit 1 of the byte after the
// chunk's size (Google's WebP Container Specification, "Extended File
// Format"), which x/image/webp does not read.
func webpAnimated(b []byte) bool {
	return len(b) > 20 && string(b[12:16]) == "VP8X" && b[20]&0x02 != 0
}

// webpCanvas reads the canvas size of an extended WebP: 24-bit width and
// height less one, after the VP8X chunk's flags and reserved bytes
// (Google's WebP Container Specification, "Extended File Format").
func webpCanvas(b []byte) (w, h int, ok bool) {
	if len(b) < 30 || string(b[:4]) != "RIFF" || string(b[8:16]) != "WEBPVP8X" {
		return 0, 0, false
	}
	u24 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 }
	return u24(b[24:]) + 1, u24(b[27:]) + 1, true
}

// webpLosslessPlanes reports a lossless (VP8L) bitstream to decode: the
// image's own, or its alpha's, an ALPH chunk of compression method 1
// that x/image/webp decodes as a VP8L image before the lossy frame
// (Google's WebP Container Specification, "Extended File Format", "Alpha").
// It walks the chunks after "RIFF....WEBP" as the decoder does, up to the
// first image chunk, so that an ICC profile before it is passed over.
func webpLosslessPlanes(b []byte) bool {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return false
	}
	for p := 12; p+8 <= len(b); {
		size := int64(binary.LittleEndian.Uint32(b[p+4:]))
		switch string(b[p : p+4]) {
		case "VP8L":
			return true
		case "VP8 ":
			return false
		case "ALPH":
			if p+8 < len(b) && b[p+8]&0x03 == 1 {
				return true
			}
		}
		next := int64(p) + 8 + size + size&1 // chunks are padded to an even size
		if next > int64(len(b)) {
			return false
		}
		p = int(next)
	}
	return false
}

// GIFFrames counts the images of a GIF file (GIF89a's image descriptors,
// §20), walking its blocks by their sizes: 0 when the file is not a GIF,
// and the frames counted so far when it is cut short. Go's GIF decoder
// reads only the first.
func GIFFrames(b []byte) int {
	if len(b) < 13 || string(b[:3]) != "GIF" {
		return 0
	}
	i := 13 // header and logical screen descriptor (§17, §18)
	if b[10]&0x80 != 0 {
		i += 3 << (b[10]&7 + 1) // global colour table (§19)
	}
	frames := 0
	for i < len(b) {
		switch b[i] {
		case 0x21: // extension: a label, then data sub-blocks (§23-§26)
			i = skipSubBlocks(b, i+2)
		case 0x2C: // image descriptor, a local colour table, LZW data (§20-§22)
			if i+10 > len(b) {
				return frames
			}
			frames++
			flags := b[i+9]
			i += 10
			if flags&0x80 != 0 {
				i += 3 << (flags&7 + 1)
			}
			i = skipSubBlocks(b, i+1) // after the LZW minimum code size
		default: // the trailer (0x3B), or bytes that are no block
			return frames
		}
	}
	return frames
}

// skipSubBlocks returns the offset after the data sub-blocks starting at
// i, each a size byte and that many bytes, ended by a size of 0 (§15).
func skipSubBlocks(b []byte, i int) int {
	for i < len(b) {
		n := int(b[i])
		i += 1 + n
		if n == 0 {
			break
		}
	}
	return i
}
