package server_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

// logoPNG is a small opaque logo: a blue field with an orange bar.
func logoPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 90, 60))
	for y := 0; y < 60; y++ {
		for x := 0; x < 90; x++ {
			c := color.NRGBA{25, 60, 170, 255}
			if y > 24 && y < 36 {
				c = color.NRGBA{250, 150, 20, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// upload sends a body to the handler.
func upload(t testing.TB, target, contentType string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	return post(t, handler, target, contentType, body)
}

// form is a multipart body of fields and, when file is set, a file part.
func form(t testing.TB, fields map[string]string, fileField string, file []byte) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	if file != nil {
		part, _ := w.CreateFormFile(fileField, "logo.png")
		part.Write(file)
	}
	w.Close()
	return w.FormDataContentType(), b.Bytes()
}

// POST /api/v1/qr takes the GET's parameters with a logo file, as a
// multipart form, JSON with a data URI, or a URL-encoded form; the code
// reads back, at level H, and names the same canonical request as the GET
// with the logo as a data URI.
func TestUploadALogo(t *testing.T) {
	logo := logoPNG(t)
	uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(logo)
	data := "https://example.com/menu?table=7"
	viaGet := get(t, "/api/v1/qr?"+url.Values{"data": {data}, "logo": {uri}}.Encode())
	if viaGet.Code != 200 {
		t.Fatalf("GET with a data URI: %d %s", viaGet.Code, viaGet.Body)
	}

	ct, body := form(t, map[string]string{"data": data}, "logo", logo)
	rec := upload(t, "/api/v1/qr", ct, body)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" || rec.Header().Get("X-QR-EC") != "H" {
		t.Fatalf("multipart: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	if got := decodeQR(t, rec.Body.Bytes()); got != data {
		t.Fatalf("read %q", got)
	}
	if rec.Header().Get("ETag") != viaGet.Header().Get("ETag") || !bytes.Equal(rec.Body.Bytes(), viaGet.Body.Bytes()) {
		t.Error("the upload and the GET with the same logo differ")
	}
	if rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", rec.Header().Get("Cache-Control"))
	}

	rec = upload(t, "/api/v1/qr?format=svg", "application/json", []byte(`{"data":"`+data+`","logo":"`+uri+`","logosize":0.25,"logobg":"white","logoplate":"rounded"}`))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), `xlink:href="data:image/png;base64,`) {
		t.Fatalf("JSON: %d %.300s", rec.Code, rec.Body)
	}

	rec = upload(t, "/api/v1/qr", "application/x-www-form-urlencoded", []byte("data=hello&logo=heart"))
	if rec.Code != 200 || decodeQR(t, rec.Body.Bytes()) != "hello" {
		t.Fatalf("URL-encoded: %d %s", rec.Code, rec.Body)
	}

	// A typed kind's POST: its fields in the query, the logo in the form.
	ct, body = form(t, nil, "logo", logo)
	rec = upload(t, "/api/v1/wifi?ssid=Home&password=secret123", ct, body)
	if rec.Code != 200 || !strings.HasPrefix(decodeQR(t, rec.Body.Bytes()), "WIFI:") {
		t.Fatalf("wifi: %d %s", rec.Code, rec.Body)
	}
}

