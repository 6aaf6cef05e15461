package service_test

import (
	"context"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/service"
)

// rmqrValues are the values tried for each rendering option: every value
// of an option with a list, its example otherwise, and values that an
// rMQR cannot take (levels L and Q, a logo, a frame, a margin of 0).
func rmqrValues() map[string][]string {
	out := map[string][]string{}
	for _, o := range options.Rendering {
		if o.Name == options.Symbol.Name {
			continue
		}
		vals := append([]string(nil), o.Enum...)
		if o.Example != "" {
			vals = append(vals, o.Example)
		}
		out[o.Name] = vals
	}
	out[options.Label.Name] = []string{"Tube 12", "A label far longer than any rMQR code is wide"}
	out[options.Margin.Name] = []string{"0", "2", "10"}
	out[options.Size.Name] = []string{"40", "143", "300", "2000", "30mm"}
	out[options.RMQRHeight.Name] = []string{"7", "8", "13", "17", "19", "x"}
	return out
}

// TestRMQRNeverFails walks option combinations with symbol=rmqr: each
// option's values one at a time in every format, then random sets of
// four options. Each answer is an image of an rMQR code or a 4xx problem
// naming the field to fix, never a 5xx or a panic.
func TestRMQRNeverFails(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	values := rmqrValues()
	var names []string
	for n := range values {
		names = append(names, n)
	}
	datas := []string{"TUBE-0042", "https://qrforge.example/r/0042", "東京", "café", strings.Repeat("9", 361), strings.Repeat("a", 151)}
	ok, refused := 0, map[string]int{}
	try := func(q url.Values) {
		t.Helper()
		q.Set(options.Symbol.Name, "rmqr")
		img, p := svc.Generate(context.Background(), service.Request{Params: q}, "")
		if p != nil {
			if p.Status >= 500 || p.Status < 400 {
				t.Fatalf("%s: %d %s", q.Encode(), p.Status, p.Detail)
			}
			refused[p.Field]++
			return
		}
		if len(img.Body) == 0 || !strings.HasPrefix(img.Symbol, "R") {
			t.Fatalf("%s: %d bytes, symbol %q", q.Encode(), len(img.Body), img.Symbol)
		}
		ok++
	}
	for _, name := range names {
		for _, v := range values[name] {
			for _, f := range options.Format.Enum {
				try(url.Values{"data": {datas[(ok+len(v))%4]}, name: {v}, options.Format.Name: {f}})
			}
		}
	}
	rng := rand.New(rand.NewPCG(23941, 2022))
	for range 400 {
		q := url.Values{"data": {datas[rng.IntN(len(datas))]}}
		for range 4 {
			n := names[rng.IntN(len(names))]
			q.Set(n, values[n][rng.IntN(len(values[n]))])
		}
		try(q)
	}
	for _, field := range []string{options.EC.Name, options.Logo.Name, options.Tpl.Name, options.Symbol.Name, options.RMQRHeight.Name} {
		if refused[field] == 0 {
			t.Errorf("no request was refused for %s", field)
		}
	}
	t.Logf("%d images, refused by field: %v", ok, refused)
}

// TestRMQRHeight: rmqrheight draws the narrowest size of that height, and
// asks for symbol=rmqr.
func TestRMQRHeight(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	for _, c := range []struct{ height, want string }{{"7", "R7x139-M"}, {"17", "R17x43-M"}, {"", "R15x43-M"}} {
		q := url.Values{"data": {"https://qrforge.example/gallery"}, options.Symbol.Name: {"rmqr"}, options.Format.Name: {"json"}}
		if c.height != "" {
			q.Set(options.RMQRHeight.Name, c.height)
		}
		img, p := svc.Generate(context.Background(), service.Request{Params: q}, "")
		if p != nil {
			t.Fatalf("%s: %s", q.Encode(), p.Detail)
		}
		if img.Symbol != c.want {
			t.Errorf("rmqrheight=%s: %s, want %s", c.height, img.Symbol, c.want)
		}
	}
	_, p := svc.Generate(context.Background(), service.Request{Params: url.Values{"data": {"x"}, options.RMQRHeight.Name: {"9"}}}, "")
	if p == nil || p.Status != 400 || p.Field != options.Symbol.Name {
		t.Errorf("rmqrheight without symbol=rmqr: %+v", p)
	}
}

// TestRMQRHeightFixIsTheNearest: a height outside 7 to 17 (ISO/IEC
// 23941:2022 has rMQR heights R7 to R17) is fixed to the nearest one, 7 or
// 17, as an even height is to the odd one above it; a value that is no
// number at all gets the documented example.
func TestRMQRHeightFixIsTheNearest(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	for _, c := range []struct{ height, fixed string }{
		{"5", "7"}, {"0", "7"}, {"-3", "7"}, {"18", "17"}, {"19", "17"}, {"99999999999999999999", "17"},
		{"16", "17"}, {"abc", options.RMQRHeight.Example},
	} {
		q := url.Values{"data": {"hello"}, options.Symbol.Name: {"rmqr"}, options.RMQRHeight.Name: {c.height}}
		_, p := svc.Generate(context.Background(), service.Request{Params: q}, "")
		if p == nil || p.Field != options.RMQRHeight.Name {
			t.Fatalf("rmqrheight=%s: %+v, want a problem on rmqrheight", c.height, p)
		}
		fix, err := url.Parse(p.Fix)
		if err != nil || fix.Query().Get(options.RMQRHeight.Name) != c.fixed {
			t.Errorf("rmqrheight=%s: fix %s, want rmqrheight=%s", c.height, p.Fix, c.fixed)
		}
	}
}

