package server_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	_ "image/gif"
	_ "image/jpeg"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestRMQRImagesAreStrips asks the API for an rMQR in every format it has
// (R15x43-M: 47 × 19 modules with its quiet zone of two): the raster
// formats are size px wide and exactly as tall as 19 rows at the width's
// whole pixels a module (400 / 47 = 8), 152 px; the SVG is the same
// strip, its viewBox 50 modules of 8 px wide from −1.5, the 24 px left
// over in the quiet zone as in the PNG; the PDF page and EPS bounding box
// of size=30mm (354 px at 300 dpi, 7 a module) are 30 mm wide and
// 7 × 19 dots tall; the JSON matrix has 19 − 4 rows of 43. The headers
// name the symbol made.
func TestRMQRImagesAreStrips(t *testing.T) {
	const query = "/api/v1/qr?data=https%3A%2F%2Fqrforge.example%2Fgallery&symbol=rmqr&size=400"
	const width, height = 400, 8 * 19
	for _, format := range []string{"png", "gif", "jpeg", "base64"} {
		rec := get(t, query+"&format="+format)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", format, rec.Code, rec.Body.String())
		}
		if got := rec.Header().Get("X-QR-Symbol"); got != "R15x43-M" {
			t.Errorf("%s: X-QR-Symbol %q, want R15x43-M", format, got)
		}
		body := rec.Body.Bytes()
		if format == "base64" {
			b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(strings.TrimSpace(rec.Body.String()), "data:image/png;base64,"))
			if err != nil {
				t.Fatalf("base64: %v", err)
			}
			body = b
		}
		img, _, err := image.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if b := img.Bounds(); b.Dx() != width || b.Dy() != height {
			t.Errorf("%s: %d×%d px, want %d×%d", format, b.Dx(), b.Dy(), width, height)
		}
	}

	svg := get(t, query+"&format=svg").Body.String()
	if want := `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="152" viewBox="-1.5 0 50 19"`; !strings.Contains(svg, want) {
		t.Errorf("svg: no %s in %.300s", want, svg)
	}

	points, dots := 30/25.4*72, 7*19.0
	pdf := get(t, strings.Replace(query, "size=400", "size=30mm", 1)+"&format=pdf").Body.String()
	box := regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]`).FindStringSubmatch(pdf)
	if box == nil {
		t.Fatal("pdf: no MediaBox")
	}
	w, _ := strconv.ParseFloat(box[1], 64)
	h, _ := strconv.ParseFloat(box[2], 64)
	if math.Abs(w-points) > 1e-4 || math.Abs(h-dots*72/300) > 1e-4 {
		t.Errorf("pdf: MediaBox %s × %s, want %.4f × %.4f", box[1], box[2], points, dots*72/300)
	}
	eps := get(t, strings.Replace(query, "size=400", "size=30mm", 1)+"&format=eps").Body.String()
	if want := "%%BoundingBox: 0 0 86 32\n"; !strings.Contains(eps, want) {
		t.Errorf("eps: no %q", want)
	}

	var matrix struct {
		Size, Width, Height int
		Matrix              [][]int
	}
	// A module matrix has no pixels: size is refused there.
	if err := json.Unmarshal(get(t, strings.Replace(query, "&size=400", "", 1)+"&format=json").Body.Bytes(), &matrix); err != nil {
		t.Fatal(err)
	}
	if matrix.Width != 43 || matrix.Height != 15 || len(matrix.Matrix) != 15 || len(matrix.Matrix[0]) != 43 {
		t.Errorf("json: width %d, height %d, %d rows; want 43, 15, 15", matrix.Width, matrix.Height, len(matrix.Matrix))
	}
}
