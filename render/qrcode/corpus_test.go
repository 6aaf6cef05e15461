package qrcode

import (
	"encoding/json"
	"os"
	"testing"

	skip2 "github.com/skip2/go-qrcode"
)

// corpusPayload is one of testdata/corpus.json: real kinds of payload
// (URLs, vCard, EPC, Pix, UPI, Wi-Fi, Kanji, mixed digits). The e2e suite
// measures the same corpus against segno and libqrencode.
type corpusPayload struct {
	Name string `json:"name"`
	Data string `json:"data"`
}

func readCorpus(t *testing.T) []corpusPayload {
	t.Helper()
	b, err := os.ReadFile("testdata/corpus.json")
	if err != nil {
		t.Fatal(err)
	}
	var c []corpusPayload
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// Every corpus payload at level M, with the ECI header the render package
// writes, takes no larger a version than skip2's and reads back with
// gozxing; the versions' sums are logged for BENCHMARKS.md.
func TestCorpusNoLargerThanSkip2(t *testing.T) {
	ours, theirs, oursModules, theirModules := 0, 0, 0, 0
	for _, p := range readCorpus(t) {
		plan, err := FitECI([]byte(p.Data), M, eciFor([]byte(p.Data)))
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		sym, err := plan.Symbol(M)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodeSymbol(t, sym); got != p.Data {
			t.Errorf("%s: read %q, want %q", p.Name, got, p.Data)
		}
		ref, err := skip2.New(p.Data, skip2.Medium)
		if err != nil {
			t.Fatal(err)
		}
		if sym.Version > ref.VersionNumber {
			t.Errorf("%s: version %d, skip2 %d", p.Name, sym.Version, ref.VersionNumber)
		}
		refSize := 17 + 4*ref.VersionNumber
		t.Logf("%-13s %4d bytes  qrforge %2d (%3d²)  skip2 %2d (%3d²)", p.Name, len(p.Data), sym.Version, sym.Size, ref.VersionNumber, refSize)
		ours += sym.Version
		theirs += ref.VersionNumber
		oursModules += sym.Size * sym.Size
		theirModules += refSize * refSize
	}
	t.Logf("versions: qrforge %d, skip2 %d; modules: qrforge %d, skip2 %d", ours, theirs, oursModules, theirModules)
	if ours >= theirs {
		t.Errorf("qrforge's versions sum to %d, skip2's to %d: the corpus should come out smaller", ours, theirs)
	}
}
