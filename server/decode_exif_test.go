package server_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/draw"
	"image/jpeg"
	"testing"
)

// withOrientation is a JPEG file with an Exif APP1 segment after its SOI
// whose IFD0 holds the Orientation tag (Exif 2.32 §4.6.4 A, tag 274), in
// big- or little-endian TIFF order.
func withOrientation(t *testing.T, img image.Image, orientation uint16, little bool) []byte {
	t.Helper()
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	var order binary.AppendByteOrder = binary.BigEndian
	tiff := []byte("MM\x00\x2a")
	if little {
		order, tiff = binary.LittleEndian, []byte("II\x2a\x00")
	}
	tiff = order.AppendUint32(tiff, 8)      // IFD0 right after the header
	tiff = order.AppendUint16(tiff, 1)      // one entry
	tiff = order.AppendUint16(tiff, 0x0112) // Orientation
	tiff = order.AppendUint16(tiff, 3)      // SHORT
	tiff = order.AppendUint32(tiff, 1)      // one value
	tiff = order.AppendUint16(tiff, orientation)
	tiff = append(tiff, 0, 0, 0, 0, 0, 0) // value padding; no next IFD
	app1 := append([]byte("Exif\x00\x00"), tiff...)
	seg := append([]byte{0xFF, 0xE1}, binary.BigEndian.AppendUint16(nil, uint16(len(app1)+2))...)
	b := jpg.Bytes()
	return append(append(append([]byte{}, b[:2]...), append(seg, app1...)...), b[2:]...)
}

// turned is img as stored by a camera whose Exif Orientation is o: the
// picture that, turned and flipped as Orientation o says (TIFF 6.0 tag
// 274, 6: turn a quarter clockwise to show it), is img.
func turned(img *image.Gray, o int) *image.Gray {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	sw, sh := w, h
	if o >= 5 {
		sw, sh = h, w
	}
	out := image.NewGray(image.Rect(0, 0, sw, sh))
	for y := range sh {
		for x := range sw {
			// (x, y) stored is shown at (dx, dy).
			var dx, dy int
			switch o {
			case 2:
				dx, dy = sw-1-x, y
			case 3:
				dx, dy = sw-1-x, sh-1-y
			case 4:
				dx, dy = x, sh-1-y
			case 5:
				dx, dy = y, x
			case 6:
				dx, dy = sh-1-y, x
			case 7:
				dx, dy = sh-1-y, sw-1-x
			case 8:
				dx, dy = y, sw-1-x
			default:
				dx, dy = x, y
			}
			out.Pix[y*out.Stride+x] = img.Pix[dy*img.Stride+dx]
		}
	}
	return out
}

// A phone stores a photo as its sensor saw it and says in Exif how to
// turn it for showing (Orientation). Bounds are in the picture as shown,
// as browsers and viewers show it, so a box drawn from them lands on the
// code: a code in the top-left of a tall picture stored on its side is
// answered at the top left, not where the sensor's rows put it.
func TestDecodeBoundsFollowExifOrientation(t *testing.T) {
	shown := whiteCanvas(360, 640)
	code := qrImage(t, "exif", 240)
	draw.Draw(shown, image.Rect(20, 30, 260, 270), code, image.Point{}, draw.Src)
	want := postImage(t, handler, "image/jpeg", withOrientation(t, shown, 1, false)).Results[0].Bounds
	for o := 2; o <= 8; o++ {
		for _, little := range []bool{false, true} {
			d := postImage(t, handler, "image/jpeg", withOrientation(t, turned(shown, o), uint16(o), little))
			if len(d.Results) != 1 {
				t.Fatalf("orientation %d: %+v", o, d.Results)
			}
			got := d.Results[0].Bounds
			// The corners as shown, in any order (a mirrored picture
			// reads its code mirrored, so anticlockwise).
			for _, c := range got {
				near := false
				for _, w := range want {
					near = near || abs(c[0]-w[0]) <= 3 && abs(c[1]-w[1]) <= 3
				}
				if !near {
					t.Errorf("orientation %d (little-endian %v): bounds %v, want the corners of %v", o, little, got, want)
					break
				}
			}
		}
	}
}

func abs(v int) int { return max(v, -v) }
