package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image/color"
	"io"
	"sync"
)

// pngWriter writes paletted PNGs (ISO/IEC 15948) of 1, 2, 4 or 8 bits per
// pixel from packed rows. It is much faster than image/png for QR codes
// because rows are built directly in their packed form and the deflate
// compressor is reused.
var zlibPools = [2]sync.Pool{
	{New: func() any { return newZlib(zlib.BestCompression) }},
	{New: func() any { return newZlib(zlib.DefaultCompression) }},
}

func newZlib(level int) *zlib.Writer {
	w, _ := zlib.NewWriterLevel(io.Discard, level)
	return w
}

// zlibPoolFor picks the compression level by bit depth. 1-bit rows are
// small and compress fast at any level; anti-aliased 4-bit rows take over
// ten times as long at BestCompression as at the default level (about
// 22 ms against 2 ms at 512 px) to come out only about 10 % smaller.
func zlibPoolFor(depth int) *sync.Pool {
	if depth == 1 {
		return &zlibPools[0]
	}
	return &zlibPools[1]
}

var pngSignature = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}

// encodePNG writes an image of width×height pixels whose palette has the
// given colours; rows holds height rows, each a filter byte (0, none)
// followed by the packed pixels at the given bit depth.
func encodePNG(buf *bytes.Buffer, width, height, depth int, palette []color.NRGBA, rows []byte) {
	buf.Write(pngSignature)

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8] = byte(depth)
	ihdr[9] = 3 // colour type 3: indexed (PNG §11.2.2)
	writeChunk(buf, "IHDR", ihdr[:])

	plte := make([]byte, 0, 3*len(palette))
	var trns []byte
	for i, c := range palette {
		plte = append(plte, c.R, c.G, c.B)
		if c.A != 255 {
			// tRNS lists alpha up to the last translucent entry (PNG §11.3.2.1).
			for len(trns) < i {
				trns = append(trns, 255)
			}
			trns = append(trns, c.A)
		}
	}
	writeChunk(buf, "PLTE", plte)
	if trns != nil {
		writeChunk(buf, "tRNS", trns)
	}

	var idat bytes.Buffer
	idat.Grow(len(rows) / 8)
	pool := zlibPoolFor(depth)
	z := pool.Get().(*zlib.Writer)
	z.Reset(&idat)
	z.Write(rows)
	z.Close()
	pool.Put(z)
	writeChunk(buf, "IDAT", idat.Bytes())
	writeChunk(buf, "IEND", nil)
}

func writeChunk(buf *bytes.Buffer, name string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	buf.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(name))
	crc.Write(data)
	buf.WriteString(name)
	buf.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	buf.Write(n[:])
}

// plainRows packs a two-colour image of the symbol, one bit per pixel:
// index 0 is the background and 1 the foreground.
func plainRows(s *Symbol, l *layout, size int) []byte {
	stride := 1 + (size+7)/8
	rows := make([]byte, stride*size)
	row := make([]byte, stride)
	for my := 0; my < s.Size; my++ {
		clear(row)
		for mx := 0; mx < s.Size; mx++ {
			if !s.Modules[my*s.Size+mx] {
				continue
			}
			x0 := l.offX + (l.codeX+mx)*l.scale
			for x := x0; x < x0+l.scale; x++ {
				row[1+x>>3] |= 0x80 >> (x & 7)
			}
		}
		y0 := l.offY + (l.codeY+my)*l.scale
		for y := y0; y < y0+l.scale; y++ {
			copy(rows[y*stride:], row)
		}
	}
	return rows
}

// PNG renders the symbol as a size×size PNG.
func PNG(s *Symbol, o Options) ([]byte, error) {
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if o.plain() {
		rows := plainRows(s, l, o.Size)
		encodePNG(&buf, o.Size, o.Size, 1, []color.NRGBA{o.Background, o.Foreground}, rows)
		return buf.Bytes(), nil
	}
	rows, depth, palette := shadedRows(s, l, &o)
	encodePNG(&buf, o.Size, o.Size, depth, palette, rows)
	return buf.Bytes(), nil
}
