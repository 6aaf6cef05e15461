package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// reference is the row every ratio divides by: qrforge as the service calls it.
const reference = "qrforge-auto"

// benchPrefix selects the comparison in bench_test.go.
const benchPrefix = "BenchmarkPNG512/"

// procsSuffix is the -GOMAXPROCS that go test appends to a benchmark name.
var procsSuffix = regexp.MustCompile(`-\d+$`)

// goNames are the Go libraries as a reader knows them; a lib missing here
// is shown as bench_test.go names it.
var goNames = map[string]string{
	"skip2":        "skip2/go-qrcode",
	"qrforge":      "qrforge, level M",
	"qrforge-auto": "qrforge-auto",
	"rsc":          "rsc.io/qr",
	"boombuler":    "boombuler/barcode (no quiet zone)",
	"yeqown":       "yeqown/go-qrcode",
}

// peerNotes say how a peer was measured, unlike the Go rows, which all run
// in the same Go process. The first matching prefix wins.
var peerNotes = []struct{ prefix, note string }{
	{"qrencode --version", ""}, // its name says it already
	{"qrencode", "command line, one process per image, start-up included"},
	{"node-qrcode", "Node.js, in-process"},
	{"segno", "CPython, in-process"},
}

type goKey struct{ payload, lib string }

// goResults holds every round's figures per payload set and library.
type goResults struct {
	payloads, libs []string // in order of first appearance
	nsPerOp        map[goKey][]float64
	bytesPerImage  map[goKey][]float64
}

func newGoResults() *goResults {
	return &goResults{nsPerOp: map[goKey][]float64{}, bytesPerImage: map[goKey][]float64{}}
}

func (g *goResults) add(k goKey, nsPerOp, bytesPerImage float64) {
	if !slices.Contains(g.payloads, k.payload) {
		g.payloads = append(g.payloads, k.payload)
	}
	if !slices.Contains(g.libs, k.lib) {
		g.libs = append(g.libs, k.lib)
	}
	g.nsPerOp[k] = append(g.nsPerOp[k], nsPerOp)
	g.bytesPerImage[k] = append(g.bytesPerImage[k], bytesPerImage)
}

// rounds is the fewest and the most samples any library has.
func (g *goResults) rounds() (fewest, most int) {
	for _, s := range g.nsPerOp {
		if fewest == 0 || len(s) < fewest {
			fewest = len(s)
		}
		most = max(most, len(s))
	}
	return fewest, most
}

// parseBench reads the output of go test -bench, any number of rounds
// appended to one another, and keeps the BenchmarkPNG512 results.
func parseBench(r io.Reader) (*goResults, error) {
	res := newGoResults()
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		k, ns, bytes, ok, err := parseBenchLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if ok {
			res.add(k, ns, bytes)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(res.nsPerOp) == 0 {
		return nil, errors.New("no " + strings.TrimSuffix(benchPrefix, "/") + " results")
	}
	return res, nil
}

// parseBenchLine reads one result line such as
//
//	BenchmarkPNG512/payload=url/lib=skip2-2  189  3188042 ns/op  684.3 B/img  ...
//
// ok is false for every other line, including a name that go test printed
// alone before a benchmark's log output.
func parseBenchLine(line string) (k goKey, nsPerOp, bytesPerImage float64, ok bool, err error) {
	fields := strings.Fields(line)
	if len(fields) < 4 || !strings.HasPrefix(fields[0], benchPrefix) {
		return k, 0, 0, false, nil
	}
	if _, err := strconv.Atoi(fields[1]); err != nil {
		return k, 0, 0, false, nil
	}
	if k, err = parseBenchName(fields[0]); err != nil {
		return k, 0, 0, false, err
	}
	metrics, err := parseMetrics(fields[2:])
	if err != nil {
		return k, 0, 0, false, err
	}
	nsPerOp, okNs := metrics["ns/op"]
	bytesPerImage, okBytes := metrics["B/img"]
	if !okNs || !okBytes {
		return k, 0, 0, false, fmt.Errorf("%s: want ns/op and B/img", fields[0])
	}
	return k, nsPerOp, bytesPerImage, true, nil
}

// parseBenchName reads payload and lib from a name such as
// BenchmarkPNG512/payload=url/lib=qrforge-auto-2.
func parseBenchName(name string) (goKey, error) {
	var k goKey
	parts := strings.Split(procsSuffix.ReplaceAllString(strings.TrimPrefix(name, benchPrefix), ""), "/")
	for _, p := range parts {
		key, value, _ := strings.Cut(p, "=")
		switch key {
		case "payload":
			k.payload = value
		case "lib":
			k.lib = value
		}
	}
	if k.payload == "" || k.lib == "" {
		return k, fmt.Errorf("%s: want payload= and lib= in the name", name)
	}
	return k, nil
}

// parseMetrics reads the value and unit pairs after the iteration count.
func parseMetrics(fields []string) (map[string]float64, error) {
	m := map[string]float64{}
	for i := 0; i+1 < len(fields); i += 2 {
		v, err := strconv.ParseFloat(fields[i], 64)
		if err != nil {
			return nil, fmt.Errorf("metric %s: %w", fields[i+1], err)
		}
		m[fields[i+1]] = v
	}
	return m, nil
}

// anyPayload is peers.sh's payload for a row that belongs to every set.
const anyPayload = "-"

// peer is one row of peers.sh: one run's mean over its images.
type peer struct {
	tool, payload string
	ms            float64
	bytes         float64 // NaN where the row has none
	px            string  // pixels per side, "-" where there is no image
}

// parsePeers reads the tab-separated lines of RAW=1 peers.sh: tool,
// payload, ms/img, bytes/img, px. Splitting on tabs, not on runs of
// spaces, keeps tool names such as "qrencode 4.1.1" whole.
func parsePeers(r io.Reader) ([]peer, error) {
	var peers []peer
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 5 {
			return nil, fmt.Errorf("line %d: want 5 tab-separated fields, got %d (write the file with RAW=1 peers.sh)", line, len(fields))
		}
		if fields[0] == "tool" {
			continue
		}
		p, err := parsePeer(fields)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		peers = append(peers, p)
	}
	return peers, sc.Err()
}

