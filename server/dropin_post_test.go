package server_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

const urlencoded = "application/x-www-form-urlencoded"

// goQR's create-qr-code takes every parameter by GET or POST, and both at
// once; a parameter given in both is read from the query and the body's
// value ignored (goqr.me/api/doc/create-qr-code §3.0). A form POST is
// answered as the GET of the same parameters, byte for byte, and never
// 304; a problem's fix is that GET, and answers.
func TestGoQRCreatePost(t *testing.T) {
	for _, path := range []string{"/v1/create-qr-code/", "/v1/create-qr-code"} {
		want := get(t, path+"?data=Hello%20World&size=150x150&ecc=H&format=png")
		if want.Code != http.StatusOK {
			t.Fatalf("GET: %d", want.Code)
		}
		for _, c := range []struct{ name, target, contentType, body string }{
			{"form", path, urlencoded, "data=Hello+World&size=150x150&ecc=H&format=png"},
			{"form with charset", path, urlencoded + "; charset=UTF-8", "data=Hello%20World&size=150x150&ecc=H"},
			{"form without Content-Type", path, "", "data=Hello+World&size=150x150&ecc=H"},
			{"query and form", path + "?data=Hello%20World", urlencoded, "size=150x150&ecc=H"},
			{"the query's value wins", path + "?data=Hello%20World&ecc=H", urlencoded, "data=Bye&size=150x150&ecc=L"},
			{"query only", path + "?data=Hello%20World&size=150x150&ecc=H", urlencoded, ""},
		} {
			rec := sendBody(t, handler, http.MethodPost, c.target, c.contentType, []byte(c.body))
			if rec.Code != http.StatusOK {
				t.Errorf("%s: POST %s %q: %d %s", c.name, c.target, c.body, rec.Code, rec.Body.String())
				continue
			}
			if !bytes.Equal(rec.Body.Bytes(), want.Body.Bytes()) || rec.Header().Get("X-QR-EC") != "H" {
				t.Errorf("%s: POST %s %q answers other bytes than the GET (level %s)", c.name, c.target, c.body, rec.Header().Get("X-QR-EC"))
			}
		}
	}
	// A POST is never answered 304, even with the image's ETag.
	etag := get(t, "/v1/create-qr-code/?data=Hi").Header().Get("ETag")
	req := httptest.NewRequest(http.MethodPost, "/v1/create-qr-code/", strings.NewReader("data=Hi"))
	req.Header.Set("Content-Type", urlencoded)
	req.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	if etag == "" || rec.Code != http.StatusOK {
		t.Errorf("POST with If-None-Match %q: %d, want 200", etag, rec.Code)
	}
	// Problems: their fixes are the same call as a GET, and answer.
	for _, body := range []string{"data=Hi&margin=99", "data=Hi&size=abc", "data=Hi&quiet=2", "data=100%&size=150x150"} {
		rec := sendBody(t, handler, http.MethodPost, "/v1/create-qr-code/", urlencoded, []byte(body))
		p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
		if p.Fix == "" || !strings.Contains(p.Fix, "Hi") && !strings.Contains(p.Fix, "100") {
			t.Errorf("POST %q: fix %q, want the call as a GET", body, p.Fix)
			continue
		}
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("POST %q: the fix %s answers %d", body, p.Fix, rec.Code)
		}
	}
	// A field given twice in the body with different values is refused,
	// as in a query.
	rec = sendBody(t, handler, http.MethodPost, "/v1/create-qr-code/", urlencoded, []byte("data=Hi&data=Bye"))
	if p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter"); p.Field != "data" || p.Fix != "" {
		t.Errorf("data twice in the body: %+v", p)
	}
	// Only forms, which goQR documents; the example is a form POST that
	// answers.
	for _, c := range []struct{ contentType, body string }{
		{"multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\nHi\r\n--x--\r\n"},
		{"application/json", `{"data":"Hi"}`},
	} {
		rec = sendBody(t, handler, http.MethodPost, "/v1/create-qr-code/", c.contentType, []byte(c.body))
		p := readProblem(t, rec, http.StatusUnsupportedMediaType, "unsupported-media-type")
		if rec := curlForm(t, p.Example); rec.Code != http.StatusOK {
			t.Errorf("%s: the example %q answers %d", c.contentType, p.Example, rec.Code)
		}
	}
	// At most what a query holds.
	big := "data=" + strings.Repeat("a", 17<<10)
	rec = sendBody(t, handler, http.MethodPost, "/v1/create-qr-code/", urlencoded, []byte(big))
	readProblem(t, rec, http.StatusRequestEntityTooLarge, "payload-too-large")
}

// curlForm sends a curl command's form POST (-d, --data-urlencode) through
// the handler.
func curlForm(t *testing.T, command string) *httptest.ResponseRecorder {
	t.Helper()
	words := shellWords(t, command)
	if len(words) < 2 || words[0] != "curl" {
		t.Fatalf("%q is not a curl command", command)
	}
	target, ok := strings.CutPrefix(words[1], base)
	if !ok {
		t.Fatalf("%q does not call %s", command, base)
	}
	var fields []string
	for i := 2; i+1 < len(words); i += 2 {
		switch words[i] {
		case "-d":
			fields = append(fields, words[i+1])
		case "--data-urlencode":
			name, value, _ := strings.Cut(words[i+1], "=")
			fields = append(fields, name+"="+url.QueryEscape(value))
		default:
			t.Fatalf("%q: %s is not a form option", command, words[i])
		}
	}
	return sendBody(t, handler, http.MethodPost, target, urlencoded, []byte(strings.Join(fields, "&")))
}

// Google's chart API took its parameters in a POST's form body, for data
// over its URL's 2K (developers.google.com/chart/infographics/docs/
// qr_codes): /chart reads the form as goQR's path does.
func TestGoogleChartPost(t *testing.T) {
	want := get(t, "/chart?cht=qr&chs=150x150&chl=Hello%20world&chld=H|2")
	if want.Code != http.StatusOK {
		t.Fatalf("GET: %d", want.Code)
	}
	for _, c := range []struct{ target, body string }{
		{"/chart", "cht=qr&chs=150x150&chl=Hello+world&chld=H%7C2"},
		{"/chart?cht=qr&chs=150x150", "chl=Hello%20world&chld=H|2"},
		{"/chart?cht=qr&chs=150x150&chl=Hello%20world&chld=H|2", "chl=Bye"},
	} {
		rec := sendBody(t, handler, http.MethodPost, c.target, urlencoded, []byte(c.body))
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want.Body.Bytes()) {
			t.Errorf("POST %s %q: %d, want the GET's image; %.300s", c.target, c.body, rec.Code, rec.Body.String())
		}
	}
	rec := sendBody(t, handler, http.MethodPost, "/chart", urlencoded, []byte("cht=bvs&chs=150x150&chl=Hi"))
	p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	if !strings.Contains(p.Fix, "chl=Hi") || !strings.Contains(p.Fix, "cht=qr") {
		t.Errorf("cht=bvs in a body: fix %q, want the call as a GET with cht=qr", p.Fix)
	} else if rec := follow(t, p); rec.Code != http.StatusOK {
		t.Errorf("the fix %s answers %d", p.Fix, rec.Code)
	}
	rec = sendBody(t, handler, http.MethodPost, "/chart", "application/json", []byte(`{"chl":"Hi"}`))
	p = readProblem(t, rec, http.StatusUnsupportedMediaType, "unsupported-media-type")
	if rec := curlForm(t, p.Example); rec.Code != http.StatusOK {
		t.Errorf("the example %q answers %d", p.Example, rec.Code)
	}
}
