package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/internal/cputime"
	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/server"
	"github.com/qrforge/qrforge/service"
)

// BenchmarkPaths sends one request of every kind of path through the whole
// handler, MCP endpoint mounted and cache off, with different data each
// time: what every route costs from request to bytes, for comparing
// restructurings (BENCHMARKS.md).
func BenchmarkPaths(b *testing.B) {
	h := server.New(server.Config{BaseURL: "http://qr.test", MCP: func(svc *service.Service) http.Handler {
		return mcp.New(svc, mcp.WithLogger(slog.New(slog.DiscardHandler)))
	}})
	code := fetchBody(b, h, "/api/v1/qr?size=256&data=benchmark")
	paths := []struct {
		name string
		req  func(i int) *http.Request
	}{
		{"generic_png", func(i int) *http.Request {
			return httptest.NewRequest(http.MethodGet, "/api/v1/qr?size=512&data="+item(i), nil)
		}},
		{"short_svg", func(i int) *http.Request {
			return httptest.NewRequest(http.MethodGet, "/q/"+item(i)+".svg", nil)
		}},
		{"wifi_png", func(i int) *http.Request {
			return httptest.NewRequest(http.MethodGet, "/api/v1/wifi?ssid=Home"+strconv.Itoa(i)+"&password=correct%20horse", nil)
		}},
		{"wifi_payload", func(i int) *http.Request {
			return httptest.NewRequest(http.MethodGet, "/api/v1/wifi/payload?ssid=Home"+strconv.Itoa(i)+"&password=correct%20horse", nil)
		}},
		{"verify", func(i int) *http.Request {
			return httptest.NewRequest(http.MethodGet, "/api/v1/verify?data="+item(i), nil)
		}},
		{"decode", func(int) *http.Request {
			req := httptest.NewRequest(http.MethodPost, "/api/v1/decode", bytes.NewReader(code))
			req.Header.Set("Content-Type", "image/png")
			return req
		}},
		{"batch_10_base64", func(i int) *http.Request {
			var items bytes.Buffer
			for j := range 10 {
				if j > 0 {
					items.WriteByte(',')
				}
				fmt.Fprintf(&items, `{"data":"https://example.com/%d/%d"}`, i, j)
			}
			req := httptest.NewRequest(http.MethodPost, "/api/v1/qr/batch", bytes.NewReader([]byte(`{"output":"base64","style":{"size":256},"items":[`+items.String()+`]}`)))
			req.Header.Set("Content-Type", "application/json")
			return req
		}},
		{"mcp_generate", func(i int) *http.Request {
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"https://example.com/item/%d","size":512}}}`, i)
			req := httptest.NewRequest(http.MethodPost, "/api/mcp", bytes.NewReader([]byte(body)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			return req
		}},
		{"not_found_fix", func(i int) *http.Request {
			return httptest.NewRequest(http.MethodGet, "/api/v1/qrcode?data="+item(i), nil)
		}},
	}
	for _, p := range paths {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, p.req(i))
				if rec.Code >= 500 || rec.Code == http.StatusOK && rec.Body.Len() == 0 {
					b.Fatalf("%s: status %d: %.200s", p.name, rec.Code, rec.Body)
				}
			}
		})
	}
}

func item(i int) string { return url.QueryEscape("https://example.com/item/" + strconv.Itoa(i)) }

func fetchBody(b *testing.B, h http.Handler, target string) []byte {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	if rec.Code != http.StatusOK {
		b.Fatalf("GET %s: %d", target, rec.Code)
	}
	return rec.Body.Bytes()
}

// BenchmarkSwissQROverlay measures what the Swiss cross costs over HTTP:
// the swissqr route against the generic one drawing a plain code of the
// same version and size, a different payment on every request, cache off
// (BENCHMARKS.md, "Overlay cost over HTTP"). The cross keeps the centre
// clear of an alignment pattern (render/centre.go), so a payment may take
// a larger version than its payload alone; plain_same_version pads the
// payload to that version, plain_same_data draws the payload as it is.
func BenchmarkSwissQROverlay(b *testing.B) {
	h := server.New(server.Config{BaseURL: "http://qr.test"})
	swiss := func(i int) string {
		return "/api/v1/swissqr?size=512&iban=CH5800791123000889012&creditor_name=Robert+Schneider+AG&creditor_street=Rue+du+Lac&creditor_building_number=1268" +
			"&creditor_postal_code=2501&creditor_town=Biel&creditor_country=CH&currency=CHF&reference_type=SCOR&reference=RF18539007547034" +
			fmt.Sprintf("&amount=%d.%02d", 100+i/100, i%100)
	}
	payload := string(fetchBody(b, h, strings.Replace(swiss(0), "/swissqr?", "/swissqr/payload?", 1)))
	var p struct{ Payload string }
	if err := json.Unmarshal([]byte(payload), &p); err != nil {
		b.Fatal(err)
	}
	version := func(target string) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		v, _ := strconv.Atoi(rec.Header().Get("X-QR-Version"))
		return v
	}
	plain := func(data string) func(i int) string {
		return func(i int) string {
			amount := fmt.Sprintf("%d.%02d", 100+i/100, i%100)
			return "/api/v1/qr?size=512&ec=M&data=" + url.QueryEscape(strings.Replace(data, "100.00", amount, 1))
		}
	}
	swissVersion := version(swiss(0))
	padded := p.Payload
	for version(plain(padded)(0)) < swissVersion {
		padded += "."
	}
	if got := version(plain(padded)(0)); got != swissVersion {
		b.Fatalf("the padded plain code is version %d, the Swiss QR code %d", got, swissVersion)
	}
	b.Logf("Swiss QR code version %d; its payload alone version %d", swissVersion, version(plain(p.Payload)(0)))
	for _, r := range []struct {
		name   string
		target func(i int) string
	}{{"swissqr", swiss}, {"plain_same_version", plain(padded)}, {"plain_same_data", plain(p.Payload)}} {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cputime.Process()
			for i := 0; b.Loop(); i++ {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, r.target(i%10000), nil))
				if rec.Code != http.StatusOK {
					b.Fatalf("%s: status %d: %.200s", r.name, rec.Code, rec.Body)
				}
			}
			// CPU time does not count waiting for a core, which wall time
			// on a shared machine does.
			b.ReportMetric(float64((cputime.Process()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}
