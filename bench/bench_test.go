package bench

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boombuler/barcode"
	bqr "github.com/boombuler/barcode/qr"
	"github.com/qrforge/qrforge/render"
	skip2 "github.com/skip2/go-qrcode"
	yeqown "github.com/yeqown/go-qrcode/v2"
	"github.com/yeqown/go-qrcode/writer/standard"
	rscqr "rsc.io/qr"
)

// size is the requested image width and height in pixels, the service's default.
const size = 512

// payloadSets are the inputs every library renders: short distinct URLs
// (versions 2 and 3 at level M), the typical request, and one 200-byte
// text that needs version 10 at level M (ISO/IEC 18004 Table 7).
var payloadSets = []struct {
	name     string
	payloads []string
}{
	{"url", urls()},
	{"v10", []string{"https://example.com/" + strings.Repeat("abcdefghij", 18)}},
}

func urls() []string {
	p := make([]string, 64)
	for i := range p {
		p[i] = fmt.Sprintf("https://example.com/item/%d", i)
	}
	return p
}

// pngLibs renders data as a PNG about size pixels wide at level M with a
// 4-module quiet zone where the library has one, each through the library's
// own documented path.
var pngLibs = []struct {
	name string
	png  func(data string) ([]byte, error)
}{
	// The baseline: skip2/go-qrcode's one-call API.
	{"skip2", func(data string) ([]byte, error) { return skip2.Encode(data, skip2.Medium, size) }},
	// qrforge at the same level as the baseline, so both draw the same symbol.
	{"qrforge", func(data string) ([]byte, error) { return qrforgePNG(data, render.LevelM) }},
	// qrforge as the service calls it: the level is raised to Q or H when
	// the data still fits the same version.
	{"qrforge-auto", func(data string) ([]byte, error) { return qrforgePNG(data, render.LevelAuto) }},
	{"rsc", rscPNG},
	{"boombuler", boombulerPNG},
	{"yeqown", yeqownPNG},
}

func qrforgePNG(data string, level render.Level) ([]byte, error) {
	s, err := render.Encode(data, level)
	if err != nil {
		return nil, err
	}
	return render.PNG(s, render.DefaultOptions())
}

// rscPNG draws whole pixels per module with a 4-module quiet zone, so the
// image is the largest multiple of the symbol width not above size.
func rscPNG(data string) ([]byte, error) {
	c, err := rscqr.Encode(data, rscqr.M)
	if err != nil {
		return nil, err
	}
	c.Scale = size / (c.Size + 8)
	return c.PNG(), nil
}

// boombulerPNG scales the bare symbol (no quiet zone) to size and writes it
// with image/png.
func boombulerPNG(data string) ([]byte, error) {
	c, err := bqr.Encode(data, bqr.M, bqr.Auto)
	if err != nil {
		return nil, err
	}
	if c, err = barcode.Scale(c, size, size); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = png.Encode(&buf, c)
	return buf.Bytes(), err
}

// yeqownPNG uses the standard writer's PNG encoder with whole pixels per
// module and a border that makes the image exactly size wide.
func yeqownPNG(data string) ([]byte, error) {
	q, err := yeqown.NewWith(data, yeqown.WithErrorCorrectionLevel(yeqown.ErrorCorrectionMedium))
	if err != nil {
		return nil, err
	}
	n := q.Dimension()
	module := size / (n + 8)
	left := (size - n*module) / 2
	right := size - n*module - left
	var buf bytes.Buffer
	w := standard.NewWithWriter(nopCloser{&buf},
		standard.WithBuiltinImageEncoder(standard.PNG_FORMAT),
		standard.WithQRWidth(uint8(module)),
		standard.WithBorderWidth(left, right, right, left))
	err = q.Save(w)
	return buf.Bytes(), err
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// BenchmarkPNG512 is the comparison: data in, PNG bytes out.
func BenchmarkPNG512(b *testing.B) {
	for _, set := range payloadSets {
		for _, lib := range pngLibs {
			b.Run("payload="+set.name+"/lib="+lib.name, func(b *testing.B) {
				bench(b, set.payloads, lib.png)
			})
		}
	}
}

// BenchmarkQRForge times qrforge's other formats on the same payloads.
func BenchmarkQRForge(b *testing.B) {
	o := render.DefaultOptions()
	formats := []struct {
		name string
		out  func(*render.Symbol) ([]byte, error)
	}{
		{"svg", func(s *render.Symbol) ([]byte, error) { return render.SVG(s, o) }},
		{"json", func(s *render.Symbol) ([]byte, error) { return render.JSON(s, o.Margin), nil }},
	}
	for _, set := range payloadSets {
		for _, f := range formats {
			b.Run("payload="+set.name+"/format="+f.name, func(b *testing.B) {
				bench(b, set.payloads, func(data string) ([]byte, error) {
					s, err := render.Encode(data, render.LevelAuto)
					if err != nil {
						return nil, err
					}
					return f.out(s)
				})
			})
		}
	}
}

// bench cycles through payloads and reports the mean output size and the
// process's CPU time per image (user plus system, garbage collector
// included). CPU time barely moves when other processes compete for the
// cores, unlike ns/op, which counts the time spent waiting for one.
func bench(b *testing.B, payloads []string, encode func(string) ([]byte, error)) {
	b.ReportAllocs()
	var n int
	cpu := cpuTime()
	for i := 0; b.Loop(); i++ {
		out, err := encode(payloads[i%len(payloads)])
		if err != nil {
			b.Fatal(err)
		}
		n += len(out)
	}
	cpu = cpuTime() - cpu
	b.ReportMetric(float64(n)/float64(b.N), "B/img")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time this process has used so far.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		panic(err)
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

// TestPNGs checks that every library's output is a square PNG close to the
// requested size, so the benchmark compares like with like. rsc.io/qr only
// draws whole pixels per module inside the size: 455 px for version 10.
func TestPNGs(t *testing.T) {
	for _, set := range payloadSets {
		for _, lib := range pngLibs {
			out, err := lib.png(set.payloads[0])
			if err != nil {
				t.Fatalf("%s %s: %v", lib.name, set.name, err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("%s %s: not a PNG: %v", lib.name, set.name, err)
			}
			if cfg.Width > size || cfg.Width < size*4/5 || cfg.Height != cfg.Width {
				t.Errorf("%s %s: %d×%d px, want about %d×%d", lib.name, set.name, cfg.Width, cfg.Height, size, size)
			}
			t.Logf("%-12s %s: %d×%d px, %d bytes", lib.name, set.name, cfg.Width, cfg.Height, len(out))
		}
	}
}
