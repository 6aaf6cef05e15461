package qrcode

import (
	"strings"
	"testing"
)

// The payloads of bench/: a short URL (version 2-M) and 200 bytes that need
// version 10-M.
func BenchmarkEncode(b *testing.B) {
	for _, c := range []struct{ name, data string }{
		{"url", "https://example.com/item/42"},
		{"v10", "https://example.com/" + strings.Repeat("abcdefghij", 18)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Encode([]byte(c.data), M); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
