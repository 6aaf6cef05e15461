package kinds_test

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// BenchmarkBuild builds every kind's canonical example: validation, the
// kind's checks, encoding and the capacity check.
func BenchmarkBuild(b *testing.B) {
	kinds := registry.All()
	examples := make([]map[string]string, len(kinds))
	for i, k := range kinds {
		examples[i] = k.Example()
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, k := range kinds {
			if _, errs := k.Build(examples[i]); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	}
}
