//go:build e2e

package e2e

import (
	"fmt"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/qrforge/qrforge/options"
)

// galleryImage matches the designs' images on /gallery (the page's other
// image is its logo, an asset), each followed by its tile's API link.
var galleryImage = regexp.MustCompile(`(?s)<img src="(/gallery/images/[0-9a-f]+\.png)".*?<a href="(/api/v1/qr\?[^"]+)">API URL</a>`)

// galleryShot is one image of the gallery, fetched.
type galleryShot struct {
	src, data, file string
	// symbol is the symbol parameter: micro and rmqr are read by
	// zxing-cpp 3 alone of the five (TestMicroQRScansOnZxing,
	// TestRMQRScansOnZxing).
	symbol string
}

// smallSymbol reports whether the shot is a Micro QR Code or an rMQR.
func (s galleryShot) smallSymbol() bool { return s.symbol == "micro" || s.symbol == "rmqr" }

// TestGalleryScansOnFiveDecoders reads every image of /gallery, as the
// running binary serves it, with the five decoders of the matrix: each
// must return exactly the text in the image's data parameter. The Micro
// QR Code and the rMQR strips of the symbols section are read by
// zxing-cpp 3, told to look for them; the other four read neither.
func TestGalleryScansOnFiveDecoders(t *testing.T) {
	resp, page := get(t, "/gallery", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("GET /gallery: %d", resp.StatusCode)
	}
	var shots []galleryShot
	for i, m := range galleryImage.FindAllStringSubmatch(string(page), -1) {
		src := html.UnescapeString(m[1])
		u, err := url.Parse(html.UnescapeString(m[2]))
		if err != nil {
			t.Fatalf("API link %q: %v", m[2], err)
		}
		shots = append(shots, galleryShot{src: src, data: u.Query().Get(options.Data.Name), file: fmt.Sprintf("gallery-%03d.png", i), symbol: u.Query().Get(options.Symbol.Name)})
	}
	designs := 0
	for _, s := range options.Gallery() {
		designs += len(s.Designs)
	}
	if len(shots) != designs {
		t.Fatalf("/gallery has %d design images; options.Gallery lists %d", len(shots), designs)
	}

	dir, smallDir := t.TempDir(), t.TempDir()
	images, smallImages := map[string][]byte{}, map[string][]byte{}
	var mu sync.Mutex
	var errs []string
	parallel(shots, 4, func(s galleryShot) {
		resp, body := do(t, "GET", baseURL+s.src)
		err := error(nil)
		switch {
		case resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png":
			err = fmt.Errorf("status %d, %s: %.300s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
		default:
			d := dir
			if s.smallSymbol() {
				d = smallDir
			}
			err = os.WriteFile(filepath.Join(d, s.file), body, 0o644)
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", s.src, err))
			return
		}
		if s.smallSymbol() {
			smallImages[s.file] = body
		} else {
			images[s.file] = body
		}
	})
	if len(errs) > 0 {
		t.Fatalf("fetching the gallery:\n%s", strings.Join(errs, "\n"))
	}

	results := readWithFiveDecoders(t, dir, images)
	if len(smallImages) == 0 {
		t.Error("the gallery has no Micro QR Code or rMQR")
	}
	node := nodeDecoder(t)
	node.cmd.Env = append(os.Environ(), "ZXING_FORMATS=MicroQRCode,rMQRCode")
	if err := batchDecode(t, smallDir, func(file, decoder, text string) {
		if results[file] == nil {
			results[file] = map[string]string{}
		}
		results[file][decoder] = text
	}, node); err != nil {
		t.Fatal(err)
	}

	read := map[string]int{}
	for _, s := range shots {
		var missed []string
		decoders := matrixDecoders
		if s.smallSymbol() {
			decoders = []string{decZxingCpp3}
		}
		for _, d := range decoders {
			switch got, ok := results[s.file][d]; {
			case !ok:
				missed = append(missed, d+": no symbol found")
			case got != s.data:
				missed = append(missed, fmt.Sprintf("%s: decoded %q", d, got))
			default:
				read[d]++
			}
		}
		if len(missed) > 0 {
			t.Errorf("%s: %s%s", s.src, strings.Join(missed, "; "), keepFailure(t, append(images[s.file], smallImages[s.file]...), s.file))
		}
	}
	var summary []string
	for _, d := range matrixDecoders {
		summary = append(summary, fmt.Sprintf("%s %d/%d", d, read[d], len(shots)))
	}
	t.Logf("read: %s", strings.Join(summary, ", "))
}
