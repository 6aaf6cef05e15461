package server_test

import (
	"bytes"
	"encoding/base64"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

// textForm is a form of text fields, each a name and its value, with no
// file part: what curl -F 'image=<code.png' sends (the file's bytes as
// a field's value) and what a script appending a base64 string or a data
// URI to FormData sends.
func textForm(t *testing.T, fields ...string) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for i := 0; i+1 < len(fields); i += 2 {
		if err := w.WriteField(fields[i], fields[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	return w.FormDataContentType(), buf.Bytes()
}

// A form whose one part holds the image file as a text field, its bytes
// or its text in base64 or a data URI, has one reading, as a JSON body's
// one member holding an image has: it is read, where it was a 400 saying
// the form had no file. A text field that holds no image is still
// refused, and so is an image field beside a file, which would not be read.
func TestDecodeFormTextFieldHoldingTheImage(t *testing.T) {
	file := encodePNG(t, qrImage(t, "field", 200))
	b64 := base64.StdEncoding.EncodeToString(file)
	svg := ok(t, "/api/v1/qr?data=field&format=svg")
	for _, c := range []struct{ name, value string }{
		{"image", string(file)},
		{"file", b64},
		{"image", "data:image/png;base64," + b64},
		{"base64", base64.RawURLEncoding.EncodeToString(file)},
		{"svg", string(svg)},
	} {
		contentType, body := textForm(t, c.name, c.value)
		for _, path := range []string{"/api/v1/decode", "/v1/read-qr-code/"} {
			rec := sendBody(t, handler, http.MethodPost, path, contentType, body)
			if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"field"`) {
				t.Errorf("%s %s=%.20q: %d %.300s", path, c.name, c.value, rec.Code, rec.Body.String())
			}
		}
	}
	contentType, body := textForm(t, "data", "aGVsbG8gd29ybGQ=")
	if p := readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", contentType, body), http.StatusBadRequest, "invalid-parameter"); !strings.Contains(p.Detail, "no file") {
		t.Errorf("a text field of no image: %q", p.Detail)
	}
	contentType, body = textForm(t, "image", b64, "mode", "fast")
	if p := readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", contentType, body), http.StatusBadRequest, "invalid-parameter"); p.Field != "mode" || !strings.Contains(p.Detail, `"mode"`) {
		t.Errorf("an image field beside an option: field %q, %q", p.Field, p.Detail)
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	f, _ := w.CreateFormFile("file", "code.png")
	f.Write(file)
	w.WriteField("image", b64)
	w.Close()
	if p := readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", w.FormDataContentType(), buf.Bytes()), http.StatusBadRequest, "invalid-parameter"); p.Field != "image" {
		t.Errorf("an image field beside a file: field %q, %q", p.Field, p.Detail)
	}
}
