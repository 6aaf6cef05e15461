package server_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gkampitakis/go-snaps/snaps"
	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// appendData is 3500 bytes: more than version 40 holds at L (2953).
var appendData = strings.Repeat("Structured append: one text over several symbols, joined by the reader. ", 50)[:3500]

// shortSet is 900 bytes: three symbols of version 11 at M, which gozxing's
// one-symbol reader finds at 1000 pixels.
var shortSet = appendData[:900]

// readPart decodes one symbol's PNG with gozxing and returns its text and
// structured append sequence and parity (ISO/IEC 18004:2015 §8).
func readPart(t *testing.T, png []byte) (text string, seq, parity int) {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(png))
	if err != nil {
		t.Fatal(err)
	}
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	r, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("gozxing cannot read the symbol: %v", err)
	}
	md := r.GetResultMetadata()
	seq, _ = md[gozxing.ResultMetadataType_STRUCTURED_APPEND_SEQUENCE].(int)
	parity, _ = md[gozxing.ResultMetadataType_STRUCTURED_APPEND_PARITY].(int)
	return r.GetText(), seq, parity
}

func xor(s string) int {
	p := 0
	for i := 0; i < len(s); i++ {
		p ^= int(s[i])
	}
	return p
}

// append=3 answers a zip of three PNGs, part-1-of-3.png to part-3-of-3.png,
// each a symbol of the same version and level with its place in the set
// and the set's parity; joined in order they are the data.
func TestAppendZip(t *testing.T) {
	rec := get(t, "/api/v1/qr?data="+url.QueryEscape(shortSet)+"&append=3&size=1000")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	h := rec.Header()
	if h.Get("Content-Type") != "application/zip" || h.Get("X-QR-Symbols") != "3" || h.Get("X-QR-Symbol") == "" {
		t.Errorf("Content-Type %q, X-QR-Symbols %q, X-QR-Symbol %q", h.Get("Content-Type"), h.Get("X-QR-Symbols"), h.Get("X-QR-Symbol"))
	}
	zr, err := zip.NewReader(bytes.NewReader(rec.Body.Bytes()), int64(rec.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != 3 {
		t.Fatalf("%d files, want 3", len(zr.File))
	}
	var joined strings.Builder
	for i, f := range zr.File {
		if want := fmt.Sprintf("part-%d-of-3.png", i+1); f.Name != want {
			t.Errorf("file %d is %s, want %s", i+1, f.Name, want)
		}
		rc, _ := f.Open()
		var b bytes.Buffer
		b.ReadFrom(rc)
		rc.Close()
		text, seq, parity := readPart(t, b.Bytes())
		if seq != i<<4|2 || parity != xor(shortSet) {
			t.Errorf("%s: sequence %#02x parity %d, want %#02x and %d", f.Name, seq, parity, i<<4|2, xor(shortSet))
		}
		joined.WriteString(text)
	}
	if joined.String() != shortSet {
		t.Error("the parts joined are not the data")
	}
}

// appendlayout=json gives each symbol as a data URI of the format, with
// its part number, parity and text.
func TestAppendJSON(t *testing.T) {
	body := ok(t, "/api/v1/qr?data="+url.QueryEscape(appendData)+"&append=auto&appendlayout=json&format=svg")
	var doc struct {
		Symbols          int  `json:"symbols"`
		StructuredAppend bool `json:"structured_append"`
		Parity           *int `json:"parity"`
		Parts            []struct {
			Part, Of int
			Parity   *int
			Symbol   string
			Text     string
			Image    string
		} `json:"parts"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Symbols != 2 || !doc.StructuredAppend || doc.Parity == nil || *doc.Parity != xor(appendData) || len(doc.Parts) != 2 {
		t.Fatalf("document %+v; want 2 symbols of parity %d", doc, xor(appendData))
	}
	var joined strings.Builder
	for i, p := range doc.Parts {
		if p.Part != i+1 || p.Of != 2 || p.Parity == nil || *p.Parity != *doc.Parity || p.Symbol != doc.Parts[0].Symbol {
			t.Errorf("part %d: %+v", i+1, p)
		}
		svg, ok := strings.CutPrefix(p.Image, "data:image/svg+xml;base64,")
		if b, err := base64.StdEncoding.DecodeString(svg); !ok || err != nil || !bytes.HasPrefix(b, []byte("<svg")) && !bytes.HasPrefix(b, []byte("<?xml")) {
			t.Errorf("part %d: image %.60q is not an SVG data URI", i+1, p.Image)
		}
		joined.WriteString(p.Text)
	}
	if joined.String() != appendData {
		t.Error("the parts' texts joined are not the data")
	}
}

// appendlayout=row is one PNG of the symbols side by side: gozxing's
// multi-code reader finds them all and joins them.
func TestAppendRow(t *testing.T) {
	rec := get(t, "/api/v1/qr?data="+url.QueryEscape(appendData)+"&append=3&appendlayout=row&size=800")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" || rec.Header().Get("X-QR-Symbols") != "3" {
		t.Fatalf("status %d, %v: %.300s", rec.Code, rec.Header(), rec.Body.String())
	}
	img, _, err := image.Decode(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dy() != 800 || b.Dx() <= 2*800 || b.Dx() >= 3*800 {
		t.Errorf("row is %v; want 800 high, three symbols that share their quiet zones", b)
	}
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	results, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil || len(results) != 1 || results[0].GetText() != appendData {
		t.Errorf("gozxing read %d results (%v), want the joined data", len(results), err)
	}
}

// append=auto with data one symbol holds answers that symbol alone, in
// the layout asked for.
func TestAppendAutoOneSymbol(t *testing.T) {
	rec := get(t, "/api/v1/qr?data=hello&append=auto")
	if rec.Code != http.StatusOK || rec.Header().Get("X-QR-Symbols") != "1" {
		t.Fatalf("status %d, X-QR-Symbols %q", rec.Code, rec.Header().Get("X-QR-Symbols"))
	}
	zr, err := zip.NewReader(bytes.NewReader(rec.Body.Bytes()), int64(rec.Body.Len()))
	if err != nil || len(zr.File) != 1 || zr.File[0].Name != "part-1-of-1.png" {
		t.Fatalf("zip %v: %v", err, zr)
	}
	if get(t, "/api/v1/qr?data=hello").Header().Get("X-QR-Symbols") != "" {
		t.Error("a request without append names X-QR-Symbols")
	}
}

// Combinations a set cannot be are refused with a problem whose fix is a
// call that works.
func TestAppendProblems(t *testing.T) {
	long := url.QueryEscape(appendData)
	cases := []struct {
		name, query, kind, field, fixHas string
	}{
		{"micro", "data=" + long + "&append=auto&symbol=micro", "invalid-parameter", "symbol", "symbol=qr"},
		{"more than 16", "data=" + long + "&append=17", "invalid-parameter", "append", "append=16"},
		// Clamped to 16, the count is still more than "hi" has
		// characters: the fix is the count that answers at once.
		{"more than 16, short data", "data=hi&append=17", "invalid-parameter", "append", "append=2"},
		{"more than 16, one character", "data=h&append=99", "invalid-parameter", "append", "append=auto"},
		{"one", "data=" + long + "&append=1", "invalid-parameter", "append", "append=auto"},
		{"not a number", "data=" + long + "&append=many", "invalid-parameter", "append", "append=auto"},
		{"more parts than characters", "data=abc&append=5", "invalid-parameter", "append", "append=3"},
		{"fewer parts than needed", "data=" + url.QueryEscape(strings.Repeat("x", 7000)) + "&ec=L&append=2", "invalid-parameter", "append", "append=3"},
		{"row as svg", "data=" + long + "&append=2&appendlayout=row&format=svg", "invalid-parameter", "format", "format=png"},
		{"row with a frame", "data=" + long + "&append=2&appendlayout=row&tpl=box", "invalid-parameter", "tpl", "appendlayout=row"},
		{"row without a quiet zone", "data=" + long + "&append=2&appendlayout=row&margin=0", "invalid-parameter", "margin", "margin=4"},
		{"layout alone", "data=hello&appendlayout=json", "invalid-parameter", "appendlayout", "data=hello"},
		{"unknown layout", "data=hello&append=auto&appendlayout=grid", "invalid-parameter", "appendlayout", "appendlayout=zip"},
		{"logo", "data=" + long + "&append=2&logo=wifi", "invalid-parameter", "logo", "append=2"},
		{"row too small", "data=" + long + "&append=2&appendlayout=row&size=64", "invalid-parameter", "size", "size="},
		{"row too wide", "data=" + long + "&append=16&appendlayout=row&size=4096", "invalid-parameter", "size", "size="},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := readProblem(t, get(t, "/api/v1/qr?"+c.query), http.StatusBadRequest, c.kind)
			if p.Field != c.field || !strings.Contains(p.Fix, c.fixHas) {
				t.Fatalf("field %q fix %q, want %q and a fix with %q (%s)", p.Field, short(p.Fix), c.field, c.fixHas, p.Detail)
			}
			if _, target := fixTarget(t, p.Fix); get(t, target).Code != http.StatusOK {
				t.Errorf("the fix %s does not answer 200", short(p.Fix))
			}
		})
	}
}

// Data past 16 symbols at H, which only a body carries (16 symbols hold
// more than a URL), is too long; the fix lowers the level.
func TestAppendPastSixteenSymbols(t *testing.T) {
	body := "data=" + strings.Repeat("x", 16*1300) + "&ec=H&append=auto"
	p := readProblem(t, post(t, handler, "/api/v1/qr", "application/x-www-form-urlencoded", []byte(body)), http.StatusBadRequest, "data-too-long")
	if p.Field != "data" || !strings.Contains(p.Fix, "ec=Q") || !strings.Contains(p.Detail, "16 version-40 symbols") {
		t.Errorf("field %q fix %q detail %q", p.Field, short(p.Fix), p.Detail)
	}
}

// A kind whose standard reads one symbol (EPC: version 13 at most, level
// M) refuses append; verify, which judges one symbol, too.
func TestAppendRefusedWhereOneSymbolIsRead(t *testing.T) {
	for _, target := range []string{
		"/api/v1/epc?name=Red%20Cross&iban=BE72000000001616&amount=10&append=auto",
		"/api/v1/verify?data=hello&append=auto",
	} {
		p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
		if p.Field != "append" || strings.Contains(p.Fix, "append") {
			t.Errorf("%s: field %q fix %q; want append, and a fix without it", short(target), p.Field, short(p.Fix))
		}
	}
}

// Data too long for one symbol keeps its problem and fix, and a hint
// names structured append with a call that works.
func TestDataTooLongHintsAtAppend(t *testing.T) {
	rec := get(t, "/api/v1/qr?data="+url.QueryEscape(appendData)+"&ec=H")
	readProblem(t, rec, http.StatusBadRequest, "data-too-long")
	var p struct{ Fix, Hint string }
	json.Unmarshal(rec.Body.Bytes(), &p)
	if !strings.Contains(p.Fix, "data=") || !strings.Contains(p.Hint, "append=auto") {
		t.Fatalf("fix %q hint %q; want the shortened data and a hint with append=auto", short(p.Fix), short(p.Hint))
	}
	call := p.Hint[strings.Index(p.Hint, base):]
	if rec := get(t, strings.TrimPrefix(call, base)); rec.Code != http.StatusOK || rec.Header().Get("X-QR-Symbols") == "" {
		t.Errorf("the hint's call answers %d", rec.Code)
	}
}

// The json layout of a short set, pinned: its structure and each
// symbol's SVG.
func TestSnapshotAppendJSON(t *testing.T) {
	body := ok(t, "/api/v1/qr?data="+snapData+"&append=2&appendlayout=json&format=svg&size=128")
	snaps.WithConfig(snaps.Dir("../snapshots/server"), snaps.Raw(), snaps.Ext(".json")).MatchStandaloneSnapshot(t, string(body))
}

// POST /api/v1/decode of a set's row answers each symbol with its place
// in the set, and the set joined; without its last symbol, the set is
// reported incomplete.
func TestDecodeJoinsARow(t *testing.T) {
	type answer struct {
		Results []struct {
			Text   string
			Append *struct{ Part, Of, Parity int }
		}
		Sets []struct {
			Of, Parity int
			Complete   bool
			Missing    []int
			Text       string
			Parts      []struct {
				Part, Result int
				Text         string
			}
			ParityMatches *bool `json:"parity_matches"`
			Detail        string
		}
	}
	decode := func(png []byte) answer {
		rec := post(t, handler, "/api/v1/decode", "image/png", png)
		if rec.Code != http.StatusOK {
			t.Fatalf("decode: %d %s", rec.Code, rec.Body.String())
		}
		var a answer
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	a := decode(ok(t, "/api/v1/qr?data="+url.QueryEscape(shortSet)+"&append=3&appendlayout=row&size=500"))
	if len(a.Results) != 3 || len(a.Sets) != 1 {
		t.Fatalf("%d results, %d sets; want 3 and 1", len(a.Results), len(a.Sets))
	}
	for i, r := range a.Results {
		if r.Append == nil || r.Append.Part != i+1 || r.Append.Of != 3 || r.Append.Parity != xor(shortSet) {
			t.Errorf("result %d: append %+v", i+1, r.Append)
		}
	}
	s := a.Sets[0]
	if !s.Complete || s.Text != shortSet || s.ParityMatches == nil || !*s.ParityMatches || len(s.Parts) != 3 {
		t.Errorf("set %+v; want complete, the data, parity matching", s)
	}

	// The first symbol of three, alone in its image: an incomplete set.
	rec := get(t, "/api/v1/qr?data="+url.QueryEscape(shortSet)+"&append=3&appendlayout=json&size=300")
	var doc struct{ Parts []struct{ Image string } }
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	png, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(doc.Parts[0].Image, "data:image/png;base64,"))
	a = decode(png)
	if len(a.Sets) != 1 || a.Sets[0].Complete || a.Sets[0].Text != "" || len(a.Sets[0].Missing) != 2 || !strings.Contains(a.Sets[0].Detail, "missing") {
		t.Errorf("one symbol of three: sets %+v; want one incomplete set, parts 2 and 3 missing", a.Sets)
	}
	// A plain code has no sets member.
	if rec := post(t, handler, "/api/v1/decode", "image/png", ok(t, "/api/v1/qr?data=hello")); strings.Contains(rec.Body.String(), `"sets"`) {
		t.Errorf("a plain code's answer names sets: %s", rec.Body.String())
	}
}

// A batch item takes append as one image (appendlayout=row) in a
// rendered output, any layout in output url, whose link answers it; a
// zip layout in a rendered output fails that item alone.
func TestAppendInBatch(t *testing.T) {
	data, _ := json.Marshal(shortSet)
	a := postBatch(t, handler, `{"output": "base64", "style": {"append": 3, "size": 300}, "items": [
		{"id": "row", "data": `+string(data)+`, "style": {"appendlayout": "row"}},
		{"id": "zip", "data": `+string(data)+`}]}`)
	if a.Succeeded != 1 || a.Items[0].Error != nil || a.Items[1].Error == nil || a.Items[1].Error.Field != "appendlayout" {
		t.Fatalf("%+v", a)
	}
	var uri string
	json.Unmarshal(a.Items[0].Data, &uri)
	png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(uri, "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	if img, _, err := image.Decode(bytes.NewReader(png)); err != nil || img.Bounds().Dx() <= 2*300 {
		t.Errorf("the row item is not a row of three: %v", err)
	}
	a = postBatch(t, handler, `{"output": "url", "style": {"append": "auto"}, "items": [{"data": `+string(data)+`}]}`)
	if a.Succeeded != 1 {
		t.Fatalf("%+v", a)
	}
	if rec := get(t, strings.TrimPrefix(a.Items[0].URL, base)); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/zip" {
		t.Errorf("the linked item answers %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// A set is cached and revalidated like one image: its ETag answers 304,
// with the count.
func TestAppendRevalidates(t *testing.T) {
	target := "/api/v1/qr?data=" + url.QueryEscape(shortSet) + "&append=3&appendlayout=json"
	first := get(t, target)
	etag := first.Header().Get("ETag")
	if first.Code != http.StatusOK || etag == "" {
		t.Fatalf("status %d, ETag %q", first.Code, etag)
	}
	if rec := get(t, target, "If-None-Match", etag); rec.Code != http.StatusNotModified || rec.Header().Get("X-QR-Symbols") != "3" {
		t.Errorf("revalidation: %d, X-QR-Symbols %q", rec.Code, rec.Header().Get("X-QR-Symbols"))
	}
	if other := get(t, strings.Replace(target, "json", "zip", 1)).Header().Get("ETag"); other == etag {
		t.Error("the zip and json layouts share an ETag")
	}
}
