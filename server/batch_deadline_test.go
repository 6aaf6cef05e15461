package server_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/server"
)

// TestLongBatchOutlivesTheWriteTimeout streams a zip batch that takes
// longer than the server's write timeout: the deadline is renewed before
// each write, so the archive arrives whole, where a deadline set once
// would cut it off after its first items.
func TestLongBatchOutlivesTheWriteTimeout(t *testing.T) {
	const timeout = 100 * time.Millisecond
	ts := writeTimeoutServer(timeout)
	defer ts.Close()

	const n = 300
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"data":"https://example.com/item/%d"}`, i)
	}
	body := `{"output":"zip","style":{"size":1024,"style":"rounded","gradientcolors":"1a237e,880e4f","logo":"wifi"},"items":[` + strings.Join(items, ",") + `]}`
	start := time.Now()
	resp, err := http.Post(ts.URL+"/api/v1/qr/batch", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	took := time.Since(start)
	if took < timeout {
		t.Fatalf("the batch took %v, under the %v timeout, so it tests nothing: give it more items", took, timeout)
	}
	if err != nil {
		t.Fatalf("after %v the answer broke off (%d bytes): %v", took, len(got), err)
	}
	zr, err := zip.NewReader(bytes.NewReader(got), int64(len(got)))
	if err != nil {
		t.Fatalf("after %v the archive is not whole: %v", took, err)
	}
	if len(zr.File) != n {
		t.Errorf("the archive holds %d files, want %d", len(zr.File), n)
	}
}

// writeTimeoutServer serves qrforge with the write timeout both the
// handler and the listener are told, as cmd/qrforge sets them.
func writeTimeoutServer(timeout time.Duration) *httptest.Server {
	ts := httptest.NewUnstartedServer(server.New(server.Config{BaseURL: base, WriteTimeout: timeout}))
	ts.Config.WriteTimeout = timeout
	ts.Start()
	return ts
}
