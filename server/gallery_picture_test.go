package server_test

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/qrforge/qrforge/options"
)

// The README's picture, docs/gallery.png, is the gallery's recipes drawn by
// the API side by side with their captions. TestGalleryPicture draws it
// from the current catalogue and fails when the committed file shows
// anything else; UPDATE_GALLERY=true writes it instead:
//
//	UPDATE_GALLERY=true go test ./server -run TestGalleryPicture
const (
	galleryPicture    = "../docs/gallery.png"
	galleryPictureMax = 150 << 10 // bytes: it loads at the top of the README
	pictureColumns    = 4
	pictureMaxDesigns = 8
	pictureCode       = 200 // pixels of each code
	picturePad        = 16
	pictureNamePx     = 15 // caption sizes, and their lines' heights
	pictureNameLine   = 20
	pictureQueryPx    = 11
	pictureQueryLine  = 15
)

// TestGalleryPicture compares docs/gallery.png, pixel by pixel, with what
// the recipes of options.Gallery draw now, and reads every code in it back
// with gozxing.
func TestGalleryPicture(t *testing.T) {
	designs := pictureDesigns(t)
	sheet, cells := drawGalleryPicture(t, designs)
	for i, cell := range cells {
		if got := decodeImage(t, sheet.SubImage(cell)); got != options.GalleryData {
			t.Errorf("%s in the picture decodes to %q", designs[i].Name, got)
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, sheet); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > galleryPictureMax {
		t.Errorf("the picture is %d bytes; keep it under %d", buf.Len(), galleryPictureMax)
	}
	if v, _ := strconv.ParseBool(os.Getenv("UPDATE_GALLERY")); v {
		if err := os.WriteFile(galleryPicture, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %dx%d, %d bytes", filepath.Base(galleryPicture), sheet.Bounds().Dx(), sheet.Bounds().Dy(), buf.Len())
		return
	}
	const refresh = "; if the change is intended, run UPDATE_GALLERY=true go test ./server -run TestGalleryPicture"
	f, err := os.Open(galleryPicture)
	if err != nil {
		t.Fatalf("%v%s", err, refresh)
	}
	defer f.Close()
	committed, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v%s", galleryPicture, err, refresh)
	}
	if committed.Bounds() != sheet.Bounds() {
		t.Fatalf("%s is %v, the gallery draws %v%s", galleryPicture, committed.Bounds().Size(), sheet.Bounds().Size(), refresh)
	}
	differ := 0
	for y := sheet.Rect.Min.Y; y < sheet.Rect.Max.Y; y++ {
		for x := sheet.Rect.Min.X; x < sheet.Rect.Max.X; x++ {
			if color.NRGBAModel.Convert(committed.At(x, y)) != sheet.NRGBAAt(x, y) {
				differ++
			}
		}
	}
	if differ > 0 {
		t.Errorf("%s differs from what the gallery draws in %d pixels%s", galleryPicture, differ, refresh)
	}
}

// pictureDesigns are the gallery's recipes, at most pictureMaxDesigns.
func pictureDesigns(t *testing.T) []options.Design {
	for _, s := range options.Gallery() {
		if s.ID == options.GalleryRecipes {
			return s.Designs[:min(len(s.Designs), pictureMaxDesigns)]
		}
	}
	t.Fatal("options.Gallery has no recipes")
	return nil
}

// drawGalleryPicture lays the designs out in rows of pictureColumns, each
// code as the API draws it at pictureCode pixels, under it its name and
// its parameters. cells are the codes' places on the sheet.
func drawGalleryPicture(t *testing.T, designs []options.Design) (sheet *image.NRGBA, cells []image.Rectangle) {
	nameFace := pictureFace(t, gobold.TTF, pictureNamePx)
	queryFace := pictureFace(t, gomono.TTF, pictureQueryPx)
	defer nameFace.Close()
	defer queryFace.Close()
	cellW := pictureCode + 2*picturePad
	captions := make([][]string, len(designs))
	lines := 0
	for i, d := range designs {
		captions[i] = wrapQuery(d.Text(), queryFace, pictureCode)
		lines = max(lines, len(captions[i]))
	}
	nameLine, queryLine := pictureNameLine, pictureQueryLine
	cellH := picturePad + pictureCode + picturePad/2 + nameLine + lines*queryLine + picturePad
	cols := min(pictureColumns, len(designs))
	rows := (len(designs) + cols - 1) / cols
	sheet = image.NewNRGBA(image.Rect(0, 0, cols*cellW, rows*cellH))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	ink := image.NewUniform(color.NRGBA{0x0f, 0x17, 0x2a, 0xff})
	muted := image.NewUniform(color.NRGBA{0x47, 0x55, 0x69, 0xff})
	for i, d := range designs {
		x0, y0 := (i%cols)*cellW, (i/cols)*cellH
		target := "/api/v1/qr?" + url.QueryEscape(options.Data.Name) + "=" + url.QueryEscape(options.GalleryData) +
			"&" + d.Query() + "&size=" + strconv.Itoa(pictureCode)
		code := pngImage(t, ok(t, target))
		cell := image.Rect(x0+picturePad, y0+picturePad, x0+picturePad+pictureCode, y0+picturePad+pictureCode)
		draw.Draw(sheet, cell, code, code.Bounds().Min, draw.Src)
		cells = append(cells, cell)
		y := cell.Max.Y + picturePad/2 + pictureNamePx
		drawCentred(sheet, nameFace, ink, d.Name, x0+cellW/2, y)
		y += nameLine - pictureNamePx + pictureQueryPx
		for _, line := range captions[i] {
			drawCentred(sheet, queryFace, muted, line, x0+cellW/2, y)
			y += queryLine
		}
	}
	return sheet, cells
}

func pictureFace(t *testing.T, ttf []byte, px float64) font.Face {
	f, err := opentype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	return face
}

func drawCentred(dst draw.Image, face font.Face, ink image.Image, s string, cx, baseline int) {
	d := font.Drawer{Dst: dst, Src: ink, Face: face}
	w := d.MeasureString(s).Round()
	d.Dot = fixed.P(cx-w/2, baseline)
	d.DrawString(s)
}

// wrapQuery breaks a query into lines of at most width pixels, after an
// '&' where it can and inside a parameter where one is too long.
func wrapQuery(q string, face font.Face, width int) []string {
	var lines []string
	line := ""
	fits := func(s string) bool { return font.MeasureString(face, s).Round() <= width }
	for i, part := range strings.SplitAfter(q, "&") {
		switch {
		case i > 0 && fits(line+part):
			line += part
		default:
			if line != "" {
				lines = append(lines, line)
			}
			line = part
			for !fits(line) {
				r := []rune(line)
				n := len(r) - 1
				for n > 1 && !fits(string(r[:n])) {
					n--
				}
				lines = append(lines, string(r[:n]))
				line = string(r[n:])
			}
		}
	}
	return append(lines, line)
}

// decodeImage reads one code with gozxing, as decodeQR does a PNG.
func decodeImage(t *testing.T, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatalf("bitmap: %v", err)
	}
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return res.GetText()
}
