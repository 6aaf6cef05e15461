package mcp_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// rawReply is a tools/call reply as it travels, and its result.
type rawReply struct {
	body   []byte
	result struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		IsError           bool            `json:"isError"`
	}
}

// problem is the JSON of an error reply's problem document: its last text
// content (an error has no structured content).
func (r *rawReply) problem() []byte {
	if len(r.result.Content) == 0 {
		return nil
	}
	return []byte(r.result.Content[len(r.result.Content)-1].Text)
}

// text is the reply's text content.
func (r *rawReply) text() string {
	var parts []string
	for _, c := range r.result.Content {
		parts = append(parts, c.Text)
	}
	return strings.Join(parts, "\n")
}

// rawCall posts one tools/call message to the MCP endpoint and keeps the
// reply's bytes, which the client library would hide.
func rawCall(t *testing.T, base, tool string, args map[string]any) *rawReply {
	t.Helper()
	msg, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": tool, "arguments": args}})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, base+"/api/mcp", strings.NewReader(string(msg)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := &rawReply{}
	if r.body, err = io.ReadAll(resp.Body); err != nil {
		t.Fatal(err)
	}
	var envelope struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(r.body, &envelope); err != nil || envelope.Result == nil {
		t.Fatalf("%s: HTTP %d, reply %.300s: %v", tool, resp.StatusCode, r.body, err)
	}
	if err := json.Unmarshal(envelope.Result, &r.result); err != nil {
		t.Fatal(err)
	}
	return r
}

// manyKeys adds n unknown keys k000000, k000001, ... to args.
func manyKeys(args map[string]any, n int) map[string]any {
	for i := range n {
		args[fmt.Sprintf("k%06d", i)] = i
	}
	return args
}

// TestUnknownArgumentsAreBounded sends every tool 40,000 unknown
// arguments besides its own: each refuses them all at once, in a reply
// of a few KB that names the first five, counts the rest, and whose fix
// drops every one of them.
func TestUnknownArgumentsAreBounded(t *testing.T) {
	base := start(t)
	_, png := httpGet(t, base+"/api/v1/qr?data=hello")
	image := base64.StdEncoding.EncodeToString(png)
	for tool, own := range map[string]map[string]any{
		"qr_generate":       {"data": "hello", "size": 300},
		"qr_generate_typed": {"kind": "wifi", "fields": map[string]any{"ssid": "Home", "security": "nopass"}},
		"qr_verify":         {"data": "hello"},
		"qr_batch":          {"items": []any{map[string]any{"data": "hello"}}},
		"qr_size_recommend": {"data": "hello", "distance_m": 2},
		"qr_decode":         {"image": image},
	} {
		t.Run(tool, func(t *testing.T) {
			args := manyKeys(maps(own), 40000)
			r := rawCall(t, base, tool, args)
			if !r.result.IsError {
				t.Fatalf("succeeded: %.300s", r.body)
			}
			if len(r.body) > 8<<10 {
				t.Errorf("the reply is %d bytes, want at most 8 KiB", len(r.body))
			}
			var p problemDoc
			if err := json.Unmarshal(r.problem(), &p); err != nil {
				t.Fatal(err)
			}
			want := `40000 arguments are unknown: "k000000", "k000001", "k000002", "k000003", "k000004" and 39995 more`
			if !strings.Contains(p.Detail, want) || p.Field != "k000000" || !strings.Contains(r.text(), want) {
				t.Errorf("detail %q, field %q: want %q", p.Detail, p.Field, want)
			}
			if p.Fix == "" || p.FixArguments == nil {
				t.Fatalf("no fix: %+v", p)
			}
			for name := range p.FixArguments {
				if strings.HasPrefix(name, "k0") {
					t.Errorf("fix_arguments keep the unknown argument %s", name)
				}
			}
			if strings.Contains(p.Fix, "k000005") {
				t.Errorf("fix %q names an unknown argument", p.Fix)
			}
			if len(p.FixArguments) != len(own) {
				t.Errorf("fix_arguments %v, want the caller's own %v", p.FixArguments, own)
			}
			if r := rawCall(t, base, tool, p.FixArguments); r.result.IsError {
				t.Errorf("the fix fails: %.500s", r.body)
			}
		})
	}
}

