package service_test

import (
	"testing"

	"github.com/qrforge/qrforge/service"
)

// A batch's style written as QR Code Monkey's config (eye1Color,
// gradientColor1, gradientColor2) was fixed with eye1Color renamed
// eyecolor, all three eyes red, and the gradient's colours dropped. The
// fix now gives them as eyeframecolor and gradientcolors, as a query's
// fix does, and is run.
func TestBatchStyleNumberedNamesKeepTheirMeaning(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	bodyFixes(t, svc, []struct{ body, fix string }{
		{`{"items":[{"data":"a"}],"style":{"eye1Color":"#f00","gradientColor1":"#000","gradientColor2":"#1a237e"}}`,
			`{"items":[{"data":"a"}],"style":{"eyeframecolor":"ff0000,000000,000000","gradientcolors":"000000,1a237e"}}`},
	})
}
