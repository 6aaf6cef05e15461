//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// logoSizes are the sizes the editor offers (options.LogoSize.Offered).
var logoSizes = []string{"0.1", "0.15", "0.2", "0.25", "0.3"}

// logoCell is one image of the logo matrix: a logo at a size in a format.
type logoCell struct {
	source, size, format string
}

func (c logoCell) file() string {
	return sanitize(fmt.Sprintf("logo-%s-%s-%s", c.source, c.size, c.format)) + ".png"
}

// logoPicture is a raster logo to upload: a rounded blue badge with an
// orange bar, its corners transparent.
func logoPicture(t *testing.T) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 240, 160))
	for y := 0; y < 160; y++ {
		for x := 0; x < 240; x++ {
			dx, dy := max(0, 24-x, x-215), max(0, 24-y, y-135)
			if dx*dx+dy*dy > 24*24 {
				continue
			}
			c := color.NRGBA{25, 60, 170, 255}
			if y > 64 && y < 96 {
				c = color.NRGBA{250, 150, 20, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// logoSVG is an SVG logo to upload: a speech bubble on a plate.
const logoSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="10" fill="#0b6e4f"/><path d="M10 12h28a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H22l-8 7v-7h-4a4 4 0 0 1-4-4V16a4 4 0 0 1 4-4z" fill="#fff"/></svg>`

// logoClippedSVG is an SVG logo as Figma exports one: the shapes in a
// group clipped to the frame, here a circle, a gradient in user space, an
// even-odd ring, a stroke in currentColor, and <defs> last.
const logoClippedSVG = `<svg width="48" height="48" viewBox="0 0 48 48" fill="none" color="#fff" xmlns="http://www.w3.org/2000/svg"><g clip-path="url(#clip0_4_2)"><rect width="48" height="48" fill="url(#paint0_linear_4_2)"/><path fill-rule="evenodd" clip-rule="evenodd" d="M24 4a20 20 0 1 0 0 40a20 20 0 1 0 0-40zM24 8a16 16 0 1 0 0 32a16 16 0 1 0 0-32z" fill="#ffffff" fill-opacity="0.35"/><path d="M14 24l7 7 13-14" stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></g><defs><linearGradient id="paint0_linear_4_2" x1="0" y1="0" x2="48" y2="48" gradientUnits="userSpaceOnUse"><stop stop-color="#6A1B9A"/><stop offset="1" stop-color="#283593"/></linearGradient><clipPath id="clip0_4_2"><circle cx="24" cy="24" r="24" fill="white"/></clipPath></defs></svg>`

// TestEveryLogoSizeScansOnFiveDecoders draws every offered logo size, as a
// built-in icon, an uploaded PNG, an uploaded SVG and one with a clipping
// path (logoClippedSVG), in PNG and in SVG
// (through librsvg), and reads each image with the five decoders of the
// style matrix; each must return the exact payload. The level is the one a
// logo raises to, H.
func TestEveryLogoSizeScansOnFiveDecoders(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{"picture": logoPicture(t), "svg": []byte(logoSVG), "clipped-svg": []byte(logoClippedSVG)}
	var cells []logoCell
	for _, source := range []string{"icon", "picture", "svg", "clipped-svg"} {
		for _, size := range logoSizes {
			for _, format := range []string{"png", "svg"} {
				cells = append(cells, logoCell{source, size, format})
			}
		}
	}
	images := map[string][]byte{}
	var mu sync.Mutex
	var errs []string
	work := make(chan logoCell)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				q := qrQuery(matrixPayload, "size", "400", "format", c.format, "logosize", c.size)
				var status int
				var body []byte
				var err error
				if c.source == "icon" {
					q.Set("logo", "chat")
					q.Set("logobg", "ffffff")
					q.Set("logoplate", "rounded")
					resp, b := get(t, "/api/v1/qr", q)
					status, body = resp.StatusCode, b
				} else {
					status, body, err = postLogo(baseURL+"/api/v1/qr?"+q.Encode(), files[c.source])
				}
				if err == nil && status != 200 {
					err = fmt.Errorf("status %d: %.300s", status, body)
				}
				if err == nil && c.format == "svg" {
					body, err = rsvgConvert(body, 400)
				}
				if err == nil {
					err = os.WriteFile(filepath.Join(dir, c.file()), body, 0o644)
				}
				mu.Lock()
				if err != nil {
					errs = append(errs, fmt.Sprintf("%+v: %v", c, err))
				} else {
					images[c.file()] = body
				}
				mu.Unlock()
			}
		}()
	}
	for _, c := range cells {
		work <- c
	}
	close(work)
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("fetching the logo matrix:\n%s", strings.Join(errs, "\n"))
	}

	results := readWithFiveDecoders(t, dir, images)
	failures := map[string]int{}
	for _, c := range cells {
		var missed []string
		for _, d := range matrixDecoders {
			got, ok := results[c.file()][d]
			switch {
			case !ok:
				missed = append(missed, d+": no symbol found")
			case got != matrixPayload:
				missed = append(missed, fmt.Sprintf("%s: decoded %q", d, got))
			default:
				continue
			}
			failures[d]++
		}
		if len(missed) > 0 {
			t.Errorf("logo=%s logosize=%s format=%s: %s%s", c.source, c.size, c.format, strings.Join(missed, "; "), keepFailure(t, images[c.file()], c.file()))
		}
	}
	var summary []string
	for _, d := range matrixDecoders {
		summary = append(summary, fmt.Sprintf("%s %d/%d", d, len(cells)-failures[d], len(cells)))
	}
	t.Logf("read: %s", strings.Join(summary, ", "))
}

// A logo hides the alignment pattern at the centre of versions 7 to 13 and
// 21 to 27, and zbar took the chat, calendar and mail icons for it (38 of
// 156 icon images on versions 7 to 13 missed). The symbol grows past those
// versions, and links that need them read on all five decoders. Grown
// symbols repeat their pad codewords; before masks were checked for false
// finders, gozxing missed every link here of 76 bytes and more at version 14
// (render/qrcode/falsefinder.go).
func TestLogosOnLongLinksScanOnFiveDecoders(t *testing.T) {
	dir := t.TempDir()
	images := map[string][]byte{}
	want := map[string]string{}
	// Links that need versions 7, 10, 13, 22, 25 and 27 at H.
	for _, n := range []int{36, 76, 132, 380, 492, 572} {
		link := "https://qrforge.example/" + strings.Repeat("x", n)
		for _, icon := range []string{"chat", "calendar", "mail"} {
			for _, size := range logoSizes {
				resp, body := get(t, "/api/v1/qr", qrQuery(link, "size", "600", "logo", icon, "logosize", size))
				if resp.StatusCode != 200 {
					t.Fatalf("%d bytes, %s %s: status %d: %.300s", len(link), icon, size, resp.StatusCode, body)
				}
				v, _ := strconv.Atoi(resp.Header.Get("X-QR-Version"))
				if v >= 7 && v <= 13 || v >= 21 && v <= 27 {
					t.Errorf("%d bytes, %s %s: version %d has an alignment pattern under the logo", len(link), icon, size, v)
				}
				name := fmt.Sprintf("n%d-%s-%s.png", n, icon, size)
				if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
					t.Fatal(err)
				}
				images[name], want[name] = body, link
			}
		}
	}
	readBack(t, dir, images, want)
}

// TestSmallIconsAreNotFinders draws every built-in icon at the smallest
// logo sizes, with rounded eyes, at sizes around 300 px: a small icon of a
// ring round a block is a finder pattern in miniature. The calendar, a
// page in an outline with its days blurred together, lost jsQR at 296,
// 300 and 310 px with logosize 0.1; it is now drawn without an outline.
func TestSmallIconsAreNotFinders(t *testing.T) {
	dir := t.TempDir()
	images := map[string][]byte{}
	want := map[string]string{}
	const data = "https://example.com/x"
	for _, icon := range []string{"wifi", "phone", "mail", "map-pin", "calendar", "link", "payment", "chat", "globe", "user", "shop", "star", "heart", "play", "download"} {
		for _, size := range []string{"290", "296", "300", "305", "310"} {
			for _, logoSize := range []string{"0.05", "0.1"} {
				resp, body := get(t, "/api/v1/qr", qrQuery(data, "size", size, "eye", "rounded", "logo", icon, "logosize", logoSize))
				if resp.StatusCode != 200 {
					t.Fatalf("%s %s at %s px: status %d: %.300s", icon, logoSize, size, resp.StatusCode, body)
				}
				name := fmt.Sprintf("%s-%s-%s.png", icon, logoSize, size)
				if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
					t.Fatal(err)
				}
				images[name], want[name] = body, data
			}
		}
	}
	readBack(t, dir, images, want)
}

// readBack reads the images in dir with the five decoders, each of which
// must return the text want holds for the image, and logs how many each
// read.
func readBack(t *testing.T, dir string, images map[string][]byte, want map[string]string) {
	results := readWithFiveDecoders(t, dir, images)
	names := slices.Sorted(maps.Keys(want))
	failures := map[string]int{}
	for _, name := range names {
		for _, d := range matrixDecoders {
			if got := results[name][d]; got != want[name] {
				failures[d]++
				t.Errorf("%s: %s read %q%s", name, d, got, keepFailure(t, images[name], name))
			}
		}
	}
	var summary []string
	for _, d := range matrixDecoders {
		summary = append(summary, fmt.Sprintf("%s %d/%d", d, len(names)-failures[d], len(names)))
	}
	t.Logf("read: %s", strings.Join(summary, ", "))
}

// postLogo uploads a logo file to a generation URL as a multipart form.
func postLogo(u string, file []byte) (int, []byte, error) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	part, _ := w.CreateFormFile("logo", "logo")
	part.Write(file)
	w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, &b)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, err
}

// TestLogosReadAtSmallSizes draws a logo with every padding, at levels Q
// and H, in every eye frame (with the ball every decoder reads in it), at
// three, four and five pixels a module: from the smallest size the service
// draws it, the size its fix gives for 64 px (render.ModulePixels).
// Padding grows the symbol, up to version 29 here. Before the floor, zbar
// missed these from version 14 up at two pixels a module, and the
// extra-rounded frame, whose hole was rounded by 1.25 modules, lost zbar
// with padding 2 to 4 at four pixels a module (docs/decoders.md).
func TestLogosReadAtSmallSizes(t *testing.T) {
	dir := t.TempDir()
	frames := map[string]string{"square": "square", "rounded": "rounded", "squircle": "squircle", "leaf": "leaf",
		"octagon": "octagon", "cut": "cut", "pointed": "pointed", "extra-rounded": "rounded", "petal": "petal"}
	images := map[string][]byte{}
	want := map[string]string{}
	for payload, data := range map[string]string{"link": matrixPayload, "word": "Hello"} {
		for frame, ball := range frames {
			for padding := range 5 {
				for _, ec := range []string{"Q", "H"} {
					q := qrQuery(data, "size", "64", "style", "rounded", "eyeframe", frame, "eyeball", ball,
						"logo", "user", "logopadding", strconv.Itoa(padding), "ec", ec)
					resp, body := get(t, "/api/v1/qr", q)
					if resp.StatusCode != 400 {
						t.Fatalf("%s: status %d at 64 px, want 400 with a larger size: %.300s", q.Encode(), resp.StatusCode, body)
					}
					fix := problemFix(t, body)
					if fix.Get("size") == "" || fix.Get("size") == "64" {
						t.Fatalf("%s: the fix %v does not change the size", q.Encode(), fix)
					}
					floor, _ := strconv.Atoi(fix.Get("size"))
					for px := 3; px <= 5; px++ {
						q.Set("size", strconv.Itoa(floor/3*px))
						resp, body = get(t, "/api/v1/qr", q)
						if resp.StatusCode != 200 {
							t.Fatalf("%s: status %d: %.300s", q.Encode(), resp.StatusCode, body)
						}
						name := fmt.Sprintf("%s-%s-p%d-%s-v%s-%spx.png", payload, frame, padding, ec, resp.Header.Get("X-QR-Version"), q.Get("size"))
						if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
							t.Fatal(err)
						}
						images[name], want[name] = body, data
					}
				}
			}
		}
	}
	readBack(t, dir, images, want)
}
