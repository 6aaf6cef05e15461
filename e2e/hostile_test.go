//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// hostileRequest is one request written byte for byte on its own
// connection, so that nothing in an HTTP client cleans it up first.
type hostileRequest struct {
	name        string
	method      string
	target      string // sent as is on the request line
	contentType string
	body        []byte
	proto       string // "HTTP/1.1" when empty
	header      string // extra header lines, each ending in \r\n
	noHost      bool
	// wantFix is a string the problem's fix must contain, when set.
	wantFix string
}

// sendRaw writes r on a new connection and reads the answer.
func sendRaw(t *testing.T, r hostileRequest) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(baseURL, "http://"), 5*time.Second)
	if err != nil {
		t.Fatalf("%s: dial: %v", r.name, err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(60 * time.Second))
	var head strings.Builder
	proto := r.proto
	if proto == "" {
		proto = "HTTP/1.1"
	}
	fmt.Fprintf(&head, "%s %s %s\r\nConnection: close\r\n%s", r.method, r.target, proto, r.header)
	if !r.noHost {
		head.WriteString("Host: qrforge.test\r\n")
	}
	if r.contentType != "" {
		fmt.Fprintf(&head, "Content-Type: %s\r\n", r.contentType)
	}
	if r.body != nil || r.method == http.MethodPost {
		fmt.Fprintf(&head, "Content-Length: %d\r\n", len(r.body))
	}
	head.WriteString("\r\n")
	w := bufio.NewWriterSize(conn, 64<<10)
	w.WriteString(head.String())
	w.Write(r.body)
	// The server may answer and close before reading a refused body.
	w.Flush()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s: no HTTP answer: %v", r.name, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

// assertServedWell checks one hostile answer: never a 5xx; a 4xx is a
// problem document whose status matches and that has a fix, or, when the
// broken field identifies a person, an account or a secret and so cannot
// be fixed, the kind's documented example (README "Errors"); also when
// net/http refuses the request before any handler runs
// (server/listener.go). Then a good request must still be answered.
func assertServedWell(t *testing.T, r hostileRequest, resp *http.Response, body []byte) {
	t.Helper()
	if resp.StatusCode >= 500 {
		t.Errorf("%s: status %d: %.300s", r.name, resp.StatusCode, body)
	}
	if resp.StatusCode >= 400 {
		if ct := resp.Header.Get("Content-Type"); ct != "application/problem+json" {
			t.Errorf("%s: status %d with Content-Type %q: %.300s", r.name, resp.StatusCode, ct, body)
		} else {
			var p struct {
				Status  int    `json:"status"`
				Fix     string `json:"fix"`
				Example string `json:"example"`
				Detail  string `json:"detail"`
			}
			if err := json.Unmarshal(body, &p); err != nil || p.Status != resp.StatusCode || p.Fix == "" && p.Example == "" || p.Detail == "" {
				t.Errorf("%s: status %d, problem without status, detail, fix or example: %.300s", r.name, resp.StatusCode, body)
			} else if !strings.Contains(p.Fix, r.wantFix) {
				t.Errorf("%s: fix %q does not contain %q", r.name, p.Fix, r.wantFix)
			}
		}
	}
	assertStillServing(t, r.name)
}

func assertStillServing(t *testing.T, after string) {
	t.Helper()
	resp, err := client.Get(baseURL + "/api/v1/qr?data=still%20here&size=128")
	if err != nil {
		t.Fatalf("after %s: the server no longer answers: %v", after, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("after %s: a good request answers %d", after, resp.StatusCode)
	}
}

// pngClaiming returns a valid small PNG whose IHDR is rewritten (with a
// correct CRC) to claim w×h pixels: a decompression bomb's header.
func pngClaiming(w, h uint32) []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)))
	out := b.Bytes()
	binary.BigEndian.PutUint32(out[16:], w)
	binary.BigEndian.PutUint32(out[20:], h)
	binary.BigEndian.PutUint32(out[29:], crc32.ChecksumIEEE(out[12:29]))
	return out
}

// gifClaiming is a GIF whose logical screen and frame claim w×h pixels.
func gifClaiming(w, h uint16) []byte {
	var b bytes.Buffer
	gif.Encode(&b, image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.White, color.Black}), nil)
	out := b.Bytes()
	binary.LittleEndian.PutUint16(out[6:], w)
	binary.LittleEndian.PutUint16(out[8:], h)
	if i := bytes.IndexByte(out[13:], 0x2c); i >= 0 { // image descriptor
		binary.LittleEndian.PutUint16(out[13+i+5:], w)
		binary.LittleEndian.PutUint16(out[13+i+7:], h)
	}
	return out
}

