package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestSlowAnswerOutlivesTheWriteTimeout asks for an answer that takes
// longer to compute than the server's write timeout (a verify, which
// decodes the code it draws): the timeout bounds the writing of the
// answer, not the work before it, so the answer arrives whole, where a
// deadline set when the request was read would close the connection
// without it while the log said 200.
func TestSlowAnswerOutlivesTheWriteTimeout(t *testing.T) {
	const timeout = 50 * time.Millisecond
	ts := writeTimeoutServer(timeout)
	defer ts.Close()

	data := strings.Repeat("https://example.com/menu/", 4)
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		req, err := http.NewRequest(method, ts.URL+"/api/v1/verify?robustness=quick&data="+url.QueryEscape(data), nil)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		took := time.Since(start)
		if took < timeout {
			t.Fatalf("%s: the verify took %v, under the %v timeout, so it tests nothing: give it more data", method, took, timeout)
		}
		if err != nil {
			t.Fatalf("%s: after %v no answer: %v", method, took, err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s: after %v the answer broke off: %v", method, took, err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d: %s", method, resp.StatusCode, body)
		}
		if method == http.MethodHead {
			continue
		}
		var v struct {
			Decoded string `json:"decoded"`
		}
		if err := json.Unmarshal(body, &v); err != nil || v.Decoded != data {
			t.Errorf("%s: decoded %q (%v); want the data", method, v.Decoded, err)
		}
	}
}
