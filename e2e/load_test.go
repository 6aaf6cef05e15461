//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// memoryCeiling is what the hostile load may take at its peak, against a
// container limit of 1 GiB (deploy/deployment.yaml: GOMEMLIMIT=900MiB).
const memoryCeiling = 900 << 20

// TestHostileLoadStaysWithinMemory replays, against a binary run as the
// deployment runs it (GOMEMLIMIT=900MiB), the cheap requests that used
// to push qrforge far past its memory limit: 40-megapixel images that
// decode to gigabytes, floods of 10 MB uploads, verifications and framed
// codes at the largest size, MCP calls with a million argument keys.
// Every request must end in a 200, a 4xx or a 503 problem; the process's
// peak resident memory (VmHWM) must stay under 900 MiB; a small decode
// must answer within 2 s while big ones queue; and the server must be
// alive at the end.
func TestHostileLoadStaysWithinMemory(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "900MiB")
	srv, err := startServer(binaryPath)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop(20 * time.Second)
	if line, _, _ := strings.Cut(srv.log.String(), "\n"); strings.Contains(line, `"work_budget_bytes"`) {
		t.Logf("start-up: %s", line)
	} else {
		t.Errorf("the start-up log does not give the memory budget: %s", line)
	}
	dir := t.TempDir()
	small := mustGetBody(t, srv.url+"/api/v1/qr?data=small&size=128")
	big := bigGreyJPEG(t)
	bombs := map[string][]byte{
		"progressive CMYK JPEG, 40 MP": pillowImage(t, dir, "CMYK", "jpeg", "progressive=True, quality=90"),
		"16-bit RGBA Adam7 PNG, 40 MP": adam7PNG16(8000, 5000),
		"lossless WebP, 40 MP":         pillowImage(t, dir, "RGBA", "webp", "lossless=True"),
	}
	upload := make([]byte, 10<<20)
	for i := range upload {
		upload[i] = byte(i * 7)
	}

	l := &loadRun{t: t, srv: srv}
	for name, file := range bombs {
		l.row(name+", twice at once", 2, func(int) *http.Request { return decodeRequest(srv.url, file) })
	}
	l.row("60 uploads of 10 MB at once", 60, func(int) *http.Request { return decodeRequest(srv.url, upload) })
	l.row("2 slow decodes and 40 uploads of 10 MB", 42, func(i int) *http.Request {
		if i < 2 {
			return decodeRequest(srv.url, big)
		}
		return decodeRequest(srv.url, upload)
	})
	l.row("32 verify at 4096 px, organic, leaf, ec=H", 32, func(i int) *http.Request {
		return getRequest(srv.url + "/api/v1/verify?size=4096&style=organic&eye=leaf&ec=H&data=" + strconv.Itoa(i))
	})
	l.row("32 framed 4096 px codes with distinct labels", 32, func(i int) *http.Request {
		return getRequest(srv.url + "/api/v1/qr?size=4096&tpl=scanme&data=framed&label=" + url.QueryEscape(fmt.Sprintf("Table %d", i)))
	})
	l.row("4 MCP qr_generate with 1,000,000 unknown keys (12 MB)", 4, func(int) *http.Request { return mcpRequest(srv.url, millionKeys()) })
	l.row("4 MCP qr_batch of 1000 SVG items", 4, func(int) *http.Request { return mcpRequest(srv.url, svgBatchCall()) })

	// Fairness: a small decode answers while 16 big ones from the same
	// client queue.
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() { defer wg.Done(); l.send("big decode", decodeRequest(srv.url, big)) }()
	}
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	status := l.send("small decode", decodeRequest(srv.url, small))
	if waited := time.Since(start); status != http.StatusOK || waited > 2*time.Second {
		t.Errorf("a %d-byte decode behind 16 big ones: %d after %s, want 200 within 2 s", len(small), status, waited.Round(time.Millisecond))
	} else {
		t.Logf("a %d-byte decode behind 16 big ones answered in %s", len(small), waited.Round(time.Millisecond))
	}
	wg.Wait()

	peak := vmHWM(t, srv)
	t.Logf("peak resident memory over the whole run: %d MiB (ceiling %d MiB)", peak>>20, memoryCeiling>>20)
	if peak > memoryCeiling {
		t.Errorf("peak resident memory %d MiB, over %d MiB", peak>>20, memoryCeiling>>20)
	}
	if resp, err := client.Get(srv.url + "/healthz"); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the server is not alive after the load: %v", err)
	}
}

// loadRun sends rows of concurrent requests and checks every answer.
type loadRun struct {
	t   *testing.T
	srv *server
	mu  sync.Mutex
}

// row sends n requests at once and reports what they got.
func (l *loadRun) row(name string, n int, req func(i int) *http.Request) {
	start := time.Now()
	counts := map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status := l.send(name, req(i))
			l.mu.Lock()
			counts[status]++
			l.mu.Unlock()
		}()
	}
	wg.Wait()
	l.t.Logf("%s: %v in %s, peak RSS so far %d MiB", name, counts, time.Since(start).Round(time.Millisecond), vmHWM(l.t, l.srv)>>20)
}

// send makes one request and checks that its answer is a 200, a 4xx or
// a 503 problem document; it returns the status, or 0 for no answer.
func (l *loadRun) send(name string, req *http.Request) int {
	resp, err := loadClient.Do(req)
	if err != nil {
		l.t.Errorf("%s: no answer: %v", name, err)
		return 0
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		l.t.Errorf("%s: %d, body cut: %v", name, resp.StatusCode, err)
		return resp.StatusCode
	}
	switch {
	case resp.StatusCode == http.StatusOK, resp.StatusCode >= 400 && resp.StatusCode < 500:
	case resp.StatusCode == http.StatusServiceUnavailable:
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") || resp.Header.Get("Retry-After") == "" {
			l.t.Errorf("%s: 503 without a problem document and Retry-After: %s", name, body)
		}
	default:
		l.t.Errorf("%s: status %d: %.300s", name, resp.StatusCode, body)
	}
	return resp.StatusCode
}