func maps(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// TestUnknownFieldsAreBounded: 40,000 unknown fields of a kind are
// dropped in one fix, named five at a time; a few are still renamed.
func TestUnknownFieldsAreBounded(t *testing.T) {
	base := start(t)
	fields := manyKeys(map[string]any{"ssid": "Home", "security": "nopass"}, 40000)
	r := rawCall(t, base, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": fields})
	if len(r.body) > 8<<10 {
		t.Errorf("the reply is %d bytes, want at most 8 KiB", len(r.body))
	}
	var p problemDoc
	json.Unmarshal(r.problem(), &p)
	got, _ := p.FixArguments["fields"].(map[string]any)
	if len(got) != 2 || got["ssid"] != "Home" || !strings.Contains(p.Detail, `"k000004" and 39995 more (all dropped)`) {
		t.Fatalf("detail %q, fixed fields %v", p.Detail, got)
	}
}

// TestCallerInputIsNotEchoed: what a reply quotes of the caller's own
// input stays within what the API reads. A name is cut short; data too
// long for any code is named, not repeated; a fix too long to repeat is
// told in words.
func TestCallerInputIsNotEchoed(t *testing.T) {
	base := start(t)
	long := strings.Repeat("x", 100000)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"qr_generate", map[string]any{"data": "hello", long: 1}},
		{"qr_generate", map[string]any{"data": long}},
		{"qr_generate", map[string]any{"data": long, "size": 99999}},
		{"qr_generate", map[string]any{"data": long, "colour": "red"}},
		{"qr_generate", map[string]any{"data": "hello", "color": long}},
		{"qr_generate_typed", map[string]any{"kind": long, "fields": map[string]any{}}},
		{"qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", long: "x"}}},
		{"qr_verify", map[string]any{"data": long}},
		{"qr_size_recommend", map[string]any{"data": long, "distance_m": 1}},
		{"qr_batch", map[string]any{"output": long, "items": []any{map[string]any{"data": "x"}}}},
		{"qr_batch", map[string]any{"items": []any{map[string]any{"data": "x", "style": map[string]any{long: 1}}}}},
		{"qr_batch", map[string]any{"items": []any{map[string]any{"data": "x", "style": map[string]any{"color": long}}}}},
		{"qr_batch", map[string]any{"items": []any{map[string]any{"data": long}}}},
	} {
		r := rawCall(t, base, c.tool, c.args)
		if len(r.body) > 8<<10 {
			names := slices.Collect(func(yield func(string) bool) {
				for k := range c.args {
					if !yield(truncated(k)) {
						return
					}
				}
			})
			t.Errorf("%s %v: the reply is %d bytes, want at most 8 KiB: %.400s", c.tool, names, len(r.body), r.body)
		}
	}
}

