package render

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strconv"
)

// JSON writes the module matrix:
// {"symbol","designator","version","ec","size","margin","matrix"}, where
// symbol is qr, micro or rmqr and designator names the symbol as its
// standard does (Designator: "3-M", "M2-L", "R13x27-M"), for a version
// number alone does not tell M1 from version 1; size counts modules per
// side without the quiet zone and matrix has size rows of 0 (light) and 1
// (dark), top row first. An rMQR adds "width" (= size) and "height", its
// number of rows.
func JSON(s *Symbol, margin int) []byte {
	rows := s.Rows()
	b := make([]byte, 0, 128+rows*(2*s.Size+3))
	b = append(b, `{"symbol":"`...)
	b = append(b, s.Type()...)
	b = append(b, `","designator":"`...)
	b = append(b, s.Designator()...)
	b = append(b, `","version":`...)
	b = strconv.AppendInt(b, int64(s.Version), 10)
	b = append(b, `,"ec":"`...)
	b = append(b, s.Level.String()...)
	b = append(b, `","size":`...)
	b = strconv.AppendInt(b, int64(s.Size), 10)
	if s.RMQR {
		b = append(b, `,"width":`...)
		b = strconv.AppendInt(b, int64(s.Size), 10)
		b = append(b, `,"height":`...)
		b = strconv.AppendInt(b, int64(rows), 10)
	}
	b = append(b, `,"margin":`...)
	b = strconv.AppendInt(b, int64(margin), 10)
	b = append(b, `,"matrix":[`...)
	for y := 0; y < rows; y++ {
		if y > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for x := 0; x < s.Size; x++ {
			if x > 0 {
				b = append(b, ',')
			}
			if s.Modules[y*s.Size+x] {
				b = append(b, '1')
			} else {
				b = append(b, '0')
			}
		}
		b = append(b, ']')
	}
	b = append(b, "]}\n"...)
	return b
}

// JSONWithLogo is JSON of s with the modules under lg cleared, as the
// drawing clears them, and the square cleared for it: "logo" gives its
// top-left module and side, in the matrix's modules (quiet zone
// excluded), for a caller that draws its own logo there.
func JSONWithLogo(s *Symbol, margin int, lg *Logo) []byte {
	b := JSON(lg.knockOut(s), margin)
	if !lg.active() {
		return b
	}
	lo, hi := logoClearance(s.Size, lg.Size, lg.Padding)
	b = b[:len(b)-2] // "}\n"
	b = fmt.Appendf(b, `,"logo":{"x":%d,"y":%d,"size":%d}}`+"\n", lo, lo, hi-lo)
	return b
}

// DataURI wraps a PNG as a data: URI (RFC 2397).
func DataURI(png []byte) []byte {
	const prefix = "data:image/png;base64,"
	var buf bytes.Buffer
	buf.Grow(len(prefix) + base64.StdEncoding.EncodedLen(len(png)))
	buf.WriteString(prefix)
	enc := base64.NewEncoder(base64.StdEncoding, &buf)
	enc.Write(png)
	enc.Close()
	return buf.Bytes()
}
