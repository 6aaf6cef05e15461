package render

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/klauspost/compress/zlib"
	"github.com/qrforge/qrforge/render/deflate"
)

// BenchmarkShadedDeflate compresses the 4-bit rows of styled PNGs, drawn
// once, with render/deflate and with klauspost/compress at level 5, used
// before it: 16 short URLs (version 2) at 512 and 1024 px, and the
// version-10 payload at 512 px.
func BenchmarkShadedDeflate(b *testing.B) {
	type image struct {
		rows   []byte
		stride int
		cells  []int
		sums   []deflate.RowSum
	}
	draw := func(b *testing.B, data string, style ModuleStyle, size int) image {
		s, err := Encode(data, LevelAuto)
		if err != nil {
			b.Fatal(err)
		}
		o := DefaultOptions()
		o.Module, o.Size = style, size
		l, err := newLayout(s, &o)
		if err != nil {
			b.Fatal(err)
		}
		sc := new(pngScratch)
		rows, _, _ := shadedRows(sc, s, l, &o)
		return image{rows, len(rows) / size, cellStarts(nil, l, 4), sc.sums}
	}
	for _, set := range []struct {
		name     string
		payloads []string
		size     int
	}{
		{"url512", benchPayloads[:16], 512},
		{"url1024", benchPayloads[:16], 1024},
		{"v10-512", []string{version10Payload}, 512},
	} {
		for _, style := range []ModuleStyle{ModuleRounded, ModuleDot, ModuleOrganic} {
			var images []image
			for _, p := range set.payloads {
				images = append(images, draw(b, p, style, set.size))
			}
			name := fmt.Sprintf("%s/%s", set.name, style)
			b.Run(name+"/klauspost5", func(b *testing.B) {
				var out bytes.Buffer
				z, _ := zlib.NewWriterLevel(&out, 5)
				n := 0
				for i := 0; b.Loop(); i++ {
					out.Reset()
					z.Reset(&out)
					z.Write(images[i%len(images)].rows)
					z.Close()
					n += out.Len()
				}
				b.ReportMetric(float64(n)/float64(b.N), "B/idat")
			})
			b.Run(name+"/cells", func(b *testing.B) {
				e := new(deflate.Encoder)
				var buf []byte
				n := 0
				for i := 0; b.Loop(); i++ {
					im := images[i%len(images)]
					buf = e.Zlib(buf[:0], im.rows, im.stride, im.cells, im.sums)
					n += len(buf)
				}
				b.ReportMetric(float64(n)/float64(b.N), "B/idat")
			})
		}
	}
}