// jpegClaiming is a JPEG whose frame header (SOF0) claims w×h pixels.
func jpegClaiming(w, h uint16) []byte {
	var b bytes.Buffer
	jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 16, 16)), nil)
	out := b.Bytes()
	if i := bytes.Index(out, []byte{0xff, 0xc0}); i >= 0 {
		binary.BigEndian.PutUint16(out[i+5:], h)
		binary.BigEndian.PutUint16(out[i+7:], w)
	}
	return out
}

func TestHostileInputs(t *testing.T) {
	var realPNG bytes.Buffer
	png.Encode(&realPNG, image.NewGray(image.Rect(0, 0, 64, 64)))
	rnd := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rnd.Uint32())
		}
		return b
	}
	manyParams := func(n int) string {
		var b strings.Builder
		b.WriteString("/api/v1/qr?data=x")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "&p%d=%d", i, i)
		}
		return b.String()
	}
	batch := func(items ...string) []byte {
		return []byte(`{"items":[` + strings.Join(items, ",") + `]}`)
	}
	bigBatch := func(n int) []byte {
		items := make([]string, n)
		for i := range items {
			items[i] = `{"data":"x"}`
		}
		return batch(items...)
	}
	get := func(name, target string) hostileRequest {
		return hostileRequest{name: name, method: http.MethodGet, target: target}
	}
	postBatch := func(name, contentType string, body []byte) hostileRequest {
		return hostileRequest{name: name, method: http.MethodPost, target: "/api/v1/qr/batch", contentType: contentType, body: body}
	}
	postDecode := func(name, contentType string, body []byte) hostileRequest {
		return hostileRequest{name: name, method: http.MethodPost, target: "/api/v1/decode", contentType: contentType, body: body}
	}
	cases := []hostileRequest{
		// Malformed percent-encoding and invalid UTF-8.
		get("lone percent", "/api/v1/qr?data=100%"),
		get("bad escape", "/api/v1/qr?data=%zz&size=%G0"),
		get("escape in the name", "/api/v1/qr?%zz=1&data=x"),
		get("truncated escape", "/api/v1/qr?data=%E"),
		get("invalid UTF-8", "/api/v1/qr?data=%FF%FE%FD"),
		get("truncated UTF-8", "/api/v1/qr?data=%E2%82"),
		get("overlong UTF-8", "/api/v1/qr?data=%C0%AF"),
		get("UTF-16 surrogate as UTF-8", "/api/v1/qr?data=%ED%A0%80"),
		get("NUL in data", "/api/v1/qr?data=a%00b&format=svg"),
		get("invalid UTF-8 label", "/api/v1/qr?data=x&label=%FF%FE&format=svg"),
		get("invalid UTF-8 in a kind field", "/api/v1/wifi?ssid=%FF%FE&password=%C3"),
		get("invalid UTF-8 in the path form", "/q/%FF%FE.png"),
		// Refused by net/http before any handler: problem documents all the
		// same, through server.Listener.
		{name: "bad escape in the path form", method: http.MethodGet, target: "/q/%zz.png", wantFix: "/q/%25zz.png"},
		{name: "stray % in the path form", method: http.MethodGet, target: "/q/100%.svg?size=300", wantFix: "/q/100%25.svg?size=300"},
		{name: "control character in the path", method: http.MethodGet, target: "/q/a\x01b.png", wantFix: "/q/a%01b.png"},
		{name: "unknown transfer coding (net/http: 501)", method: http.MethodPost, target: "/api/v1/qr/batch", header: "Transfer-Encoding: gzip\r\n", wantFix: "curl -X POST"},
		{name: "HTTP/3.0 on the request line (net/http: 505)", method: http.MethodGet, target: "/q/hi.png", proto: "HTTP/3.0", wantFix: "/q/hi.png"},
		{name: "no Host header", method: http.MethodGet, target: "/q/hi.png", noHost: true, wantFix: "/q/hi.png"},
		{name: "malformed header line", method: http.MethodGet, target: "/q/hi.png", header: "no colon here\r\n", wantFix: "/q/hi.png"},
		get("semicolons", "/api/v1/qr?data=a;b;c&size=1;2"),
		// Absurd numbers.
		get("size 1e9", "/api/v1/qr?data=x&size=1e9"),
		get("size 1000000000", "/api/v1/qr?data=x&size=1000000000"),
		get("30-digit size", "/api/v1/qr?data=x&size=123456789012345678901234567890"),
		get("negative size", "/api/v1/qr?data=x&size=-512"),
		get("negative margin", "/api/v1/qr?data=x&margin=-4"),
		get("30-digit margin", "/api/v1/qr?data=x&margin=999999999999999999999999999999"),
		get("hex size", "/api/v1/qr?data=x&size=0x200"),
		get("NaN size", "/api/v1/qr?data=x&size=NaN"),
		get("infinite size", "/api/v1/qr?data=x&size=Infinity"),
		get("float size", "/api/v1/qr?data=x&size=511.9999999999999999"),
		get("chs overflow", "/api/v1/qr?cht=qr&chl=x&chs=99999999999999999999x99999999999999999999"),
		get("chld overflow", "/api/v1/qr?data=x&chld=H|99999999999999999999"),
		get("ec word", "/api/v1/qr?data=x&ec=ZZZZZZZZZZZZZZZZZZ"),
		get("30-digit EPC amount", "/api/v1/epc?name=Shop&iban=DE89370400440532013000&amount=123456789012345678901234567890"),
		get("negative amount", "/api/v1/epc?name=Shop&iban=DE89370400440532013000&amount=-1"),
		// Thousands of parameters, oversized query strings.
		get("1,000 parameters", manyParams(1000)),
		get("5,000 parameters", manyParams(5000)),
		get("one parameter repeated 2,000 times", "/api/v1/qr?data=x"+strings.Repeat("&size=64", 2000)),
		get("17 KiB query", "/api/v1/qr?data="+strings.Repeat("a", 17<<10)),
		get("60 KiB query", "/api/v1/qr?data="+strings.Repeat("%41", 60<<10/3)),
		// Past the 64 KiB header limit net/http answers 431 itself.
		{name: "200 KiB query", method: http.MethodGet, target: "/api/v1/qr?data=" + strings.Repeat("%41", 200<<10/3)},
		{name: "2 MiB request line", method: http.MethodGet, target: "/api/v1/qr?data=" + strings.Repeat("a", 2<<20)},
		{name: "100 KiB header", method: http.MethodGet, target: "/q/hi.png", header: "X-Big: " + strings.Repeat("a", 100<<10) + "\r\n"},
		get("data beyond version 40", "/api/v1/qr?data="+strings.Repeat("%F0%9F%98%80", 1000)),
		get("7,100 digits", "/api/v1/qr?data="+strings.Repeat("9", 7100)),
		// Batch: bodies too large, nested, truncated, wrongly typed.
		postBatch("batch of 5 MiB", "application/json", append([]byte(`{"items":[{"data":"`), append(bytes.Repeat([]byte("a"), 5<<20), `"}]}`...)...)),
		postBatch("batch over the item limit", "application/json", bigBatch(1001)),
		postBatch("JSON nested 100,000 deep", "application/json", []byte(strings.Repeat("[", 100000)+strings.Repeat("]", 100000))),
		postBatch("objects nested 10,000 deep", "application/json", []byte(`{"items":[`+strings.Repeat(`{"a":`, 10000)+`1`+strings.Repeat("}", 10000)+`]}`)),
		postBatch("truncated JSON", "application/json", []byte(`{"items":[{"data":"x"},{"da`)),
		postBatch("empty body", "application/json", []byte{}),
		postBatch("null", "application/json", []byte(`null`)),
		postBatch("items of the wrong type", "application/json", []byte(`{"items":"everything"}`)),
		postBatch("size as a string", "application/json", batch(`{"data":"x","size":"big"}`)),
		postBatch("size 1e9", "application/json", batch(`{"data":"x","size":1e9}`)),
		postBatch("size 1e400", "application/json", batch(`{"data":"x","size":1e400}`)),
		postBatch("30-digit margin", "application/json", batch(`{"data":"x","margin":123456789012345678901234567890}`)),
		postBatch("negative size", "application/json", batch(`{"data":"x","size":-1}`)),
		postBatch("lone surrogate", "application/json", batch(`{"data":"\ud800"}`)),
		postBatch("invalid UTF-8 bytes", "application/json", []byte("{\"items\":[{\"data\":\"\xff\xfe\"}]}")),
		postBatch("unknown kind", "application/json", batch(`{"kind":"nope","fields":{"a":"b"}}`)),
		postBatch("duplicate keys", "application/json", []byte(`{"items":[{"data":"x"}],"items":5}`)),
		postBatch("trailing garbage", "application/json", []byte(`{"items":[{"data":"x"}]} {"more":1}`)),
		postBatch("random bytes", "application/json", random(4096)),
		postBatch("text/plain", "text/plain", batch(`{"data":"x"}`)),
		postBatch("form content type", "application/x-www-form-urlencoded", []byte("items=1")),
		postBatch("multipart content type", "multipart/form-data; boundary=x", []byte("--x--")),
		postBatch("malformed content type", "application/json; charset", batch(`{"data":"x"}`)),
		postBatch("no content type", "", batch(`{"data":"x"}`)),
		// Decode: lying and truncated images, random bytes, wrong types.
		postDecode("PNG claiming 100000x100000", "image/png", pngClaiming(100000, 100000)),
		postDecode("PNG claiming 4 billion wide", "image/png", pngClaiming(0xffffffff, 1)),
		postDecode("PNG claiming 0x0", "image/png", pngClaiming(0, 0)),
		postDecode("GIF claiming 65535x65535", "image/gif", gifClaiming(65535, 65535)),
		postDecode("JPEG claiming 65535x65535", "image/jpeg", jpegClaiming(65535, 65535)),
		postDecode("truncated PNG", "image/png", realPNG.Bytes()[:realPNG.Len()/2]),
		postDecode("PNG header only", "image/png", realPNG.Bytes()[:33]),
		postDecode("PNG labelled JPEG", "image/jpeg", realPNG.Bytes()),
		postDecode("random bytes", "image/png", random(8192)),
		postDecode("random bytes, octet-stream", "application/octet-stream", random(8192)),
		postDecode("empty image", "image/png", []byte{}),
		postDecode("11 MiB upload", "image/png", append(append([]byte(nil), realPNG.Bytes()...), make([]byte, 11<<20)...)),
		postDecode("text/html", "text/html", []byte("<html></html>")),
		postDecode("JSON", "application/json", []byte(`{"image":"x"}`)),
		postDecode("multipart without a boundary", "multipart/form-data", []byte("--x\r\n")),
		postDecode("multipart, truncated", "multipart/form-data; boundary=XyZ", []byte("--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n\x89PNG")),
		postDecode("multipart, no file", "multipart/form-data; boundary=XyZ", []byte("--XyZ\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n--XyZ--\r\n")),
		// Methods and targets.
		{name: "PUT", method: http.MethodPut, target: "/api/v1/qr?data=x"},
		{name: "DELETE with a body", method: http.MethodDelete, target: "/api/v1/qr/batch", body: []byte("{}")},
		{name: "unknown method", method: "BREW", target: "/api/v1/qr?data=x"},
		get("dot segments", "/api/v1/../../etc/passwd"),
		get("encoded dot segments", "/q/..%2F..%2Fetc%2Fpasswd.png"),
		get("verify with garbage", "/api/v1/verify?data=%FF&type=%00&size=-1"),
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, body := sendRaw(t, c)
			assertServedWell(t, c, resp, body)
		})
	}
}