func truncated(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// batchAnswer is qr_batch's structured content.
type batchAnswer struct {
	Count, Succeeded, Failed, Inline int
	Note                             string
	Items                            []struct {
		Index int             `json:"index"`
		URL   string          `json:"url"`
		Data  json.RawMessage `json:"data"`
		Error *problemDoc     `json:"error"`
	}
}

// TestLargeBatchIsBounded: 1000 SVG items come back in a reply that
// carries at most 1 MiB of item data, every item's URL, and no item's
// data twice: past 64 KiB of JSON, the text content is a short account
// and the answer is only the structured content.
func TestLargeBatchIsBounded(t *testing.T) {
	base := start(t)
	items := make([]any, 1000)
	for i := range items {
		items[i] = map[string]any{"data": fmt.Sprintf("https://example.com/items/%04d", i)}
	}
	r := rawCall(t, base, "qr_batch", map[string]any{"output": "svg", "items": items})
	if r.result.IsError {
		t.Fatalf("failed: %.500s", r.body)
	}
	var a batchAnswer
	if err := json.Unmarshal(r.result.StructuredContent, &a); err != nil {
		t.Fatal(err)
	}
	if a.Count != 1000 || a.Succeeded != 1000 || len(a.Items) != 1000 {
		t.Fatalf("count %d, succeeded %d, %d items", a.Count, a.Succeeded, len(a.Items))
	}
	// The documented bound: 1 MiB of item data, and each item's URL.
	const maxInline = 1 << 20
	inline, urls := 0, 0
	for i, it := range a.Items {
		if it.URL == "" || it.Index != i {
			t.Fatalf("item %d: %+v", i, it)
		}
		urls += len(it.URL)
		if it.Data == nil {
			continue
		}
		var svg string
		json.Unmarshal(it.Data, &svg)
		inline += len(svg)
		if i >= a.Inline {
			t.Errorf("item %d carries data past the first %d", i, a.Inline)
		}
		// Each item's data is in the reply once.
		if n := strings.Count(string(r.body), string(it.Data[1:len(it.Data)-1])); n != 1 {
			t.Errorf("item %d's data is in the reply %d times", i, n)
		}
	}
	if inline > maxInline || a.Inline == 0 || a.Inline == 1000 || !strings.Contains(a.Note, "1 MiB") {
		t.Errorf("%d items carry %d bytes of data; note %q", a.Inline, inline, a.Note)
	}
	if limit := maxInline*3/2 + 2*urls; len(r.body) > limit {
		t.Errorf("the reply is %d bytes, over %d (1 MiB of data, escaped, and the URLs)", len(r.body), limit)
	}
	if text := r.text(); len(text) > 4<<10 || strings.Contains(text, "<svg") || !strings.Contains(text, "1000 succeeded") {
		t.Errorf("text content of %d bytes: %.300s", len(text), text)
	}
	t.Logf("reply %d bytes: %d items inline with %d bytes of data, %d bytes of URLs", len(r.body), a.Inline, inline, urls)
	// An item past the bound is its URL, which returns its SVG.
	last := a.Items[999]
	if resp, body := httpGet(t, last.URL); resp.StatusCode != 200 || !strings.Contains(string(body), "<svg") {
		t.Errorf("GET %s: %d %.100s", last.URL, resp.StatusCode, body)
	}
}

// TestSmallBatchIsInline: a few base64 PNGs come back inline, the answer
// both as text and as structured content, as any small answer does.
func TestSmallBatchIsInline(t *testing.T) {
	base := start(t)
	r := rawCall(t, base, "qr_batch", map[string]any{"output": "base64", "items": []any{
		map[string]any{"data": "one"}, map[string]any{"data": "two"}, map[string]any{"data": "three"},
	}})
	var a batchAnswer
	if err := json.Unmarshal(r.result.StructuredContent, &a); err != nil {
		t.Fatal(err)
	}
	if a.Inline != 3 || a.Note != "" || len(a.Items) != 3 {
		t.Fatalf("inline %d, note %q, %d items", a.Inline, a.Note, len(a.Items))
	}
	for i, it := range a.Items {
		var data string
		json.Unmarshal(it.Data, &data)
		if !strings.HasPrefix(data, "data:image/png;base64,") || it.URL == "" {
			t.Errorf("item %d: url %q, data %.40q", i, it.URL, data)
		}
		if !strings.Contains(r.text(), data) {
			t.Errorf("item %d's data is not in the text content", i)
		}
	}
}

// TestBatchBodyLimit: a batch larger than the endpoint's body limit (4
// MiB) is refused as the endpoint refuses it, without being quoted.
func TestBatchBodyLimit(t *testing.T) {
	base := start(t)
	items := make([]any, 1000)
	for i := range items {
		items[i] = map[string]any{"data": strings.Repeat("y", 5000)}
	}
	r := rawCall(t, base, "qr_batch", map[string]any{"items": items})
	var p problemDoc
	json.Unmarshal(r.problem(), &p)
	if !r.result.IsError || p.Status != 413 || len(r.body) > 8<<10 {
		t.Errorf("a 5 MB batch: %d bytes, %.300s", len(r.body), r.body)
	}
}
