package analysis

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"strings"
	"testing"

	_ "golang.org/x/image/webp"
)

// TestCostCoversDecodeAndScan: the estimate is at least what decoding and
// scanning allocate in total (an upper bound of the peak), for each colour
// model the encoders at hand write.
func TestCostCoversDecodeAndScan(t *testing.T) {
	const side = 1200
	fill := func(img interface{ Set(int, int, color.Color) }) {
		for y := 0; y < side; y++ {
			for x := 0; x < side; x++ {
				v := uint8((x/40 + y/40) % 2 * 255)
				img.Set(x, y, color.NRGBA{v, v ^ 0x80, v, 255})
			}
		}
	}
	var files = map[string][]byte{}
	encode := func(name string, img image.Image, enc func(*bytes.Buffer, image.Image) error) {
		var b bytes.Buffer
		if err := enc(&b, img); err != nil {
			t.Fatal(err)
		}
		files[name] = b.Bytes()
	}
	pngEnc := func(b *bytes.Buffer, img image.Image) error { return png.Encode(b, img) }
	jpegEnc := func(b *bytes.Buffer, img image.Image) error { return jpeg.Encode(b, img, nil) }
	gray := image.NewGray(image.Rect(0, 0, side, side))
	fill(gray)
	rgba := image.NewNRGBA(image.Rect(0, 0, side, side))
	fill(rgba)
	rgba64 := image.NewNRGBA64(image.Rect(0, 0, side, side))
	fill(rgba64)
	encode("png gray", gray, pngEnc)
	encode("png nrgba", rgba, pngEnc)
	encode("png nrgba64", rgba64, pngEnc)
	encode("jpeg gray", gray, jpegEnc)
	encode("jpeg ycbcr", rgba, jpegEnc)
	// Go writes no WebP; these are libwebp's, via Pillow, 1200 px a side:
	// a lossy picture whose alpha is compressed losslessly (libwebp's
	// default), and a lossless one whose ICC profile comes before its
	// bitstream in the extended format.
	for name, path := range map[string]string{
		"webp lossy with alpha":   "testdata/lossy-alpha.webp",
		"webp lossless with ICCP": "testdata/lossless-icc.webp",
	} {
		file, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = file
	}
	for name, file := range files {
		cost, err := CostOf(file)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		img, _, err := image.Decode(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		Scan(img)
		runtime.ReadMemStats(&after)
		used := int64(after.TotalAlloc - before.TotalAlloc)
		if used > cost.Bytes {
			t.Errorf("%s: decoding and scanning allocated %d bytes, the estimate is %d", name, used, cost.Bytes)
		}
		if cost.Width != side || cost.Height != side {
			t.Errorf("%s: %dx%d, want %dx%d", name, cost.Width, cost.Height, side, side)
		}
	}
}

// TestCostReadsTheLayout: the header details that change the decoders'
// memory are found.
func TestCostReadsTheLayout(t *testing.T) {
	baseline := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 16, 0, 16, 3}
	progressive := append([]byte{}, baseline...)
	progressive[9] = 0xC2
	if p, n := jpegLayout(baseline); p || n != 3 {
		t.Errorf("baseline: progressive %v, %d components", p, n)
	}
	if p, n := jpegLayout(progressive); !p || n != 3 {
		t.Errorf("SOF2: progressive %v, %d components", p, n)
	}
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 4, 4)))
	file := b.Bytes()
	if pngInterlaced(file) {
		t.Error("Go's PNG encoder writes no interlaced files")
	}
	file[28] = 1
	if !pngInterlaced(file) {
		t.Error("the IHDR interlace byte is not read")
	}
	for path, lossless := range map[string]bool{
		"testdata/still.webp":        false, // lossy, no alpha
		"testdata/lossy-alpha.webp":  true,  // its alpha is a VP8L bitstream
		"testdata/lossless-icc.webp": true,  // VP8L after an ICCP chunk
	} {
		file, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := webpLosslessPlanes(file); got != lossless {
			t.Errorf("%s: lossless planes %v, want %v", path, got, lossless)
		}
	}
}

// FuzzCostOf: hostile headers never panic, hang or give a negative cost.
func FuzzCostOf(f *testing.F) {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)))
	f.Add(b.Bytes())
	b.Reset()
	jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)), nil)
	f.Add(b.Bytes())
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xC2, 0, 11, 8, 0xFF, 0xFF, 0xFF, 0xFF, 4})
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8L\x05\x00\x00\x00\x2f\xff\xff\xff\xff"))
	f.Add([]byte("GIF89a\xff\xff\xff\xff\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, file []byte) {
		cost, err := CostOf(file)
		if err != nil {
			return
		}
		if cost.Bytes < int64(len(file)) || cost.Width < 0 || cost.Height < 0 || cost.PerPixel <= ScanBytesPerPixel {
			t.Errorf("cost %+v of a %d-byte file", cost, len(file))
		}
	})
}