// TestRMQRLevelFixKeepsTheSymbol: ec=L or Q with symbol=rmqr is refused
// with a fix to M or H that still asks for an rMQR.
func TestRMQRLevelFixKeepsTheSymbol(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	for level, fixed := range map[string]string{"L": "M", "Q": "H"} {
		_, p := svc.Generate(context.Background(), service.Request{Params: url.Values{"data": {"HELLO"}, "symbol": {"rmqr"}, "ec": {level}}}, "")
		if p == nil || p.Field != options.EC.Name {
			t.Fatalf("ec=%s: %+v", level, p)
		}
		fix, err := url.Parse(p.Fix)
		if err != nil {
			t.Fatal(err)
		}
		if q := fix.Query(); q.Get("symbol") != "rmqr" || q.Get("ec") != fixed {
			t.Errorf("ec=%s: fix %s, want symbol=rmqr and ec=%s", level, p.Fix, fixed)
		}
	}
}

// A Micro QR or rMQR request that the data does not fit is refused with a
// fix that draws at once: a taller rMQR when one holds the data, else a
// QR Code; a level the symbol lacks and a size too small for the data
// together still need one fix only.
func TestSymbolFixDrawsFirstTime(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	a := func(n int) string { return strings.Repeat("a", n) }
	for _, c := range []struct {
		name       string
		q          url.Values
		wantPrefix string
	}{
		{"rmqr too short", url.Values{"data": {a(60)}, "symbol": {"rmqr"}, "rmqrheight": {"7"}}, "R"},
		{"rmqr none holds", url.Values{"data": {a(151)}, "symbol": {"rmqr"}, "rmqrheight": {"7"}}, ""},
		{"rmqr Q to H", url.Values{"data": {a(100)}, "symbol": {"rmqr"}, "ec": {"Q"}}, ""},
		{"rmqr L too short", url.Values{"data": {a(60)}, "symbol": {"rmqr"}, "ec": {"L"}, "rmqrheight": {"7"}}, "R"},
		{"micro H", url.Values{"data": {a(15)}, "symbol": {"micro"}, "ec": {"H"}}, ""},
	} {
		_, p := svc.Generate(context.Background(), service.Request{Params: c.q}, "")
		if p == nil || p.Status != 400 || p.Fix == "" {
			t.Errorf("%s: %+v, want a 400 with a fix", c.name, p)
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil {
			t.Fatal(err)
		}
		img, p2 := svc.Generate(context.Background(), service.Request{Params: u.Query()}, "")
		if p2 != nil {
			q := u.Query()
			q.Del("data")
			t.Errorf("%s: fix %s is refused: %s", c.name, q.Encode(), p2.Detail)
			continue
		}
		if !strings.HasPrefix(img.Symbol, c.wantPrefix) || (c.wantPrefix == "" && strings.HasPrefix(img.Symbol, "R")) {
			t.Errorf("%s: fix draws %s", c.name, img.Symbol)
		}
		if l := c.q.Get("ec"); l == "H" && !strings.HasSuffix(img.Symbol, "-H") {
			t.Errorf("%s: fix draws %s, not the level H asked for", c.name, img.Symbol)
		}
	}
}

// A Micro QR or rMQR problem names every parameter its fix changes, and
// only those: a fix that keeps the level asked for and changes the symbol
// says so on symbol, not that the symbol lacks the level.
func TestSymbolFixNamesWhatItChanges(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	a := func(n int) string { return strings.Repeat("a", n) }
	for _, c := range []struct {
		name string
		q    url.Values
		says string // in the detail of the fix's symbol change
	}{
		{"micro H, fits no Micro QR at Q", url.Values{"data": {a(15)}, "symbol": {"micro"}, "ec": {"H"}}, "M4-Q, the largest, holds 21 digits"},
		{"micro H, fits M4-Q", url.Values{"data": {a(5)}, "symbol": {"micro"}, "ec": {"H"}}, ""},
		{"micro, bad margin and too long", url.Values{"data": {a(20)}, "symbol": {"micro"}, "margin": {"abc"}}, "symbol=auto"},
		{"rmqr Q, fits no rMQR at H", url.Values{"data": {a(100)}, "symbol": {"rmqr"}, "ec": {"Q"}}, "keeps ec=Q"},
		{"rmqr L, too short at M", url.Values{"data": {a(60)}, "symbol": {"rmqr"}, "ec": {"L"}, "rmqrheight": {"7"}}, "rmqrheight=9"},
		{"rmqr L, fits no rMQR at M", url.Values{"data": {a(160)}, "symbol": {"rmqr"}, "ec": {"L"}, "rmqrheight": {"7"}}, "R17x139, the largest"},
	} {
		_, p := svc.Generate(context.Background(), service.Request{Params: c.q}, "")
		if p == nil || p.Fix == "" {
			t.Errorf("%s: %+v, want a problem with a fix", c.name, p)
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil {
			t.Fatal(err)
		}
		fix := u.Query()
		changed := map[string]bool{}
		for _, name := range []string{"symbol", "ec", "rmqrheight", "margin"} {
			if c.q.Get(name) != fix.Get(name) {
				changed[name] = true
			}
		}
		named := map[string]bool{p.Field: true}
		details := p.Detail
		for _, e := range p.Errors {
			named[e.Field] = true
			details += "\n" + e.Detail
		}
		for name := range changed {
			if !named[name] {
				t.Errorf("%s: the fix changes %s (%q to %q), and the problem names %v: %s", c.name, name, c.q.Get(name), fix.Get(name), named, details)
			}
		}
		for name := range named {
			if !changed[name] {
				t.Errorf("%s: the problem names %s, which the fix leaves %q: %s", c.name, name, fix.Get(name), details)
			}
		}
		if !strings.Contains(details, c.says) {
			t.Errorf("%s: the problem says %q, not %q", c.name, details, c.says)
		}
	}
}
