package server_test

import (
	"bytes"
	"image/jpeg"
	"net/http"
	"testing"
)

// A body sent under a name that clients write for a type decode reads
// (image/jpg from the .jpg extension; image/pjpeg and image/x-png, which
// older browsers send for uploads; image/svg) has one reading, and the
// file's bytes are what is decoded whatever its type says: it is read,
// not refused with a 415 whose fix names another type.
func TestDecodeReadsTheTypesClientsWrite(t *testing.T) {
	code := qrImage(t, "alias", 240)
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, code, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	svg := ok(t, "/api/v1/qr?data=alias&format=svg")
	for _, c := range []struct {
		contentType string
		body        []byte
	}{
		{"image/jpg", jpg.Bytes()},
		{"IMAGE/JPG; name=code.jpg", jpg.Bytes()},
		{"image/pjpeg", jpg.Bytes()},
		{"image/x-png", encodePNG(t, code)},
		{"image/svg", svg},
	} {
		rec := sendBody(t, handler, http.MethodPost, "/api/v1/decode", c.contentType, c.body)
		if rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"text":"alias"`)) {
			t.Errorf("%s: %d %.300s", c.contentType, rec.Code, rec.Body.String())
		}
	}
	// A type decode does not read is still a 415.
	readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", "image/bmp", []byte("BM")), http.StatusUnsupportedMediaType, "unsupported-media-type")
}
