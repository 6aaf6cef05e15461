package main

import (
	"math"
	"strings"
	"testing"
)

// benchFixture is three rounds of go test -bench as run.sh appends them;
// v10 has only two, so its median is the mean of the middle pair.
const benchFixture = `goos: linux
goarch: amd64
pkg: github.com/qrforge/qrforge/bench
BenchmarkPNG512/payload=url/lib=skip2-2         	 100	 3000000 ns/op	 680.0 B/img	 3100000 cpu-ns/op	 1000 B/op	 10 allocs/op
BenchmarkPNG512/payload=url/lib=qrforge-auto-2  	 100	 1000000 ns/op	 640.0 B/img	 1100000 cpu-ns/op	 1000 B/op	 10 allocs/op
BenchmarkPNG512/payload=v10/lib=qrforge-auto-2  	 100	 2000000 ns/op	 1390 B/img	 2100000 cpu-ns/op	 1000 B/op	 10 allocs/op
BenchmarkQRForge/payload=url/format=svg-2       	 100	 300000 ns/op	 1787 B/img	 300000 cpu-ns/op	 1000 B/op	 10 allocs/op
PASS
ok  	github.com/qrforge/qrforge/bench	9.8s
BenchmarkPNG512/payload=url/lib=skip2-2
    bench_test.go:1: a log line splits the name from its results
BenchmarkPNG512/payload=url/lib=skip2-2         	 100	 5000000 ns/op	 690.0 B/img
BenchmarkPNG512/payload=url/lib=qrforge-auto-2  	 100	 2000000 ns/op	 650.0 B/img
BenchmarkPNG512/payload=v10/lib=qrforge-auto-2  	 100	 4000000 ns/op	 1394 B/img
BenchmarkPNG512/payload=url/lib=skip2           	 100	 4000000 ns/op	 700.0 B/img
BenchmarkPNG512/payload=url/lib=qrforge-auto    	 100	  500000 ns/op	 630.0 B/img
`

const peersFixture = "tool\tpayload\tms/img\tbytes/img\tpx\n" +
	"qrencode 4.1.1\turl\t5.000\t626\t481/495\n" +
	"qrencode --version (start-up only)\t-\t4.500\t-\t-\n" +
	"segno 1.4.1\tv10\t12.000\t1279\t455\n"

func mustParse(t *testing.T) (*goResults, []peer) {
	t.Helper()
	g, err := parseBench(strings.NewReader(benchFixture))
	if err != nil {
		t.Fatal(err)
	}
	peers, err := parsePeers(strings.NewReader(peersFixture))
	if err != nil {
		t.Fatal(err)
	}
	return g, peers
}

func TestParseBenchMedians(t *testing.T) {
	g, _ := mustParse(t)
	tests := []struct {
		k           goKey
		ns, bytes   float64
		wantSamples int
	}{
		{goKey{"url", "skip2"}, 4e6, 690, 3},
		{goKey{"url", "qrforge-auto"}, 1e6, 640, 3},
		{goKey{"v10", "qrforge-auto"}, 3e6, 1392, 2},
	}
	for _, tt := range tests {
		if n := len(g.nsPerOp[tt.k]); n != tt.wantSamples {
			t.Errorf("%v: %d samples, want %d", tt.k, n, tt.wantSamples)
		}
		if got := median(g.nsPerOp[tt.k]); got != tt.ns {
			t.Errorf("%v: median ns/op %v, want %v", tt.k, got, tt.ns)
		}
		if got := median(g.bytesPerImage[tt.k]); got != tt.bytes {
			t.Errorf("%v: median B/img %v, want %v", tt.k, got, tt.bytes)
		}
	}
	if len(g.nsPerOp) != 3 {
		t.Errorf("%d keys, want 3: only BenchmarkPNG512 counts", len(g.nsPerOp))
	}
	if fewest, most := g.rounds(); fewest != 2 || most != 3 {
		t.Errorf("rounds = %d, %d; want 2, 3", fewest, most)
	}
}

func TestTablesRatios(t *testing.T) {
	g, peers := mustParse(t)
	tables, err := buildTables(g, peers)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	fewest, most := g.rounds()
	if err := writeMarkdown(&out, tables, fewest, most); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"median of 2–3 rounds",
		"Payload set `url`:",
		"| skip2/go-qrcode | 4.000 | 4.00× | 690 | 1.08× |",
		"| qrforge-auto | 1.000 | 1.00× | 640 | 1.00× |",
		"| qrencode 4.1.1 (command line, one process per image, start-up included; 481/495 px) | 5.000 | 5.00× | 626 | 0.98× |",
		"| qrencode --version (start-up only) | 4.500 | 4.50× | – | – |",
		"Payload set `v10`:",
		"| qrforge-auto | 3.000 | 1.00× | 1,392 | 1.00× |",
		"| qrencode --version (start-up only) | 4.500 | 1.50× | – | – |",
		"| segno 1.4.1 (CPython, in-process; 455 px) | 12.000 | 4.00× | 1,279 | 0.92× |",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if n := strings.Count(out.String(), "segno"); n != 1 {
		t.Errorf("segno appears %d times, want once (v10 only)", n)
	}
}

func TestParsePeersRejectsAlignedColumns(t *testing.T) {
	aligned := "tool            payload  ms/img\nqrencode 4.1.1  url      5.000\n"
	if _, err := parsePeers(strings.NewReader(aligned)); err == nil {
		t.Error("column -t output parsed; want an error asking for RAW=1")
	}
}

func TestParsePeersDash(t *testing.T) {
	_, peers := mustParse(t)
	if p := peers[1]; p.payload != anyPayload || !math.IsNaN(p.bytes) || p.ms != 4.5 {
		t.Errorf("start-up row = %+v, want every payload, no bytes, 4.5 ms", p)
	}
}

func TestBuildTablesErrors(t *testing.T) {
	noRef := newGoResults()
	noRef.add(goKey{"url", "skip2"}, 1, 1)
	if _, err := buildTables(noRef, nil); err == nil {
		t.Error("no qrforge-auto row: want an error")
	}
	g, _ := mustParse(t)
	stray := []peer{{tool: "x", payload: "kanji", ms: 1, bytes: 1}}
	if _, err := buildTables(g, stray); err == nil {
		t.Error("peer payload set unknown to the Go results: want an error")
	}
}

func TestParseBenchRejectsMissingMetric(t *testing.T) {
	line := "BenchmarkPNG512/payload=url/lib=skip2-2  100  3000000 ns/op  1000 B/op\n"
	if _, err := parseBench(strings.NewReader(line)); err == nil {
		t.Error("line without B/img parsed; want an error")
	}
}

func TestThousands(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 999: "999", 1351.4: "1,351", 648.8: "649", 1234567: "1,234,567"} {
		if got := thousands(v); got != want {
			t.Errorf("thousands(%v) = %q, want %q", v, got, want)
		}
	}
	if got := thousands(math.NaN()); got != "–" {
		t.Errorf("thousands(NaN) = %q, want a dash", got)
	}
}
