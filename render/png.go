package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image/color"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
	"github.com/qrforge/qrforge/render/deflate"
)

// zlibLevel compresses 1-bit rows, chosen by measurement (BENCHMARKS.md,
// "Choosing the zlib level"; render's BenchmarkZlibLevels). QR rows repeat
// scale times and a module row is a few long runs, so klauspost/compress's
// level 6 comes within 3 % of the standard library's BestCompression (and
// well under libqrencode's PNG, which e2e checks) in a fifteenth of the
// time. Anti-aliased 4-bit rows go to render/deflate instead, which is
// told where cells begin.
const zlibLevel = 6

// zlibWriters reuses compressors: a deflate writer holds hundreds of
// kilobytes of tables, far more than the image it writes.
var zlibWriters = sync.Pool{New: func() any {
	w, _ := zlib.NewWriterLevel(io.Discard, zlibLevel)
	return w
}}

// pngScratch holds one image's working memory: its packed rows and their
// sums, where its cells begin, the compressor of shaded rows and the
// compressed IDAT data; with an overlay, the emblem's pixels and its
// mixes' palette indices. Pooled, so the steady state allocates only the
// finished PNG.
type pngScratch struct {
	rows  []byte
	wide  []byte           // truecolour rows widened from rows
	sums  []deflate.RowSum // the rows' sums, when the drawing knows them
	cells []int
	// repeats marks the rows drawn as copies of the row above
	repeats []bool
	shaded  deflate.Encoder
	idat    bytes.Buffer
	zlib    []byte
	emblem  []byte
	mixes   []uint8
}

var pngScratches = sync.Pool{New: func() any { return new(pngScratch) }}

// repeatBuffer returns n flags, false, one per pixel row.
func (sc *pngScratch) repeatBuffer(n int) []bool {
	r := grow(&sc.repeats, n)
	clear(r)
	return r
}

// rowBuffer returns a zeroed buffer of n bytes for packed rows.
func (sc *pngScratch) rowBuffer(n int) []byte {
	r := grow(&sc.rows, n)
	clear(r)
	return r
}

var pngSignature = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}

// encodePNG returns a paletted PNG (ISO/IEC 15948) of width×height pixels
// at 1, 4 or 8 bits per pixel whose palette has the given colours; rows
// holds height rows, each a filter byte (0, none) followed by the packed
// pixels, and for 4 and 8 bits sc.cells says where cells begin. It is much
// faster than image/png for QR codes because rows are built directly in
// their packed form and the compressors are reused.
func encodePNG(sc *pngScratch, width, height, depth int, palette []color.NRGBA, rows []byte) []byte {
	var idat []byte
	if depth > 1 {
		sc.zlib = sc.shaded.Zlib(sc.zlib[:0], rows, len(rows)/height, sc.cells, sc.sums)
		idat = sc.zlib
	} else {
		sc.idat.Reset()
		z := zlibWriters.Get().(*zlib.Writer)
		z.Reset(&sc.idat)
		z.Write(rows)
		z.Close()
		z.Reset(io.Discard) // drop the reference to the scratch buffer
		zlibWriters.Put(z)
		idat = sc.idat.Bytes()
	}

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8] = byte(depth)
	ihdr[9] = 3 // colour type 3: indexed (PNG §11.2.2)

	var plte, trns [3 * 256]byte
	nTRNS := 0
	for i, c := range palette {
		plte[3*i], plte[3*i+1], plte[3*i+2] = c.R, c.G, c.B
		trns[i] = c.A
		if c.A != 255 {
			// tRNS lists alpha up to the last translucent entry (PNG §11.3.2.1).
			nTRNS = i + 1
		}
	}

	// Signature, then IHDR, PLTE, tRNS, IDAT and IEND, each chunk 12
	// bytes of length, type and CRC around its data.
	n := len(pngSignature) + 12 + len(ihdr) + 12 + 3*len(palette) + 12 + len(idat) + 12
	if nTRNS > 0 {
		n += 12 + nTRNS
	}
	out := make([]byte, 0, n)
	out = append(out, pngSignature...)
	out = appendChunk(out, "IHDR", ihdr[:])
	out = appendChunk(out, "PLTE", plte[:3*len(palette)])
	if nTRNS > 0 {
		out = appendChunk(out, "tRNS", trns[:nTRNS])
	}
	out = appendChunk(out, "IDAT", idat)
	return appendChunk(out, "IEND", nil)
}

// appendChunk appends a PNG chunk: length, type, data, CRC of type and
// data (PNG §5.3).
func appendChunk(b []byte, name string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(b, name...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// plainRows packs a two-colour image of the symbol, one bit per pixel,
// into rows: index 0 is the background and 1 the foreground.
func plainRows(rows []byte, s *Symbol, l *layout) {
	stride := 1 + (l.pxW+7)/8
	for my := 0; my < s.Rows(); my++ {
		y0 := l.offY + (l.codeY+my)*l.scale
		row := rows[y0*stride : (y0+1)*stride]
		for mx := 0; mx < s.Size; mx++ {
			if !s.Modules[my*s.Size+mx] {
				continue
			}
			x0 := l.offX + (l.codeX+mx)*l.scale
			for x := x0; x < x0+l.scale; x++ {
				row[1+x>>3] |= 0x80 >> (x & 7)
			}
		}
		// The module row repeats scale times.
		for y := y0 + 1; y < y0+l.scale; y++ {
			copy(rows[y*stride:(y+1)*stride], row)
		}
	}
}

// PNG renders the symbol as a size×size PNG, or for an rMQR a strip size
// pixels wide (canvasHeight).
func PNG(s *Symbol, o Options) ([]byte, error) {
	o.inksOverGround()
	if o.Print.DPI > 0 {
		return pngWithDensity(s, o)
	}
	if o.truecolour() {
		if img, ok, err := designPNG(s, o); ok {
			return img, err
		}
		return truecolourPNG(s, o)
	}
	if o.Overlay.active() {
		return overlayPNG(s, o)
	}
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	if o.plain() {
		rows := sc.rowBuffer((1 + (l.pxW+7)/8) * l.pxH)
		plainRows(rows, s, l)
		return encodePNG(sc, l.pxW, l.pxH, 1, []color.NRGBA{o.Background, o.Foreground}, rows), nil
	}
	if o.ownColors() {
		// A frame or caption in colours of its own around modules drawn
		// from tiles is a paletted design (framedesign.go).
		if img, ok, err := designPNG(s, o); ok {
			return img, err
		}
		return framedPNG(sc, s, l, &o), nil
	}
	rows, depth, palette := shadedRows(sc, s, l, &o)
	sc.cells = cellStarts(sc.cells[:0], l, depth)
	return encodePNG(sc, l.pxW, l.pxH, depth, palette, rows), nil
}

// cellStarts appends the byte offsets within a 4- or 8-bit row (filter
// byte first) at which the canvas's module cells begin: the first byte
// wholly inside each cell, for at 4 bits a cell that starts on an odd
// pixel shares its first byte with its neighbour.
func cellStarts(cells []int, l *layout, depth int) []int {
	cells = append(cells, 1)
	for px := l.offX; px < l.pxW; px += l.scale {
		b := 1 + px
		if depth == 4 {
			b = 1 + (px+1)>>1
		}
		if b > cells[len(cells)-1] {
			cells = append(cells, b)
		}
	}
	return cells
}
