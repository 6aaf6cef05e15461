package qrcode

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	upstream "github.com/skip2/go-qrcode"
)

// payloads mixes the data shapes the encoder treats differently: digits,
// the alphanumeric set, bytes, UTF-8, mixed segments, and lengths up to
// beyond version 40.
func payloads(n int) []string {
	rnd := rand.New(rand.NewPCG(42, 2026))
	alnum := "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
	pick := func(set string, k int) string {
		var b strings.Builder
		for i := 0; i < k; i++ {
			b.WriteByte(set[rnd.IntN(len(set))])
		}
		return b.String()
	}
	out := []string{"a", "0", "A", "https://example.com/", strings.Repeat("9", 7089), strings.Repeat("9", 7090),
		strings.Repeat("A", 4296), strings.Repeat("a", 2953), strings.Repeat("a", 2954), "héllo wörld ✓",
		"WIFI:T:WPA;S:home;P:correct horse battery staple;;"}
	for len(out) < n {
		k := 1 + rnd.IntN([]int{20, 100, 400, 3000}[rnd.IntN(4)])
		switch rnd.IntN(5) {
		case 0:
			out = append(out, pick("0123456789", k))
		case 1:
			out = append(out, pick(alnum, k))
		case 2:
			b := make([]byte, k)
			for i := range b {
				b[i] = byte(rnd.Uint32())
			}
			out = append(out, string(b))
		case 3:
			out = append(out, pick("0123456789", k/3)+pick(alnum, k/3)+pick("abcdefghijklmnopqrstuvwxyz/?=&", k/3+1))
		default:
			out = append(out, fmt.Sprintf("https://example.com/item/%d?q=%s", rnd.IntN(1e6), pick("abcdefghijklmnopqrstuvwxyz0123456789", k%200)))
		}
	}
	return out
}

var levels = []RecoveryLevel{Low, Medium, High, Highest}

// TestMatchesUpstream: this fork draws exactly the symbol, version and
// errors of github.com/skip2/go-qrcode for every payload and level, with
// and without the quiet zone, and at forced versions.
func TestMatchesUpstream(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 100
	}
	for i, data := range payloads(n) {
		for _, level := range levels {
			ours, err := New(data, level)
			theirs, uerr := upstream.New(data, upstream.RecoveryLevel(level))
			if (err == nil) != (uerr == nil) {
				t.Fatalf("payload %d (%d bytes), level %d: error %v, upstream %v", i, len(data), level, err, uerr)
			}
			if err != nil {
				continue
			}
			if ours.VersionNumber != theirs.VersionNumber {
				t.Fatalf("payload %d, level %d: version %d, upstream %d", i, level, ours.VersionNumber, theirs.VersionNumber)
			}
			border := i%2 == 0
			ours.DisableBorder, theirs.DisableBorder = border, border
			if !equalBitmaps(ours.Bitmap(), theirs.Bitmap()) {
				t.Fatalf("payload %d (%d bytes), level %d, version %d: symbol differs from upstream", i, len(data), level, ours.VersionNumber)
			}
			if i%7 == 0 && ours.VersionNumber < 40 {
				v := ours.VersionNumber + 1
				f, err := NewWithForcedVersion(data, v, level)
				u, uerr := upstream.NewWithForcedVersion(data, v, upstream.RecoveryLevel(level))
				if (err == nil) != (uerr == nil) {
					t.Fatalf("payload %d forced to version %d: error %v, upstream %v", i, v, err, uerr)
				}
				if err == nil {
					f.DisableBorder, u.DisableBorder = true, true
					if !equalBitmaps(f.Bitmap(), u.Bitmap()) {
						t.Fatalf("payload %d forced to version %d, level %d: symbol differs from upstream", i, v, level)
					}
				}
			}
		}
	}
}

func equalBitmaps(a, b [][]bool) bool {
	return slices.EqualFunc(a, b, func(x, y []bool) bool { return slices.Equal(x, y) })
}

func BenchmarkBitmap(b *testing.B) {
	for _, c := range []struct {
		name string
		data string
	}{{"url", "https://example.com/item/42"}, {"v10", "https://example.com/" + strings.Repeat("abcdefghij", 18)}} {
		b.Run(c.name, func(b *testing.B) {
			b.Run("fork", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					q, _ := New(c.data, Medium)
					q.DisableBorder = true
					q.Bitmap()
				}
			})
			b.Run("upstream", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					q, _ := upstream.New(c.data, upstream.Medium)
					q.DisableBorder = true
					q.Bitmap()
				}
			})
		})
	}
}