func parsePeer(fields []string) (peer, error) {
	p := peer{tool: fields[0], payload: fields[1], bytes: math.NaN(), px: fields[4]}
	var err error
	if p.ms, err = strconv.ParseFloat(fields[2], 64); err != nil {
		return p, fmt.Errorf("ms/img: %w", err)
	}
	if fields[3] != "-" {
		if p.bytes, err = strconv.ParseFloat(fields[3], 64); err != nil {
			return p, fmt.Errorf("bytes/img: %w", err)
		}
	}
	return p, nil
}

// median of a non-empty sample; the mean of the middle two for an even count.
func median(s []float64) float64 {
	s = slices.Sorted(slices.Values(s))
	mid := len(s) / 2
	if len(s)%2 == 1 {
		return s[mid]
	}
	return (s[mid-1] + s[mid]) / 2
}

// row is one line of a table: milliseconds and bytes per image.
type row struct {
	name      string
	ms, bytes float64
}

// table is one payload set; ref is the row the ratios divide by.
type table struct {
	payload string
	rows    []row
	ref     row
}

// buildTables makes one table per payload set of the Go results: the Go
// libraries in the order go test ran them, then the peers in peers.sh's order.
func buildTables(g *goResults, peers []peer) ([]table, error) {
	for _, p := range peers {
		if p.payload != anyPayload && !slices.Contains(g.payloads, p.payload) {
			return nil, fmt.Errorf("peer %q has payload set %q, which the Go results lack", p.tool, p.payload)
		}
	}
	var tables []table
	for _, payload := range g.payloads {
		t, err := buildTable(payload, g, peers)
		if err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return tables, nil
}

func buildTable(payload string, g *goResults, peers []peer) (table, error) {
	t := table{payload: payload}
	hasRef := false
	for _, lib := range g.libs {
		k := goKey{payload, lib}
		if len(g.nsPerOp[k]) == 0 {
			continue
		}
		r := row{name: goName(lib), ms: median(g.nsPerOp[k]) / 1e6, bytes: median(g.bytesPerImage[k])}
		if lib == reference {
			t.ref, hasRef = r, true
		}
		t.rows = append(t.rows, r)
	}
	if !hasRef {
		return t, fmt.Errorf("payload set %q: no %s results to divide by", payload, reference)
	}
	for _, p := range peers {
		if p.payload == payload || p.payload == anyPayload {
			t.rows = append(t.rows, row{name: peerName(p), ms: p.ms, bytes: p.bytes})
		}
	}
	return t, nil
}

func goName(lib string) string {
	if name, ok := goNames[lib]; ok {
		return name
	}
	return lib
}

// peerName adds how the peer was measured and, since fewer pixels make
// fewer bytes, the image size where it is not 512 px.
func peerName(p peer) string {
	notes := []string{peerNote(p.tool)}
	if p.px != "512" && p.px != "-" {
		notes = append(notes, p.px+" px")
	}
	notes = slices.DeleteFunc(notes, func(s string) bool { return s == "" })
	if len(notes) == 0 {
		return p.tool
	}
	return p.tool + " (" + strings.Join(notes, "; ") + ")"
}

func peerNote(tool string) string {
	for _, n := range peerNotes {
		if strings.HasPrefix(tool, n.prefix) {
			return n.note
		}
	}
	return "peers.sh"
}

// writeMarkdown prints a line on how the figures were taken, then the tables.
func writeMarkdown(w io.Writer, tables []table, fewestRounds, mostRounds int) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Go libraries: median of %s of `%s`, all in one Go process. "+
		"Other tools: the mean over one `peers.sh` run. "+
		"A ratio below 1 is faster or smaller than %s.\n",
		roundsText(fewestRounds, mostRounds), strings.TrimSuffix(benchPrefix, "/"), reference)
	for _, t := range tables {
		fmt.Fprintf(bw, "\nPayload set `%s`:\n\n", t.payload)
		fmt.Fprintf(bw, "| library | ms per 512 px PNG (median) | time ÷ %s | bytes per image | bytes ÷ %s |\n", reference, reference)
		fmt.Fprintln(bw, "|---|--:|--:|--:|--:|")
		for _, r := range t.rows {
			fmt.Fprintf(bw, "| %s | %.3f | %s | %s | %s |\n",
				r.name, r.ms, ratio(r.ms, t.ref.ms), thousands(r.bytes), ratio(r.bytes, t.ref.bytes))
		}
	}
	return bw.Flush()
}

func roundsText(fewest, most int) string {
	if fewest == most {
		return fmt.Sprintf("%d rounds", most)
	}
	return fmt.Sprintf("%d–%d rounds", fewest, most)
}

// ratio prints a÷b, or a dash where either is unknown.
func ratio(a, b float64) string {
	if math.IsNaN(a) || math.IsNaN(b) || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

// thousands prints a whole number with comma separators, as BENCHMARKS.md
// does, or a dash where it is unknown.
func thousands(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	digits := strconv.FormatInt(int64(math.Round(v)), 10)
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}
