package server_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http/httptest"
	"strings"
	"testing"
)

// assertNoServerError: the answer is a success, or a problem document of
// its own status with a fix, or with an example where only the caller
// knows the mend (which of a key's two values is meant).
func assertNoServerError(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 500 {
		t.Fatalf("%s: %d %s", what, rec.Code, short(rec.Body.String()))
	}
	if rec.Code < 400 {
		return
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("%s: %d with Content-Type %q", what, rec.Code, ct)
	}
	var p problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Status != rec.Code {
		t.Fatalf("%s: %d with body %s", what, rec.Code, short(rec.Body.String()))
	}
	if p.Fix == "" && p.Example == "" {
		t.Fatalf("%s: %d without a fix or an example: %s", what, rec.Code, short(rec.Body.String()))
	}
}

// FuzzBatch posts random JSON bodies to the batch endpoint: whatever the
// body (truncated, nested, wrong types, huge numbers, keys given twice),
// the answer is a batch result or a problem with a fix or an example,
// never a 5xx.
func FuzzBatch(f *testing.F) {
	for _, seed := range []string{
		`{"items":[{"data":"hello"}]}`,
		`{"output":"base64","items":[{"id":"a","data":"https://example.com/1"},{"id":"b","data":"x","size":300,"format":"svg"}]}`,
		`{"output":"zip","items":[{"data":"a","style":"dot","eye":"leaf","label":"Hi"}]}`,
		`{"items":[{"kind":"wifi","fields":{"ssid":"home","password":"secret123"}}]}`,
		`{"items":[{"data":"x","size":1e9}]}`,
		`{"items":[{"data":"x","size":-1,"margin":123456789012345678901234567890}]}`,
		`{"items":[]}`,
		`{"items":[{}]}`,
		`{"items":null}`,
		`{"items":[{"data":"x"}],"items":[{"data":"y"}]}`,
		// Stray item keys, moved into style or fields, or renamed.
		`{"items":[{"data":"a","color":"red","style":{"color":"blue"}}]}`,
		`{"items":[{"type":"wifi","ssid":"x","fields":[1]}]}`,
		`{"items":[{"tpye":"wifi","feilds":{"ssid":"x"},"styl":{"size":300},"colour":{"r":1}}]}`,
		`{"items":[{"data":"a","style":null,"size":"300","fg":"red"}]}`,
		// Keys given twice: the body's, an item's, and the same value twice.
		`{"style":{"size":300},"style":{"color":"red"},"items":[{"data":"a"}]}`,
		`{"items":[{"type":"wifi","fields":{"ssid":"A","ssid":"B","password":"abcdefgh1"}},{"data":"a","id":1,"id":2}]}`,
		`{"output":"svg","output":"svg","items":[{"data":"a","style":{"size":300,"size":300}}]}`,
		`{"items":[{"data":"\ud800"}]}`,
		`{"items":[{"data":"x"}`,
		`[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]`,
		strings.Repeat(`{"a":`, 1000) + `1` + strings.Repeat(`}`, 1000),
		`null`,
		``,
		"\xff\xfe{",
	} {
		f.Add([]byte(seed), byte(0))
		f.Add([]byte(seed), byte(1))
	}
	contentTypes := []string{"application/json", "text/plain", "", "application/json; charset=latin1"}
	f.Fuzz(func(t *testing.T, body []byte, ct byte) {
		if len(body) > 64<<10 {
			return
		}
		contentType := contentTypes[int(ct)%len(contentTypes)]
		rec := post(t, handler, "/api/v1/qr/batch", contentType, body)
		assertNoServerError(t, "POST batch "+short(string(body)), rec)
	})
}

// FuzzDecode posts random bytes as an image, raw or as a multipart file:
// lying headers, truncated data and garbage must be answered with a
// problem, never a 5xx or a crash, and within the pixel limit.
func FuzzDecode(f *testing.F) {
	img := image.NewGray(image.Rect(0, 0, 40, 40))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var pngB, gifB, jpgB bytes.Buffer
	png.Encode(&pngB, img)
	gif.Encode(&gifB, img, nil)
	jpeg.Encode(&jpgB, img, nil)
	// A PNG header that claims 100000×100000 pixels.
	bomb := append([]byte(nil), pngB.Bytes()...)
	copy(bomb[16:24], []byte{0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0})
	pal := image.NewPaletted(image.Rect(0, 0, 8, 8), color.Palette{color.White, color.Black})
	var palB bytes.Buffer
	png.Encode(&palB, pal)
	for _, seed := range [][]byte{
		pngB.Bytes(), gifB.Bytes(), jpgB.Bytes(), bomb, palB.Bytes(),
		pngB.Bytes()[:pngB.Len()/2], jpgB.Bytes()[:40],
		[]byte("RIFF\x00\x00\x00\x00WEBPVP8 "),
		[]byte("GIF89a\xff\xff\xff\xff"),
		[]byte("not an image"), nil,
	} {
		for m := byte(0); m < 3; m++ {
			f.Add(seed, m)
		}
	}
	f.Fuzz(func(t *testing.T, body []byte, mode byte) {
		if len(body) > 256<<10 {
			return
		}
		var rec *httptest.ResponseRecorder
		switch mode % 3 {
		case 0:
			rec = post(t, handler, "/api/v1/decode", "image/png", body)
		case 1:
			rec = post(t, handler, "/api/v1/decode", "application/octet-stream", body)
		default:
			var b bytes.Buffer
			b.WriteString("--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n")
			b.Write(body)
			b.WriteString("\r\n--XyZ--\r\n")
			rec = post(t, handler, "/api/v1/decode", "multipart/form-data; boundary=XyZ", b.Bytes())
		}
		assertNoServerError(t, "POST decode", rec)
	})
}
