package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
)

// verification is the answer of GET /api/v1/verify (README "Batch, decode, verify").
type verification struct {
	Scannable     bool    `json:"scannable"`
	Decoded       string  `json:"decoded"`
	Matches       bool    `json:"matches"`
	Version       int     `json:"version"`
	EC            string  `json:"ec"`
	Symbol        string  `json:"symbol"`
	Designator    string  `json:"designator"`
	ContrastRatio float64 `json:"contrast_ratio"`
	Checks        []struct {
		Name    string `json:"name"`
		Pass    bool   `json:"pass"`
		Status  string `json:"status"`
		Value   any    `json:"value"`
		Min     any    `json:"min"`
		Message string `json:"message"`
		Fix     string `json:"fix"`
	} `json:"checks"`
	Fix        string      `json:"fix"`
	Robustness *robustness `json:"robustness"`
}

// robustness is verify's scan-robustness section as a client reads it.
type robustness struct {
	Score      int    `json:"score"`
	Depth      string `json:"depth"`
	Conditions []struct {
		Name   string `json:"name"`
		Levels []struct {
			Value float64 `json:"value"`
			Read  bool    `json:"read"`
		} `json:"levels"`
		Passed int    `json:"passed"`
		Limit  string `json:"limit"`
	} `json:"conditions"`
	Weakest []string `json:"weakest"`
	Fixes   []struct {
		Change string `json:"change"`
		Score  int    `json:"score"`
		Fix    string `json:"fix"`
	} `json:"fixes"`
}

func verifyWith(t testing.TB, h http.Handler, target string) verification {
	t.Helper()
	rec := fetch(t, h, base+target)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", target, rec.Code, rec.Body.String())
	}
	var v verification
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	names := []string{"decode", "contrast", "quiet_zone", "module_size", "polarity", "style_risk", "decoders", "payload"}
	if len(v.Checks) != len(names) {
		t.Fatalf("%d checks, want %v", len(v.Checks), names)
	}
	for i, c := range v.Checks {
		if c.Name != names[i] {
			t.Fatalf("check %d is %s, want %s", i, c.Name, names[i])
		}
		if c.Pass != (c.Status != "fail") {
			t.Errorf("%s: pass %v with status %s", c.Name, c.Pass, c.Status)
		}
		if c.Status != "pass" && (c.Message == "" || c.Fix == "") {
			t.Errorf("%s %s without message or fix", c.Name, c.Status)
		}
	}
	return v
}

func (v verification) check(t testing.TB, name string) (status string, value any, fix string) {
	t.Helper()
	for _, c := range v.Checks {
		if c.Name == name {
			return c.Status, c.Value, c.Fix
		}
	}
	t.Fatalf("no check %s", name)
	return
}