// TestScansAreCounted: a progressive file's scans are counted, and one
// scan repeated past MaxJPEGScans is refused before decoding, where each
// repeat would walk the whole image again.
func TestScansAreCounted(t *testing.T) {
	file, err := os.ReadFile("testdata/progressive.jpg") // libjpeg's progressive script
	if err != nil {
		t.Fatal(err)
	}
	if n := jpegScans(file); n < 6 || n > 12 {
		t.Fatalf("a libjpeg progressive file counts %d scans, want its script's 6 to 12", n)
	}
	if _, err := CostOf(file); err != nil {
		t.Fatalf("a usual progressive file is refused: %v", err)
	}
	var b bytes.Buffer
	jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 16, 16)), nil)
	if n := jpegScans(b.Bytes()); n != 1 {
		t.Errorf("a baseline file counts %d scans, want 1", n)
	}

	// The last scan, from its SOS marker to the EOI, repeated.
	sos := bytes.LastIndex(file, []byte{0xFF, 0xDA})
	eoi := bytes.LastIndex(file, []byte{0xFF, 0xD9})
	before := jpegScans(file)
	bomb := append([]byte{}, file[:eoi]...)
	for range MaxJPEGScans {
		bomb = append(bomb, file[sos:eoi]...)
	}
	bomb = append(bomb, 0xFF, 0xD9)
	if n := jpegScans(bomb); n != before+MaxJPEGScans {
		t.Errorf("the repeated scans count %d, want %d", n, before+MaxJPEGScans)
	}
	var refused *RefusedError
	if _, err := CostOf(bomb); !errors.As(err, &refused) {
		t.Errorf("%d scans: CostOf gives %v, want a RefusedError", before+MaxJPEGScans, err)
	}
}

// TestAnimatedWebPIsRefused: an animated WebP, which x/image/webp cannot
// read, is refused as animated, not as damaged; a still one is read.
func TestAnimatedWebPIsRefused(t *testing.T) {
	animated, err := os.ReadFile("testdata/animated.webp") // three frames, libwebp via Pillow
	if err != nil {
		t.Fatal(err)
	}
	var refused *RefusedError
	if _, err := CostOf(animated); !errors.As(err, &refused) || !strings.Contains(err.Error(), "animated") {
		t.Errorf("an animated WebP: %v, want a RefusedError saying it is animated", err)
	}
	still, err := os.ReadFile("testdata/still.webp")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CostOf(still); err != nil {
		t.Errorf("a still WebP: %v", err)
	}
}

// GIFFrames counts the frames Go's GIF encoder writes, with and without
// local colour tables and extensions, stops at a file cut short, and is 0
// for a file that is no GIF.
func TestGIFFrames(t *testing.T) {
	frame := func(c color.Color) *image.Paletted {
		return image.NewPaletted(image.Rect(0, 0, 8, 8), color.Palette{color.White, c})
	}
	for _, n := range []int{1, 3} {
		anim := &gif.GIF{}
		for i := range n {
			// Each frame's own palette is written as a local colour table.
			anim.Image = append(anim.Image, frame(color.Gray{uint8(i)}))
			anim.Delay = append(anim.Delay, 10)
		}
		var b bytes.Buffer
		if err := gif.EncodeAll(&b, anim); err != nil {
			t.Fatal(err)
		}
		if got := GIFFrames(b.Bytes()); got != n {
			t.Errorf("%d frames counted as %d", n, got)
		}
		if n == 3 {
			cut := b.Bytes()[:b.Len()*2/3]
			if got := GIFFrames(cut); got < 1 || got >= 3 {
				t.Errorf("the file cut short counts %d frames, want 1 or 2", got)
			}
		}
	}
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)))
	if got := GIFFrames(b.Bytes()); got != 0 {
		t.Errorf("a PNG counts %d frames", got)
	}
}

// FuzzGIFFrames: any bytes end the walk, never past one frame for each
// ten bytes (an image descriptor's size).
func FuzzGIFFrames(f *testing.F) {
	var b bytes.Buffer
	gif.EncodeAll(&b, &gif.GIF{Image: []*image.Paletted{image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.White, color.Black})}, Delay: []int{0}})
	f.Add(b.Bytes())
	f.Add([]byte("GIF89a\x01\x00\x01\x00\x87\x00\x00"))
	f.Add([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x87\x02\xff"))
	f.Fuzz(func(t *testing.T, file []byte) {
		if n := GIFFrames(file); n < 0 || n > len(file)/10 {
			t.Errorf("%d frames in %d bytes", n, len(file))
		}
	})
}
