package analysis

import (
	"context"
	"testing"
)

// BenchmarkReadDecodeSet reads the decode benchmark set (DecodeSet(7),
// 343 images) with Scan and with Read and reports how many each read as
// the exact payload and Read's wrong payloads, beside the time a pass of
// the set takes. BENCHMARKS.md ("Decode") records a run:
//
//	go test ./analysis -run '^$' -bench ReadDecodeSet -benchtime 1x
func BenchmarkReadDecodeSet(b *testing.B) {
	set, err := DecodeSet(7)
	if err != nil {
		b.Fatal(err)
	}
	scan := 0
	for _, im := range set {
		for _, c := range Scan(im.Image) {
			if c.Text == im.Want {
				scan++
				break
			}
		}
	}
	b.ResetTimer()
	read, wrong, attempts := 0, 0, 0
	for b.Loop() {
		read, wrong, attempts = 0, 0, 0
		for _, im := range set {
			codes, st := Read(context.Background(), im.Image, DefaultBudget)
			attempts += st.Attempts
			hit := false
			for _, c := range codes {
				if c.Text == im.Want {
					hit = true
				} else {
					wrong++
				}
			}
			if hit {
				read++
			}
		}
	}
	b.ReportMetric(float64(len(set)), "images")
	b.ReportMetric(float64(scan), "scan-reads")
	b.ReportMetric(float64(read), "read-reads")
	b.ReportMetric(float64(wrong), "read-wrong")
	b.ReportMetric(float64(attempts)/float64(len(set)), "attempts/image")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(set)), "ns/image")
}