// loadClient waits as long as a queued request may: the service's own
// wait bounds it.
var loadClient = &http.Client{Timeout: 2 * time.Minute}

func getRequest(target string) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	return req
}

func decodeRequest(base string, file []byte) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, base+"/api/v1/decode", bytes.NewReader(file))
	req.Header.Set("Content-Type", "application/octet-stream")
	return req
}

func mcpRequest(base string, body []byte) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, base+"/api/mcp", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	return req
}

// millionKeys is a qr_generate call of about 12 MB: data and a million
// argument keys no tool takes.
func millionKeys() []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"hello"`)
	for i := range 1_000_000 {
		fmt.Fprintf(&b, `,"k%d":1`, i)
	}
	b.WriteString(`}}}`)
	return b.Bytes()
}

func svgBatchCall() []byte {
	items := make([]map[string]any, 1000)
	for i := range items {
		items[i] = map[string]any{"data": fmt.Sprintf("https://example.com/item/%d", i)}
	}
	call := map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": map[string]any{
		"name": "qr_batch", "arguments": map[string]any{"output": "svg", "items": items}}}
	b, _ := json.Marshal(call)
	return b
}

func mustGetBody(t *testing.T, target string) []byte {
	t.Helper()
	resp, err := client.Get(target)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", target, resp.StatusCode, err)
	}
	return b
}

// bigGreyJPEG is a 20-megapixel baseline JPEG of noise: decodable within
// the budget, slow to decode, with no code in it.
func bigGreyJPEG(t *testing.T) []byte {
	img := image.NewGray(image.Rect(0, 0, 5000, 4000))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 50}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pillowImage writes an 8000×5000 image of the given mode with Pillow
// (Debian python3-pil): Go's encoders write neither progressive CMYK JPEG
// nor WebP.
func pillowImage(t *testing.T, dir, mode, format, options string) []byte {
	t.Helper()
	path := filepath.Join(dir, strings.ToLower(mode)+"."+format)
	script := fmt.Sprintf("from PIL import Image\nImage.new(%q, (8000, 5000)).save(%q, %q, %s)\n", mode, path, format, options)
	if out, err := exec.Command("/usr/bin/python3", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("Pillow (apt-get install python3-pil): %v\n%s", err, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// adam7PNG16 writes a w×h PNG of 16-bit RGBA, interlaced (ISO/IEC 15948
// §8.2): seven passes of zero rows, which deflate to almost nothing and
// decode to 8 bytes a pixel.
func adam7PNG16(w, h int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		binary.Write(&out, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		io.WriteString(crc, kind)
		crc.Write(data)
		out.WriteString(kind)
		out.Write(data)
		binary.Write(&out, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9], ihdr[12] = 16, 6, 1 // depth, RGBA, Adam7
	chunk("IHDR", ihdr)
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	zw := bufio.NewWriter(z)
	passes := [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
	for _, p := range passes {
		pw, ph := (w-p[0]+p[2]-1)/p[2], (h-p[1]+p[3]-1)/p[3]
		if pw <= 0 || ph <= 0 {
			continue
		}
		row := make([]byte, 1+8*pw)
		for range ph {
			zw.Write(row)
		}
	}
	zw.Flush()
	z.Close()
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// vmHWM is the process's peak resident set size so far.
func vmHWM(t *testing.T, s *server) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		t.Fatalf("read the peak resident memory: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/<pid>/status")
	return 0
}

// TestForgedClientAddresses replays, with the deployment's rate limit
// (20 a second, bursts of 40) and its trusted proxies (the ingress
// controller's range, which loopback is not in), a client that varies
// X-Forwarded-For and X-Real-IP on every request: it stays one client,
// and is limited.
func TestForgedClientAddresses(t *testing.T) {
	srv, err := startServer(binaryPath, "--rate-limit", "20", "--rate-burst", "40", "--trusted-proxies", "10.42.0.0/24")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop(10 * time.Second)
	allowed := 0
	start := time.Now()
	for i := range 300 {
		req := getRequest(srv.url + "/api/v1/qr?size=128&data=forged")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i%250))
		req.Header.Set("X-Real-IP", fmt.Sprintf("203.0.113.%d", i%250))
		resp, err := loadClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			allowed++
		case http.StatusTooManyRequests:
		default:
			t.Fatalf("request %d: status %d", i, resp.StatusCode)
		}
	}
	// A burst of 40, and 20 a second for the time the loop took.
	if most := 40 + int(20*time.Since(start).Seconds()) + 1; allowed > most {
		t.Errorf("%d of 300 requests with forged addresses allowed in %s; one client may have at most %d", allowed, time.Since(start).Round(time.Millisecond), most)
	}
	t.Logf("%d of 300 requests with forged addresses allowed in %s", allowed, time.Since(start).Round(time.Millisecond))
}

// TestNotModifiedOnlyWhereOK: If-None-Match: * on a request whose answer
// is a 400 stays a 400.
func TestNotModifiedOnlyWhereOK(t *testing.T) {
	req := getRequest(baseURL + "/api/v1/qr?size=64&data=" + strings.Repeat("a", 300))
	req.Header.Set("If-None-Match", "*")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("If-None-Match: * on a size too small: %d, want 400", resp.StatusCode)
	}
}