// TestSlowHeadersAreCut opens a connection and sends a request's headers
// one byte at a time, slower than the server's ReadHeaderTimeout (5 s):
// the server must close it, and keep answering other clients meanwhile.
func TestSlowHeadersAreCut(t *testing.T) {
	t.Parallel()
	conn, err := net.Dial("tcp", strings.TrimPrefix(baseURL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	head := "GET /api/v1/qr?data=slow HTTP/1.1\r\nHost: qrforge.test\r\nUser-Agent: " + strings.Repeat("s", 200) + "\r\n\r\n"
	start := time.Now()
	closed := make(chan time.Duration, 1)
	go func() {
		// The server's answer (if any, 408) or EOF ends the read.
		conn.SetReadDeadline(time.Now().Add(30 * time.Second))
		io.Copy(io.Discard, conn)
		closed <- time.Since(start)
	}()
	served := 0
	for i := 0; i < len(head); i++ {
		select {
		case d := <-closed:
			if d < 4*time.Second {
				t.Fatalf("connection closed after %v, before the 5 s header timeout", d)
			}
			if d > 12*time.Second {
				t.Fatalf("connection closed only after %v", d)
			}
			if served < 5 {
				t.Fatalf("only %d good requests served while the slow client was open", served)
			}
			t.Logf("slow client cut after %v and %d of %d header bytes; %d other requests served meanwhile", d.Round(time.Millisecond), i, len(head), served)
			return
		default:
		}
		if _, err := conn.Write([]byte{head[i]}); err != nil {
			break // closed under us: the reader reports when
		}
		// Others are served while the slow client holds its connection.
		assertStillServing(t, "a slow header byte")
		served++
		time.Sleep(250 * time.Millisecond)
		if time.Since(start) > 20*time.Second {
			t.Fatal("the server kept a connection sending headers for 20 s")
		}
	}
	select {
	case d := <-closed:
		if d < 4*time.Second || d > 12*time.Second {
			t.Fatalf("connection closed after %v; want the 5 s header timeout", d)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("all headers were sent slowly and the connection is still open")
	}
}
