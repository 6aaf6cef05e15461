package render

import (
	"bytes"
	"testing"

	"github.com/klauspost/compress/zlib"
	"github.com/qrforge/qrforge/render/deflate"
)

// BenchmarkShadedDeflate compresses the 4-bit rows of 16 payloads at
// 512 px, drawn once, with the cell deflate and with klauspost/compress
// at the level used before it.
func BenchmarkShadedDeflate(b *testing.B) {
	for _, style := range []ModuleStyle{ModuleRounded, ModuleDot, ModuleOrganic} {
		var sets [][]byte
		var cells [][]int
		var sums [][]deflate.RowSum
		var stride int
		for _, p := range benchPayloads[:16] {
			s, _ := Encode(p, LevelAuto)
			o := DefaultOptions()
			o.Module = style
			l, _ := newLayout(s, &o)
			sc := new(pngScratch)
			rows, _, _ := shadedRows(sc, s, l, &o)
			stride = len(rows) / o.Size
			sets = append(sets, append([]byte(nil), rows...))
			cells = append(cells, cellStarts(nil, l, o.Size))
			sums = append(sums, append([]deflate.RowSum(nil), sc.sums...))
		}
		b.Run(string(style)+"/klauspost5", func(b *testing.B) {
			var out bytes.Buffer
			z, _ := zlib.NewWriterLevel(&out, 5)
			n := 0
			for i := 0; b.Loop(); i++ {
				out.Reset()
				z.Reset(&out)
				z.Write(sets[i%len(sets)])
				z.Close()
				n += out.Len()
			}
			b.ReportMetric(float64(n)/float64(b.N), "B/idat")
		})
		b.Run(string(style)+"/cells", func(b *testing.B) {
			e := new(deflate.Encoder)
			var buf []byte
			n := 0
			for i := 0; b.Loop(); i++ {
				buf = e.Zlib(buf[:0], sets[i%len(sets)], stride, cells[i%len(sets)], sums[i%len(sets)])
				n += len(buf)
			}
			b.ReportMetric(float64(n)/float64(b.N), "B/idat")
		})
	}
}
