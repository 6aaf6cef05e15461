//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// zbarDecode writes img (any format zbarimg reads) to a temporary file and
// returns what zbarimg decodes from it.
//
// -Sbinary makes zbarimg print the payload bytes as they are in the symbol;
// without it zbar guesses a charset and turns UTF-8 "ü" into Shift JIS text.
// In binary mode zbarimg adds no newline, so the result compares exactly.
func zbarDecode(t *testing.T, img []byte, name string) (string, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, img, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("zbarimg", "--raw", "-q", "-Sbinary", file)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		// zbarimg exits 4 when it finds no symbol.
		return stdout.String(), fmt.Errorf("zbarimg %s: %v (stderr: %.300s)", name, err, stderr.String())
	}
	return stdout.String(), nil
}

// assertDecodes fails the test unless zbarimg reads want from img. On failure
// it keeps the image under $QRFORGE_E2E_KEEP (if set) for a human to look at.
func assertDecodes(t *testing.T, img []byte, name, want string) {
	t.Helper()
	got, err := zbarDecode(t, img, name)
	if err == nil && got == want {
		return
	}
	kept := keepFailure(t, img, name)
	if err != nil {
		t.Fatalf("%v%s", err, kept)
	}
	t.Fatalf("zbarimg decoded %q, want %q%s", got, want, kept)
}

func keepFailure(t *testing.T, img []byte, name string) string {
	dir := os.Getenv("QRFORGE_E2E_KEEP")
	if dir == "" {
		return " (set QRFORGE_E2E_KEEP=<dir> to keep failing images)"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Sprintf(" (could not keep image: %v)", err)
	}
	path := filepath.Join(dir, sanitize(t.Name())+"-"+name)
	if err := os.WriteFile(path, img, 0o644); err != nil {
		return fmt.Sprintf(" (could not keep image: %v)", err)
	}
	return " (image kept as " + path + ")"
}

func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	return string(b)
}

// rasterizeSVG turns an SVG into a PNG width pixels wide with librsvg, an
// implementation independent of ours.
func rasterizeSVG(t *testing.T, svg []byte, width int) []byte {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.svg"), filepath.Join(dir, "out.png")
	if err := os.WriteFile(in, svg, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("rsvg-convert", "-w", fmt.Sprint(width), "-o", out, in)
	if output, err := cmd.CombinedOutput(); err != nil {
		kept := keepFailure(t, svg, "in.svg")
		t.Fatalf("rsvg-convert: %v\n%s%s", err, output, kept)
	}
	img, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// pngSize returns the pixel dimensions of a PNG.
func pngSize(t *testing.T, b []byte) (int, int) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	return cfg.Width, cfg.Height
}

// matrixPNG draws a module matrix black on white, scale pixels per module,
// with a quiet zone of margin modules — our own reference rendering of the
// JSON output, so that the JSON matrix is checked by zbar too.
func matrixPNG(t *testing.T, matrix [][]int, scale, margin int) []byte {
	t.Helper()
	n := len(matrix)
	side := (n + 2*margin) * scale
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for y, row := range matrix {
		if len(row) != n {
			t.Fatalf("matrix row %d has %d entries, want %d", y, len(row), n)
		}
		for x, dark := range row {
			if dark == 0 {
				continue
			}
			for dy := 0; dy < scale; dy++ {
				for dx := 0; dx < scale; dx++ {
					img.SetGray((x+margin)*scale+dx, (y+margin)*scale+dy, color.Gray{})
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// envCount is the number of designs the environment variable name asks
// for, def when it is unset; anything but a number of at least least fails
// the test.
func envCount(t *testing.T, name string, def, least int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < least {
		t.Fatalf("%s=%q: want a number of designs, %d or more", name, v, least)
	}
	return n
}
