// Command soak puts a mixed load on a running qrforge for a long time and
// reports whether it holds: first it measures capacity (the most mixed
// requests a second that a closed loop of workers gets through), then it
// sends requests at a fixed fraction of that rate, open loop, for the
// duration, sampling the server's resident memory. It prints the rate,
// the errors, p50/p99/max latency per kind of request and the memory
// samples, and exits 1 when a request failed or the resident memory after
// warm-up rose more than 10 %: the highest mean of a minute after the
// first is compared with the first minute's mean, since single samples
// swing with garbage collection. Warm-up lasts until the response cache
// is full (from /metrics), or the -warmup limit: until then the cache is
// meant to grow. The samples show the cache's bytes beside the resident
// memory, so a run whose cache filled late can be told from a leak.
//
// bench/soak.sh builds the committed tree and runs it; it is not part of CI.
package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18190", "qrforge's base URL")
	pid := flag.Int("pid", 0, "qrforge's process id, for its resident memory")
	duration := flag.Duration("duration", 10*time.Minute, "how long to hold the load")
	warmup := flag.Duration("warmup", 3*time.Minute, "the longest warm-up, for a cache that never fills (warm-up ends when the response cache is 90 % full)")
	fraction := flag.Float64("load", 0.8, "the fraction of measured capacity to send")
	workers := flag.Int("workers", 8, "concurrent requests while measuring capacity")
	flag.Parse()

	s := &soak{base: strings.TrimRight(*base, "/"), client: &http.Client{Timeout: time.Minute}}
	if err := s.prepare(); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(2)
	}
	capacity := s.measure(*workers, 20*time.Second)
	rate := capacity * *fraction
	fmt.Printf("capacity: %.1f mixed requests/s with %d workers; sending %.1f/s (%.0f %%) for %s\n", capacity, *workers, rate, *fraction*100, *duration)
	s.reset()
	samples := s.run(rate, *duration, *pid)
	if !s.report(samples, *warmup) {
		os.Exit(1)
	}
}

// request is one kind of request in the mix.
type request struct {
	name string
	make func(i int) *http.Request
}

type soak struct {
	base   string
	client *http.Client
	mix    []request
	mu     sync.Mutex
	lat    map[string][]time.Duration
	errors map[string]map[string]int // request → why it failed → how often
	sent   atomic.Int64
	served atomic.Int64 // requests answered 200
}

