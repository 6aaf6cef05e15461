package analysis_test

import (
	"testing"

	"github.com/qrforge/qrforge/analysis"
)

// JPEGOrientation reads tag 274 in either byte order, and anything cut
// short or malformed (an IFD offset past the end, a wrong type, a value
// out of range) is 1, never a panic.
func TestJPEGOrientation(t *testing.T) {
	exif := func(tiff string) []byte {
		seg := "Exif\x00\x00" + tiff
		n := len(seg) + 2
		return []byte("\xFF\xD8\xFF\xE1" + string([]byte{byte(n >> 8), byte(n)}) + seg + "\xFF\xDB\x00\x02\xFF\xD9")
	}
	big := "MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00"
	little := "II\x2a\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00\x08\x00\x00\x00"
	for _, c := range []struct {
		file []byte
		want int
	}{
		{exif(big), 6},
		{exif(little), 8},
		{exif("MM\x00\x2a\xff\xff\xff\xff"), 1}, // IFD past the end
		{exif("MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x04\x00\x00\x00\x01\x00\x06\x00\x00"), 1}, // LONG, not SHORT
		{exif("MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x09\x00\x00"), 1}, // 9 is no orientation
		{[]byte("\xFF\xD8\xFF\xC0\x00\x11"), 1},
	} {
		if got := analysis.JPEGOrientation(c.file); got != c.want {
			t.Errorf("%q: %d, want %d", c.file, got, c.want)
		}
	}
	whole := exif(big)
	for n := range len(whole) {
		if o := analysis.JPEGOrientation(whole[:n]); o < 1 || o > 8 {
			t.Fatalf("cut at %d: %d", n, o)
		}
	}
}