// Each case flags one check, and the decoders check where a common decoder
// misses the design; following that check's fix passes it, and following
// the answer's fix passes every check.
func TestVerifyChecks(t *testing.T) {
	tests := []struct {
		name, query string
		check       string
		status      string
		scannable   bool
		decoders    bool
	}{
		{"black on white", "data=hello", "", "", true, false},
		{"light grey on white", "data=hello&color=ccc&bg=fff", "contrast", "fail", false, true},
		{"mid grey on white", "data=hello&color=808080", "contrast", "warn", true, true},
		{"dark bg, black code", "data=hello&bg=444", "contrast", "fail", false, true},
		{"no quiet zone", "data=hello&margin=0", "quiet_zone", "fail", false, false},
		{"thin quiet zone", "data=hello&margin=3", "quiet_zone", "warn", true, false},
		{"small modules", "data=hello&size=100", "module_size", "warn", true, false},
		{"white on black", "data=hello&color=fff&bg=000", "polarity", "fail", false, true},
		{"star modules", "data=hello&style=star", "style_risk", "warn", true, false},
		{"dot modules, squircle eyes", "data=hello&style=dot&eye=squircle", "style_risk", "warn", true, false},
		{"small dots", "data=hello&style=small-dots", "style_risk", "warn", true, false},
		{"hearts", "data=hello&style=heart", "style_risk", "warn", true, false},
		{"gapped squares, cut frames", "data=hello&style=gapped-squares&eyeframe=cut&eyeball=cut", "style_risk", "warn", true, false},
		{"octagon frame alone, its own ball", "data=hello&eyeframe=octagon", "", "", true, false},
		{"diamonds, cut frames round dot balls", "data=hello&style=diamond&eyeframe=cut&eyeball=dot", "", "", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verifyWith(t, handler, "/api/v1/verify?"+tt.query)
			if v.Scannable != tt.scannable || !v.Matches || v.Decoded != "hello" && !strings.HasPrefix(tt.query, "data=aaa") {
				t.Errorf("scannable %v (want %v), matches %v, decoded %q", v.Scannable, tt.scannable, v.Matches, v.Decoded)
			}
			for _, c := range v.Checks {
				want := "pass"
				if c.Name == tt.check {
					want = tt.status
				}
				if c.Name == "decoders" && tt.decoders {
					want = "warn"
				}
				if c.Status != want {
					t.Errorf("%s is %s (value %v), want %s: %s", c.Name, c.Status, c.Value, want, c.Message)
				}
			}
			if tt.check == "" {
				if v.Fix != "" {
					t.Errorf("a passing code has fix %s", v.Fix)
				}
				return
			}
			_, _, fix := v.check(t, tt.check)
			fixed := verifyWith(t, handler, strings.TrimPrefix(fix, base))
			if status, value, _ := fixed.check(t, tt.check); status != "pass" {
				t.Errorf("after its fix %s, %s is %s (value %v)", fix, tt.check, status, value)
			}
			all := verifyWith(t, handler, strings.TrimPrefix(v.Fix, base))
			for _, c := range all.Checks {
				if c.Status != "pass" {
					t.Errorf("after the answer's fix %s, %s is %s: %s", v.Fix, c.Name, c.Status, c.Message)
				}
			}
			if !all.Scannable {
				t.Errorf("the answer's fix %s is not scannable", v.Fix)
			}
		})
	}
}

