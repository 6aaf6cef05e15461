package analysis

import (
	"context"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// TestDecodeSetMeasure reads the decode benchmark set with Scan and Read
// and logs the counts; QRFORGE_DECODE_SET=dir also writes the set's PNGs
// there for other decoders.
func TestDecodeSetMeasure(t *testing.T) {
	if os.Getenv("QRFORGE_DECODE_MEASURE") == "" {
		t.Skip("QRFORGE_DECODE_MEASURE=1 measures the whole set (slow)")
	}
	set, err := DecodeSet(7)
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("QRFORGE_DECODE_SET")
	scan, read, wrong := 0, 0, 0
	passes := map[string]int{}
	var total time.Duration
	var slowest time.Duration
	for _, im := range set {
		if dir != "" {
			f, _ := os.Create(filepath.Join(dir, im.Name+".png"))
			png.Encode(f, im.Image)
			f.Close()
		}
		for _, c := range Scan(im.Image) {
			if c.Text == im.Want {
				scan++
				break
			}
		}
		codes, st := Read(context.Background(), im.Image, DefaultBudget)
		total += st.Elapsed
		slowest = max(slowest, st.Elapsed)
		ok := false
		for _, c := range codes {
			if c.Text == im.Want {
				ok = true
			} else {
				wrong++
			}
		}
		if ok {
			read++
			passes[st.Pass]++
		} else {
			t.Logf("miss %s (%d attempts, %v)", im.Name, st.Attempts, st.Elapsed)
		}
	}
	keys := make([]string, 0, len(passes))
	for k := range passes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("pass %s: %d", k, passes[k])
	}
	t.Logf("%d images: Scan %d, Read %d, wrong %d; Read %v total, %v mean, %v slowest", len(set), scan, read, wrong, total, total/time.Duration(len(set)), slowest)
}