// Uploads are bounded and checked before they are decoded: the answer is
// a problem document with a fix, never a 500.
func TestUploadLimits(t *testing.T) {
	logo := logoPNG(t)
	big := append(bytes.Clone(logo), make([]byte, service.MaxLogoBytes)...)
	for _, c := range []struct {
		name        string
		target, ct  string
		body        []byte
		status      int
		kind, field string
	}{
		{"a file over 1 MiB", "/api/v1/qr?data=hi", "", nil, 413, "payload-too-large", "logo"},
		{"a body over the limit", "/api/v1/qr?data=hi", "application/json", bytes.Repeat([]byte(" "), service.MaxGenerateBody+1), 413, "payload-too-large", "logo"},
		{"another content type", "/api/v1/qr?data=hi", "text/plain", []byte("hi"), 415, "unsupported-media-type", "Content-Type"},
		{"a file in another field", "/api/v1/qr?data=hi", "", nil, 400, "invalid-parameter", ""},
		{"JSON that is not an object", "/api/v1/qr", "application/json", []byte(`["data"]`), 400, "invalid-parameter", ""},
		{"JSON with an object value", "/api/v1/qr", "application/json", []byte(`{"data":"hi","logo":{"url":"x"}}`), 400, "invalid-parameter", "logo"},
		{"not an image", "/api/v1/qr?data=hi", "application/json", []byte(`{"logo":"data:image/png;base64,aGVsbG8="}`), 400, "invalid-parameter", "logo"},
		{"a decompression bomb", "/api/v1/qr?data=hi", "", nil, 413, "payload-too-large", "logo"},
		{"a WebP canvas over 2^31 pixels", "/api/v1/qr?data=hi", "", nil, 413, "payload-too-large", "logo"},
		{"a script in SVG", "/api/v1/qr?data=hi", "", nil, 400, "invalid-parameter", "logo"},
		{"a logo URL", "/api/v1/qr?data=hi&logo=https%3A%2F%2Fexample.com%2Fa.png", "", nil, 400, "invalid-parameter", "logo"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ct, body := c.ct, c.body
			switch c.name {
			case "a file over 1 MiB":
				ct, body = form(t, nil, "logo", big)
			case "a file in another field":
				ct, body = form(t, nil, "image", logo)
			case "a decompression bomb":
				ct, body = form(t, nil, "logo", bombPNG(60000, 60000))
			case "a WebP canvas over 2^31 pixels":
				ct, body = form(t, nil, "logo", bombWebP(65536, 65536))
			case "a script in SVG":
				ct, body = form(t, nil, "logo", []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><script>alert(1)</script></svg>`))
			case "a logo URL":
				ct, body = form(t, nil, "", nil)
			}
			rec := upload(t, c.target, ct, body)
			p := readProblem(t, rec, c.status, c.kind)
			if p.Field != c.field {
				t.Errorf("field %q, want %q: %s", p.Field, c.field, p.Detail)
			}
			if !strings.HasPrefix(c.name, "JSON") {
				if p.Fix == "" {
					t.Errorf("no fix: %s", p.Detail)
				}
				// A file that cannot be taken as it is, sent again,
				// would meet the same answer: the fix leaves it out.
				if c.name == "a file over 1 MiB" || c.status == 413 && c.field == "logo" && c.ct == "" {
					if strings.Contains(p.Fix, "logo=@") {
						t.Errorf("the fix sends the file again: %s", p.Fix)
					} else if rec := follow(t, p); rec.Code != 200 {
						t.Errorf("the fix %s answers %d", p.Fix, rec.Code)
					}
				}
				return
			}
			// A JSON body that cannot be read leaves no call to correct:
			// no fix, and an example that answers (it was a URL with
			// invented data and a logo, which could not be followed).
			_, example, ok := strings.Cut(p.Example, " -d '")
			if p.Fix != "" || !ok {
				t.Fatalf("fix %q, example %q", p.Fix, p.Example)
			}
			if rec := upload(t, "/api/v1/qr", "application/json", []byte(strings.TrimSuffix(example, "'"))); rec.Code != 200 {
				t.Errorf("the example answers %d: %s", rec.Code, rec.Body)
			}
		})
	}
}

// followUpload runs an upload fix, a curl call, with a logo file as the
// file it names.
func followUpload(t *testing.T, fix string) *httptest.ResponseRecorder {
	t.Helper()
	method, target := fixTarget(t, fix)
	ct, body := form(t, nil, "logo", logoPNG(t))
	req := httptest.NewRequest(method, target, bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	return rec
}

// An upload's problem has a fix that is the upload corrected: the URL
// carries the corrected parameters, the form the file.
func TestUploadFixIsAnUpload(t *testing.T) {
	ct, body := form(t, map[string]string{"data": "hi", "logosize": "0.9"}, "logo", logoPNG(t))
	p := readProblem(t, upload(t, "/api/v1/qr", ct, body), 400, "invalid-parameter")
	want := "curl -X POST '" + base + "/api/v1/qr?data=hi&logosize=0.3' -F 'logo=@logo.png'"
	if p.Fix != want {
		t.Fatalf("fix %s, want %s", p.Fix, want)
	}
	if rec := followUpload(t, p.Fix); rec.Code != 200 {
		t.Fatalf("the fix, with the file: %d %s", rec.Code, rec.Body)
	}
}

// A data URI in a URL is bounded, so that the call and its fix stay
// within the 16 KiB a request target may have.
func TestLogoInAURLIsBounded(t *testing.T) {
	uri := "data:image/png;base64," + strings.Repeat("A", service.MaxLogoParam)
	p := readProblem(t, get(t, "/api/v1/qr?data=hi&logo="+uri), 413, "payload-too-large")
	if p.Field != "logo" || !strings.Contains(p.Detail, "multipart/form-data") {
		t.Fatalf("%+v", p)
	}
	if rec := follow(t, p); rec.Code != 200 {
		t.Fatalf("the fix: %d", rec.Code)
	}
}

// A body that cannot be read is answered with the caller's own upload
// again, parameters and all: two logo files' fix once dropped the size
// and style and wrote data=Hello, and on a kind's path a literal
// "<fields>". With no parameter read there is no fix, and the example is
// a documented upload.
func TestUploadBodyProblemsKeepTheCall(t *testing.T) {
	twoLogos := func() (string, []byte) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		for range 2 {
			part, _ := w.CreateFormFile("logo", "logo.png")
			part.Write(logoPNG(t))
		}
		w.Close()
		return w.FormDataContentType(), b.Bytes()
	}
	ct, body := twoLogos()
	p := readProblem(t, upload(t, "/api/v1/qr?data=hello&size=300&style=dot", ct, body), 400, "invalid-parameter")
	for _, want := range []string{"data=hello", "size=300", "style=dot", "-F 'logo=@logo.png'"} {
		if !strings.Contains(p.Fix, want) {
			t.Errorf("fix %s lacks %s", p.Fix, want)
		}
	}
	if rec := followUpload(t, p.Fix); rec.Code != 200 || decodeQR(t, rec.Body.Bytes()) != "hello" {
		t.Errorf("the fix, with one file: %d", rec.Code)
	}

	ct, body = twoLogos()
	p = readProblem(t, upload(t, "/api/v1/wifi", ct, body), 400, "invalid-parameter")
	if p.Fix != "" || strings.Contains(p.Example, "<") || !strings.Contains(p.Example, "ssid=") {
		t.Errorf("no parameters: fix %q, example %q", p.Fix, p.Example)
	}
}

// A comma-separated option given as a JSON list in a body is refused with
// a fix that holds the items joined with commas, as the query writes them.
func TestUploadJSONListOptionFixJoinsItems(t *testing.T) {
	rec := upload(t, "/api/v1/qr", "application/json", []byte(`{"data":"x","gradientcolors":["#1a237e","#880e4f"],"eyecolor":["red","blue","green"]}`))
	var p struct{ Detail, Fix string }
	json.Unmarshal(rec.Body.Bytes(), &p)
	if rec.Code != 400 || !strings.Contains(p.Fix, "gradientcolors=1a237e%400%2C880e4f%40100") || !strings.Contains(p.Fix, "eyecolor=ff0000%2C0000ff%2C008000") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	target := strings.TrimSuffix(strings.TrimPrefix(p.Fix, "curl -X POST '"+base), "'")
	if rec := upload(t, target, "", nil); rec.Code != 200 {
		t.Fatalf("fix %s: %d %s", p.Fix, rec.Code, rec.Body)
	}
}