// A weak module style's fix is its look-alike that covers enough, keeping
// the caller's eye frame and ball. A frame and ball that a decoder was
// measured to miss together are refused here as in generation, with the
// frame's own ball as the fix (docs/decoders.md).
func TestVerifyShapeFixes(t *testing.T) {
	for _, c := range []struct {
		query, check string
		want         []string
	}{
		{"data=hello&style=gapped-squares&eyeframe=cut&eyeball=cut", "style_risk", []string{"style=soft", "eye=square", "eyeframe=cut", "eyeball=cut"}},
		{"data=hello&style=heart", "style_risk", []string{"style=classy-rounded"}},
		{"data=hello&style=small-dots&eye=leaf", "style_risk", []string{"style=rounded", "eye=leaf"}},
	} {
		v := verifyWith(t, handler, "/api/v1/verify?"+c.query)
		status, _, fix := v.check(t, c.check)
		if status != "warn" {
			t.Errorf("%s: %s is %s", c.query, c.check, status)
		}
		for _, w := range c.want {
			if !strings.Contains(fix+"&", w+"&") {
				t.Errorf("%s: fix %s lacks %s", c.query, fix, w)
			}
		}
	}
	p := readProblem(t, get(t, "/api/v1/verify?data=hello&eye=octagon&eyeball=petal"), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "eyeball" || !strings.Contains(p.Detail, "zxing-cpp 1.4") {
		t.Errorf("field %q, detail %q: want eyeball and the decoders that miss it", p.Field, p.Detail)
	}
	if !strings.HasPrefix(p.Fix, base+"/api/v1/verify?") || !strings.Contains(p.Fix+"&", "eyeball=octagon&") {
		t.Errorf("fix %s: want the verify call with eyeball=octagon", p.Fix)
	}
	v := verifyWith(t, handler, strings.TrimPrefix(p.Fix, base))
	if status, _, _ := v.check(t, "decoders"); status != "pass" || !v.Scannable {
		t.Errorf("after the fix, decoders is %s, scannable %v", status, v.Scannable)
	}
}

// The contrast ratio is WCAG 2's: black on white 21, #777 on white 4.48,
// identical colours 1.
func TestVerifyContrastRatio(t *testing.T) {
	for query, want := range map[string]float64{
		"data=a":                          21,
		"data=a&color=777":                4.48,
		"data=a&color=767676":             4.54,
		"data=a&color=000&bg=transparent": 21,
	} {
		if v := verifyWith(t, handler, "/api/v1/verify?"+query); v.ContrastRatio != want {
			t.Errorf("%s: contrast %v, want %v", query, v.ContrastRatio, want)
		}
	}
	v := verifyWith(t, handler, "/api/v1/verify?data=a&bg=transparent")
	for _, c := range v.Checks {
		if c.Name == "contrast" && !strings.Contains(c.Message, "white") {
			t.Errorf("a transparent background is not noted: %q", c.Message)
		}
	}
}

// Polarity is judged on the colours as seen, and a light code on a dark
// ground is flagged even though this decoder reads it inverted.
func TestVerifyPolarity(t *testing.T) {
	v := verifyWith(t, handler, "/api/v1/verify?data=hello&color=yellow&bg=navy")
	status, value, fix := v.check(t, "polarity")
	if status != "fail" || value != "light-on-dark" || !strings.Contains(fix, "color=000080") || !strings.Contains(fix, "bg=ffff00") {
		t.Errorf("polarity %s %v, fix %s", status, value, fix)
	}
	if !v.Matches || v.Scannable {
		t.Errorf("matches %v scannable %v", v.Matches, v.Scannable)
	}
}

// The answer names version and level; typed parameters verify the kind's
// payload, and type is the kind there, not the format.
func TestVerifyTyped(t *testing.T) {
	h := withKinds(t)
	v := verifyWith(t, h, "/api/v1/verify?type=netcfg&ssid=home&password=secret123&ec=Q")
	if !v.Scannable || v.Decoded != "WIFI:S:home;P:secret123;;" || v.EC != "Q" || v.Version < 1 {
		t.Fatalf("%+v", v)
	}
	v = verifyWith(t, h, "/api/v1/verify?type=NetCfg&ssid=home&margin=1")
	_, _, fix := v.check(t, "quiet_zone")
	if !strings.HasPrefix(fix, base+"/api/v1/verify?type=netcfg&ssid=home") || !strings.Contains(fix, "margin=4") {
		t.Errorf("typed fix %s", fix)
	}
	// A format, under its alias type too, would change nothing: verify
	// judges the PNG. It is refused, and the fix drops it.
	for _, call := range []string{"/api/v1/verify?data=hi&type=svg", "/api/v1/verify?data=hi&format=pdf", "/api/v1/verify?data=hi&format=json&color=600"} {
		p := readProblem(t, fetch(t, h, base+call), http.StatusBadRequest, "invalid-parameter")
		if p.Field != "format" || !strings.Contains(p.Detail, "verify reads the PNG") {
			t.Errorf("%s: %+v", call, p)
		}
		if fix := strings.TrimPrefix(p.Fix, base); strings.Contains(fix, "svg") || strings.Contains(fix, "pdf") || strings.Contains(fix, "json") {
			t.Errorf("%s: fix %s keeps the format", call, fix)
		} else if v := verifyWith(t, h, fix); !v.Scannable {
			t.Errorf("%s: fix %s: %+v", call, fix, v)
		}
	}
	if v := verifyWith(t, h, "/api/v1/verify?data=hi&format=png"); !v.Scannable {
		t.Errorf("format=png: %+v", v)
	}
	// A misspelt name is one of verify's, and verify is named.
	for _, call := range []string{"/api/v1/verify?data=hi&robustnes=off", "/api/v1/verify?type=netcfg&ssid=home&robustnes=off"} {
		p := readProblem(t, fetch(t, h, base+call), http.StatusBadRequest, "invalid-parameter")
		if !strings.HasPrefix(p.Detail, `/api/v1/verify has no parameter "robustnes"; did you mean robustness?`) {
			t.Errorf("%s: %s", call, p.Detail)
		}
		if v := verifyWith(t, h, strings.TrimPrefix(p.Fix, base)); v.Robustness != nil {
			t.Errorf("%s: fix %s scored the code", call, p.Fix)
		}
	}
}

// A missing network name cannot be fixed by anyone but the caller: no fix,
// and the example shown apart is a verify call that works.
func TestVerifyExampleInsteadOfFix(t *testing.T) {
	h := withKinds(t)
	p := readProblem(t, fetch(t, h, base+"/api/v1/verify?type=netcfg&password=x"), 400, "invalid-parameter")
	if p.Field != "ssid" || p.Fix != "" {
		t.Fatalf("field %q fix %q, want ssid and no fix", p.Field, p.Fix)
	}
	if !strings.HasPrefix(p.Example, base+"/api/v1/verify?") {
		t.Fatalf("example %q is not a verify call", p.Example)
	}
	if rec := fetch(t, h, p.Example); rec.Code != http.StatusOK {
		t.Errorf("example %s answers %d", p.Example, rec.Code)
	}
}

// Bad parameters are problems whose fixes are verify calls that work.
func TestVerifyProblems(t *testing.T) {
	h := withKinds(t)
	for _, tt := range []struct{ target, field string }{
		{"/api/v1/verify", "data"},
		{"/api/v1/verify?data=hi&size=9000", "size"},
		{"/api/v1/verify?data=hi&color=nope", "color"},
		{"/api/v1/verify?type=netcfgg&ssid=x", "type"},
		{"/api/v1/verify?data=" + strings.Repeat("a", 2900) + "&size=64", "size"},
		// Robustness, which the service reads apart, is kept in every fix.
		{"/api/v1/verify?data=hi&size=10&robustness=off", "size"},
		{"/api/v1/verify?data=hi&colr=red&robustness=off", "colr"},
		{"/api/v1/verify?type=wfi&ssid=x&robustness=off", "type"},
	} {
		t.Run(tt.target[:min(len(tt.target), 60)], func(t *testing.T) {
			p := readProblem(t, fetch(t, h, base+tt.target), 400, "invalid-parameter")
			if p.Field != tt.field {
				t.Errorf("field %q, want %q", p.Field, tt.field)
			}
			if tt.target == "/api/v1/verify" {
				// No data: nothing of the caller's to verify, so an
				// example rather than a fix (README "Errors").
				if p.Fix != "" {
					t.Errorf("fix %s for no data", short(p.Fix))
				}
				p.Fix = p.Example
			}
			if !strings.HasPrefix(p.Fix, base+"/api/v1/verify?") {
				t.Errorf("fix %s is not a verify call", short(p.Fix))
			}
			if strings.Contains(tt.target, "robustness=off") != strings.Contains(p.Fix, "robustness=off") {
				t.Errorf("fix %s does not keep the robustness of %s", short(p.Fix), tt.target)
			}
			if rec := fetch(t, h, p.Fix); rec.Code != http.StatusOK {
				t.Errorf("fix %s answers %d: %s", short(p.Fix), rec.Code, rec.Body.String())
			}
		})
	}
}

// What verify is given twice with different values is refused, not read
// first-wins, and without a fix: which kind, or which depth, is meant only
// the caller knows. The example is a verify call that answers.
func TestVerifyGivenTwiceHasNoFix(t *testing.T) {
	h := withKinds(t)
	for _, tt := range []struct{ target, field string }{
		{"/api/v1/verify?data=hi&robustness=off&robustness=full", "robustness"},
		{"/api/v1/verify?type=url&type=wifi&url=https://a.example&robustness=off", "type"},
		{"/api/v1/verify?data=hi&text=bye&robustness=off", "data"},
	} {
		p := readProblem(t, fetch(t, h, base+tt.target), 400, "invalid-parameter")
		if p.Field != tt.field || p.Fix != "" || !strings.Contains(p.Detail, "given twice") || !strings.HasPrefix(p.Example, base+"/api/v1/verify?") {
			t.Errorf("%s: field %q, fix %q, example %q, detail %s", tt.target, p.Field, p.Fix, p.Example, p.Detail)
			continue
		}
		if rec := fetch(t, h, p.Example); rec.Code != http.StatusOK {
			t.Errorf("%s: example %s answers %d", tt.target, short(p.Example), rec.Code)
		}
	}
}

// Verify's pixels per module agree with render's layout. The smallest
// size that renders a call (the fix of a too-small size) has two pixels a
// module (render.ModulePixels), and verify, like generation, refuses one
// pixel less with that fix; twice that less one has three, twice that
// four.
func TestVerifyModuleSizeMatchesLayout(t *testing.T) {
	data := strings.Repeat("b", 500)
	for _, opts := range []string{"", "&margin=0", "&label=caption", "&tpl=scanme", "&margin=7&label=x", "&tpl=scanme&label=hello", "&tpl=banner-above", "&tpl=box&margin=1", "&tpl=bubble&framecolor=e63946", "&tpl=corners&font=mono"} {
		p := readProblem(t, get(t, "/api/v1/qr?data="+data+opts+"&size=64"), 400, "invalid-parameter")
		_, target := fixTarget(t, p.Fix)
		q, _ := url.ParseQuery(strings.SplitN(target, "?", 2)[1])
		side, _ := strconv.Atoi(q.Get("size"))
		if side <= 64 {
			t.Fatalf("%s: the smallest size %d is not above the minimum", opts, side)
		}
		p = readProblem(t, get(t, fmt.Sprintf("/api/v1/verify?data=%s%s&size=%d", data, opts, side-1)), 400, "invalid-parameter")
		if _, fixed := fixTarget(t, p.Fix); !strings.Contains(fixed, fmt.Sprintf("size=%d", side)) {
			t.Errorf("%s: verify at %d px: fix %s, want size=%d", opts, side-1, short(fixed), side)
		}
		for size, want := range map[int]float64{side: 2, 2*side - 1: 3, 2 * side: 4} {
			v := verifyWith(t, handler, fmt.Sprintf("/api/v1/verify?data=%s%s&size=%d", data, opts, size))
			if _, px, _ := v.check(t, "module_size"); px != want {
				t.Errorf("%s size %d: %v px per module, render draws %v", opts, size, px, want)
			}
		}
	}
}

// The decoders check names the decoders measured to miss a design, and the
// measurement behind each (docs/decoders.md): zbar and zxing-cpp 1.4 read no
// light-on-dark code, jsQR misses #888 on white.
func TestVerifyNamesDecodersThatMiss(t *testing.T) {
	tests := []struct {
		query string
		want  []any
	}{
		{"data=hello", []any{}},
		{"data=hello&style=organic&eye=octagon", []any{}},
		{"data=hello&color=fff&bg=000", []any{"zbar 0.23", "zxing-cpp 1.4", "gozxing"}},
		{"data=hello&color=888", []any{"jsQR 1.4"}},
	}
	for _, tt := range tests {
		v := verifyWith(t, handler, "/api/v1/verify?"+tt.query)
		status, value, _ := v.check(t, "decoders")
		if !reflect.DeepEqual(value, tt.want) {
			t.Errorf("%s: decoders %v (%s), want %v", tt.query, value, status, tt.want)
		}
		if (status == "warn") != (len(tt.want) > 0) {
			t.Errorf("%s: decoders check is %s with %v", tt.query, status, value)
		}
	}
}

// A logo hides no alignment pattern at the centre (render.LogoFits): the
// symbol grows past versions 7 to 13 and 21 to 27, and verify finds
// nothing for zbar to miss. Where the code's largest version leaves no
// such version, the logo is too large: a 400 whose fix shrinks the logo,
// or leaves it out, and renders.
func TestLogoNeverHidesTheCentreAlignmentPattern(t *testing.T) {
	link := func(n int) string {
		return "logo=chat&logosize=0.2&logobg=ffffff&data=https://qrforge.example/" + strings.Repeat("x", n)
	}
	for _, tt := range []struct {
		query   string
		version int
	}{
		{link(20), 6}, {link(40), 14}, {link(80), 14}, {link(120), 14}, {link(140), 14}, {link(400), 28},
	} {
		v := verifyWith(t, handler, "/api/v1/verify?"+tt.query)
		if status, value, _ := v.check(t, "decoders"); v.Version != tt.version || status != "pass" || !v.Scannable {
			t.Errorf("%.60s: version %d (want %d), decoders %s %v, scannable %v", tt.query, v.Version, tt.version, status, value, v.Scannable)
		}
	}
	// An EPC payment ends at version 13 (EPC069-12, 2D Code Guidelines:
	// Definition); 1100 bytes need version 38 at H.
	for _, tt := range []struct {
		target, field, fixed string
	}{
		{"/api/v1/epc?name=Red%20Cross&iban=BE72000000001616&amount=10&logo=chat", "logosize", "0.13"},
		{"/api/v1/qr?" + link(1100), "logo", ""},
	} {
		rec := fetch(t, handler, base+tt.target)
		var p struct {
			Field, Fix string
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusBadRequest || p.Field != tt.field {
			t.Fatalf("%.60s: %d %.300s; want a 400 on %s", tt.target, rec.Code, rec.Body, tt.field)
		}
		u, err := url.Parse(p.Fix)
		if err != nil || u.Query().Get(tt.field) != tt.fixed {
			t.Fatalf("%.60s: fix %q; want %s=%q", tt.target, p.Fix, tt.field, tt.fixed)
		}
		fixed := fetch(t, handler, p.Fix)
		if v, _ := strconv.Atoi(fixed.Header().Get("X-QR-Version")); fixed.Code != http.StatusOK || render.CentreAligned(v) && tt.fixed != "" {
			t.Errorf("%.60s: the fix gives %d at version %d", tt.target, fixed.Code, v)
		}
	}
}

// Every frame template, in the default colours and in its own, verifies
// as scannable: verify draws the PNG the generation endpoint serves.
func TestVerifyReadsEveryFrame(t *testing.T) {
	for _, tpl := range []string{"banner-below", "banner-above", "box", "bubble", "corners"} {
		for _, colours := range []string{"", "&color=1d3557&framecolor=e63946&textcolor=000000"} {
			v := verifyWith(t, handler, "/api/v1/verify?data=hello&tpl="+tpl+colours)
			if !v.Scannable || !v.Matches || v.Decoded != "hello" {
				t.Errorf("tpl=%s%s: scannable %v, matches %v, decoded %q", tpl, colours, v.Scannable, v.Matches, v.Decoded)
			}
		}
	}
}

// A POST to verify, which reads only a query, points at the GET example
// without asking for a body it does not read.
func TestVerifyPostSaysQuery(t *testing.T) {
	rec := sendBody(t, handler, http.MethodPost, "/api/v1/verify", "", nil)
	p := readProblem(t, rec, http.StatusMethodNotAllowed, "method-not-allowed")
	if strings.Contains(p.Detail, "body") || !strings.Contains(p.Detail, "query") || p.Example == "" {
		t.Errorf("detail %q, example %q: verify reads a query, not a body", p.Detail, p.Example)
	}
	if rec := fetch(t, handler, p.Example); rec.Code != http.StatusOK {
		t.Errorf("the example %s answers %d", p.Example, rec.Code)
	}
}

// robustness is read in any case, as its description says of every enum
// (options.AnyCase) and as every rendering option's values are.
func TestVerifyRobustnessInAnyCase(t *testing.T) {
	for _, tt := range []struct{ value, depth string }{{"QUICK", "quick"}, {"Quick", "quick"}, {"OFF", ""}} {
		rec := get(t, "/api/v1/verify?data=hi&robustness="+tt.value)
		if rec.Code != http.StatusOK {
			t.Fatalf("robustness=%s: %d %s", tt.value, rec.Code, rec.Body)
		}
		var v struct {
			Robustness *struct{ Depth string } `json:"robustness"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		if v.Robustness != nil {
			if got := v.Robustness.Depth; got != tt.depth {
				t.Errorf("robustness=%s: depth %q, want %q", tt.value, got, tt.depth)
			}
		} else if tt.depth != "" {
			t.Errorf("robustness=%s: no score, want depth %q", tt.value, tt.depth)
		}
	}
}

// Data written in a kind's form that the kind refuses is made as given,
// and warned of, by generation's X-QR-Warning and verify's payload check:
// a longitude of 200, an IBAN whose check digits fail. Data no kind
// refuses is not.
func TestTypedDataTheKindRefusesIsWarned(t *testing.T) {
	for _, c := range []struct{ data, says string }{
		{"geo:52.5,200", "/api/v1/geo"},
		{"BCD\n002\n1\nSCT\n\nRed Cross\nBE72000000001617\nEUR10", "check digits"},
		{"WIFI:T:WPA;S:Home;P:pass;;", "WPA passphrase"},
		{"otpauth://totp/ACME:jo?secret=JBSWY3DPEHPK3PX1", "base32"},
		{"00020126360014br.gov.bcb.pix0114jo@example.com5204000053039865402105802BR5908Jo Silva6009Sao Paulo62070503***63046048", "is 6048, and the characters before it give 6049"},
		{"00020126360014br.gov.bcb.pix0114jo@example.com5204000053039865402105802BR5908Jo Silva6009Sao Paulo62070503***63046049", ""},
		{"https://example.com", ""},
		{"BCD\n002\n1\nSCT\n\nRed Cross\nBE72000000001616\nEUR10", ""},
		{"WIFI:T:WPA;S:Home;P:secret123;;", ""},
	} {
		res := get(t, "/api/v1/qr?data="+url.QueryEscape(c.data))
		warning := res.Header().Get("X-QR-Warning")
		if res.Code != 200 || (c.says == "") != (warning == "") || !strings.Contains(warning, c.says) {
			t.Errorf("%q: %d, warning %q", c.data, res.Code, warning)
		}
		var v struct {
			Checks []struct{ Name, Status, Message string }
		}
		if err := json.Unmarshal(ok(t, "/api/v1/verify?robustness=off&data="+url.QueryEscape(c.data)), &v); err != nil || len(v.Checks) == 0 {
			t.Fatalf("%q: verify: %v", c.data, err)
		}
		last := v.Checks[len(v.Checks)-1]
		if last.Name != "payload" || (last.Status == "warn") != (c.says != "") || !strings.Contains(last.Message, c.says) {
			t.Errorf("%q: verify %+v", c.data, last)
		}
	}
}

// X-QR-Warning is ASCII, as browsers read a header's other bytes as
// Latin-1: the section sign is written out, other characters as \u.
func TestWarningHeaderIsASCII(t *testing.T) {
	res := get(t, "/api/v1/qr?data="+url.QueryEscape("geo:52.5,200"))
	w := res.Header().Get("X-QR-Warning")
	if !strings.Contains(w, "RFC 5870 section 3.4.2") {
		t.Errorf("X-QR-Warning %q", w)
	}
	for _, r := range w {
		if r >= 0x80 {
			t.Fatalf("X-QR-Warning has %q: %q", r, w)
		}
	}
}
