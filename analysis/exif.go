package analysis

import (
	"encoding/binary"
	"math"
	"sort"
)

// JPEGOrientation reads the Exif Orientation of a JPEG file (TIFF 6.0
// tag 274; Exif 2.32 §4.6.4 A): how the stored rows are turned or
// flipped for showing, 1 (as stored) to 8. It walks the marker segments
// before the first frame header for an APP1 segment starting "Exif\0\0"
// (Exif 2.32 §4.5.4), whose TIFF header gives the byte order and IFD0.
// Anything absent, malformed or out of range is 1.
func JPEGOrientation(b []byte) int {
	for i := 2; i+4 <= len(b); { // after SOI
		if b[i] != 0xFF {
			return 1
		}
		marker := b[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		length := int(binary.BigEndian.Uint16(b[i+2:]))
		if length < 2 || marker == 0xDA || marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
			return 1 // a scan or a frame header: Exif comes before them
		}
		end := min(i+2+length, len(b))
		if seg := b[i+4 : end]; marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			if o := tiffOrientation(seg[6:]); o != 0 {
				return o
			}
		}
		i += 2 + length
	}
	return 1
}

// tiffOrientation reads tag 274 of IFD0 in a TIFF structure (TIFF 6.0
// §2: the header, then 12-byte directory entries); 0 when it has none.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0
	}
	ifd := int64(order.Uint32(t[4:]))
	if ifd+2 > int64(len(t)) {
		return 0
	}
	n := int64(order.Uint16(t[ifd:]))
	for k := range n {
		e := ifd + 2 + 12*k
		if e+12 > int64(len(t)) {
			return 0
		}
		// SHORT (type 3), one value, held in the entry's value field.
		if order.Uint16(t[e:]) == 0x0112 && order.Uint16(t[e+2:]) == 3 {
			if o := int(order.Uint16(t[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 0
		}
	}
	return 0
}

// Oriented is codes found in a w×h image as stored, with their bounds
// in the image as shown after Exif Orientation o (TIFF 6.0 tag 274: 2
// flips it left to right, 3 turns it a half turn, 4 flips it top to
// bottom, 5 transposes it, 6 turns it a quarter clockwise, 7 transverses
// it, 8 turns it a quarter anticlockwise), ordered again top to bottom,
// then left to right, as describe orders them. The corners keep their
// order: a picture shown mirrored shows its code mirrored, so they then
// run anticlockwise, as docs/decode.md says of a mirrored code.
func Oriented(codes []Code, o, w, h int) []Code {
	if o < 2 || o > 8 {
		return codes
	}
	for i := range codes {
		for j, p := range codes[i].Bounds {
			x, y := p[0], p[1]
			switch o {
			case 2:
				x = w - x
			case 3:
				x, y = w-x, h-y
			case 4:
				y = h - y
			case 5:
				x, y = y, x
			case 6:
				x, y = h-y, x
			case 7:
				x, y = h-y, w-x
			case 8:
				x, y = y, w-x
			}
			codes[i].Bounds[j] = [2]int{x, y}
		}
	}
	sort.SliceStable(codes, func(i, j int) bool {
		ci, cj := boundsCentre(codes[i].Bounds), boundsCentre(codes[j].Bounds)
		if math.Abs(ci[1]-cj[1]) > boundsSide(codes[i].Bounds)/2 {
			return ci[1] < cj[1]
		}
		return ci[0] < cj[0]
	})
	return codes
}

// boundsCentre is the mean of a code's corners.
func boundsCentre(b [][2]int) [2]float64 {
	var c [2]float64
	for _, p := range b {
		c[0] += float64(p[0]) / float64(len(b))
		c[1] += float64(p[1]) / float64(len(b))
	}
	return c
}

// boundsSide is the length of a code's side from its first corner to its
// last, as describe measures it.
func boundsSide(b [][2]int) float64 {
	if len(b) < 4 {
		return 0
	}
	return math.Hypot(float64(b[0][0]-b[3][0]), float64(b[0][1]-b[3][1]))
}