// prepare builds the mix: generic and typed codes, a verify, a decode of
// a code the server made, a batch of 20, and an MCP tool call.
func (s *soak) prepare() error {
	resp, err := s.client.Get(s.base + "/api/v1/qr?data=soak&size=256")
	if err != nil {
		return fmt.Errorf("qrforge does not answer at %s: %w", s.base, err)
	}
	code, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	get := func(path string) func(int) *http.Request {
		return func(i int) *http.Request {
			req, _ := http.NewRequest(http.MethodGet, s.base+strings.ReplaceAll(path, "{i}", strconv.Itoa(i)), nil)
			return req
		}
	}
	post := func(path, contentType string, body func(int) []byte) func(int) *http.Request {
		return func(i int) *http.Request {
			req, _ := http.NewRequest(http.MethodPost, s.base+path, bytes.NewReader(body(i)))
			req.Header.Set("Content-Type", contentType)
			req.Header.Set("Accept", "application/json, text/event-stream")
			return req
		}
	}
	s.mix = []request{
		{"generate png", get("/api/v1/qr?size=512&data=https%3A%2F%2Fexample.com%2Fitem%2F{i}")},
		{"generate svg rounded", get("/q/item-{i}.svg?style=rounded&eye=squircle")},
		{"typed wifi", get("/api/v1/wifi?ssid=Net-{i}&password=correct%20horse&size=384")},
		{"typed epc", get("/api/v1/epc?name=Red%20Cross&iban=BE72000000001616&bic=BPOTBEB1&amount={i}.50")},
		{"verify", get("/api/v1/verify?data=item-{i}&size=512&style=dot")},
		{"decode", post("/api/v1/decode", "image/png", func(int) []byte { return code })},
		{"batch of 20", post("/api/v1/qr/batch", "application/json", func(i int) []byte {
			var items []string
			for j := range 20 {
				items = append(items, fmt.Sprintf(`{"data":"https://example.com/%d/%d"}`, i, j))
			}
			return []byte(`{"output":"base64","style":{"size":256},"items":[` + strings.Join(items, ",") + `]}`)
		})},
		{"mcp qr_generate", post("/api/mcp", "application/json", func(i int) []byte {
			return []byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"mcp-%d","size":256}}}`, i, i))
		})},
	}
	s.reset()
	return nil
}

func (s *soak) reset() {
	s.lat = map[string][]time.Duration{}
	s.errors = map[string]map[string]int{}
	s.sent.Store(0)
	s.served.Store(0)
}

// do sends request number i of the mix and records it, with why it
// failed when it did: the status, "isError" for an MCP tool error, or the
// client's error.
func (s *soak) do(i int) {
	r := s.mix[i%len(s.mix)]
	start := time.Now()
	why := ""
	resp, err := s.client.Do(r.make(i))
	if err != nil {
		why = "no answer"
		if errors.Is(err, context.DeadlineExceeded) || os.IsTimeout(err) {
			why = "client timeout"
		}
	} else {
		body, readErr := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case readErr != nil:
			why = "cut body"
		case resp.StatusCode != http.StatusOK:
			why = strconv.Itoa(resp.StatusCode)
		case len(body) == 0:
			why = "empty body"
		case strings.HasPrefix(r.name, "mcp") && bytes.Contains(body, []byte(`"isError":true`)):
			why = "isError"
		}
	}
	elapsed := time.Since(start)
	if why == "" {
		s.served.Add(1)
	}
	s.mu.Lock()
	s.lat[r.name] = append(s.lat[r.name], elapsed)
	if why != "" {
		if s.errors[r.name] == nil {
			s.errors[r.name] = map[string]int{}
		}
		s.errors[r.name][why]++
	}
	s.mu.Unlock()
}

// measure runs a closed loop of workers and returns the requests a second
// answered 200: a request refused at once (503 when the server sheds load)
// is fast, and counting it would overstate what the server gets through.
func (s *soak) measure(workers int, d time.Duration) float64 {
	var n atomic.Int64
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				s.do(int(n.Add(1)))
			}
		}()
	}
	wg.Wait()
	if failed := n.Load() - s.served.Load(); failed > 0 {
		fmt.Printf("capacity run: %d of %d requests failed (%s)\n", failed, n.Load(), s.failures())
	}
	return float64(s.served.Load()) / d.Seconds()
}

// sample is the server's resident memory at a moment of the run, and
// its response cache's bytes and whether it was full then.
type sample struct {
	at        time.Duration
	rss       int64
	cache     int64
	cacheFull bool
}

// run sends rate requests a second for d, each in its own goroutine so
// that a slow answer does not slow the sending, and samples memory every
// 5 s.
func (s *soak) run(rate float64, d time.Duration, pid int) []sample {
	var samples []sample
	start := time.Now()
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	every := time.NewTicker(5 * time.Second)
	defer every.Stop()
	var wg sync.WaitGroup
	for i := 0; time.Since(start) < d; {
		select {
		case <-tick.C:
			wg.Add(1)
			go func(i int) { defer wg.Done(); s.do(i) }(i)
			i++
		case <-every.C:
			if rss := residentMemory(pid); rss > 0 {
				cache, full := s.cacheState()
				samples = append(samples, sample{time.Since(start), rss, cache, full})
			}
		}
	}
	wg.Wait()
	return samples
}

// report prints the results and says whether the run held.
func (s *soak) report(samples []sample, warmup time.Duration) bool {
	held := true
	total, failed := 0, 0
	names := make([]string, 0, len(s.lat))
	for name := range s.lat {
		names = append(names, name)
	}
	slices.Sort(names)
	fmt.Printf("%-22s %8s %7s %9s %9s %9s  %s\n", "request", "count", "errors", "p50 ms", "p99 ms", "max ms", "why")
	for _, name := range names {
		l := s.lat[name]
		slices.Sort(l)
		total += len(l)
		errs := 0
		for _, c := range s.errors[name] {
			errs += c
		}
		failed += errs
		fmt.Printf("%-22s %8d %7d %9.1f %9.1f %9.1f  %s\n", name, len(l), errs, ms(l[len(l)/2]), ms(l[len(l)*99/100]), ms(l[len(l)-1]), reasons(s.errors[name]))
	}
	fmt.Printf("%d requests, %d errors\n", total, failed)
	if failed > 0 {
		held = false
	}
	warmEnd := time.Duration(0)
	for _, smp := range samples {
		warmEnd = smp.at
		if smp.cacheFull || smp.at >= warmup {
			break
		}
	}
	// Minute means after warm-up of the resident memory and of the
	// cache's bytes.
	var rss, cache []float64
	var sumRSS, sumCache, n float64
	next := warmEnd + time.Minute
	for _, smp := range samples {
		if smp.at <= warmEnd {
			continue
		}
		if smp.at > next {
			rss, cache = append(rss, sumRSS/n), append(cache, sumCache/n)
			sumRSS, sumCache, n, next = 0, 0, 0, next+time.Minute
		}
		sumRSS, sumCache, n = sumRSS+float64(smp.rss), sumCache+float64(smp.cache), n+1
	}
	if len(rss) >= 2 {
		first, highest := rss[0], slices.Max(rss[1:])
		growth := (highest - first) / first * 100
		fmt.Printf("resident memory after warm-up (ended at %s): minute means %s MiB, highest %+.1f %% over the first; the response cache's %s MiB\n",
			warmEnd.Round(time.Second), mebibytes(rss), growth, mebibytes(cache))
		if growth > 10 {
			held = false
		}
	}
	var trace []string
	for _, smp := range samples {
		trace = append(trace, fmt.Sprintf("%ds:%dMiB(cache %d)", int(smp.at.Seconds()), smp.rss>>20, smp.cache>>20))
	}
	fmt.Println("samples:", strings.Join(trace, " "))
	return held
}

// cacheState reads the response cache's bytes from /metrics, and whether
// it holds at least 90 % of its capacity.
func (s *soak) cacheState() (bytes int64, full bool) {
	resp, err := s.client.Get(s.base + "/metrics")
	if err != nil {
		return 0, false
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var used, capacity float64
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "qrforge_cache_bytes "); ok {
			used, _ = strconv.ParseFloat(v, 64)
		}
		if v, ok := strings.CutPrefix(line, "qrforge_cache_capacity_bytes "); ok {
			capacity, _ = strconv.ParseFloat(v, 64)
		}
	}
	return int64(used), capacity > 0 && used >= 0.9*capacity
}

// mebibytes lists byte counts in MiB.
func mebibytes(values []float64) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = strconv.Itoa(int(v) >> 20)
	}
	return strings.Join(out, " ")
}

// failures sums why requests failed over the whole mix.
func (s *soak) failures() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := map[string]int{}
	for _, whys := range s.errors {
		for why, c := range whys {
			all[why] += c
		}
	}
	return reasons(all)
}

// reasons lists why-counts as "503×12 client timeout×3", most frequent first.
func reasons(whys map[string]int) string {
	keys := make([]string, 0, len(whys))
	for k := range whys {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(whys[b]-whys[a], strings.Compare(a, b)) })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s×%d", k, whys[k])
	}
	return strings.Join(parts, " ")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// residentMemory is VmRSS of pid, 0 when unknown.
func residentMemory(pid int) int64 {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			return kb << 10
		}
	}
	return 0
}
