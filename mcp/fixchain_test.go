package mcp_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// A frame's margin and a logo too large for level L, found only when the
// code is made, once got fix_arguments naming the margin alone, which the
// tool refused in turn: the fix now corrects both, and is served.
func TestFixArgumentsAreServed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, c2 := range []struct {
			tool string
			args map[string]any
		}{
			{"qr_generate", map[string]any{"data": "x", "margin": 0, "tpl": "corners", "logo": "heart", "logosize": 0.2, "ec": "L"}},
			{"qr_generate_typed", map[string]any{"kind": "text", "fields": map[string]any{"text": "x"}, "margin": 0, "tpl": "corners", "logo": "heart", "logosize": 0.2, "ec": "L"}},
		} {
			p := fail(t, c, c2.tool, c2.args)
			if fmt.Sprint(p.FixArguments["margin"]) != "1" || fmt.Sprint(p.FixArguments["logosize"]) != "0.16" {
				t.Fatalf("%s: fix_arguments %v, want margin 1 and logosize 0.16", c2.tool, p.FixArguments)
			}
			succeed(t, c, c2.tool, p.FixArguments, nil)
		}
	})
}

// An argument the tool renames (margn, did you mean margin) was given as
// fix_arguments without asking the service, which then refused the
// frame's margin of 0: the fix now corrects what the renamed call still
// refuses, and lists both. qr_verify tries it too, without verifying.
func TestRenamedArgumentFixIsServed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, tool := range []string{"qr_generate", "qr_verify"} {
			args := map[string]any{"data": "x", "margn": 0, "tpl": "corners", "logo": "heart", "logosize": 0.2, "ec": "L"}
			if tool == "qr_verify" {
				args["robustness"] = "off" // the fix keeps it
			}
			p := fail(t, c, tool, args)
			if fmt.Sprint(p.FixArguments["margin"]) != "1" || fmt.Sprint(p.FixArguments["logosize"]) != "0.16" || p.FixArguments["margn"] != nil || p.FixArguments["robustness"] != args["robustness"] {
				t.Fatalf("%s: fix_arguments %v, want margin 1 and logosize 0.16, robustness as given", tool, p.FixArguments)
			}
			if !strings.Contains(p.Detail, "margn") || !strings.Contains(p.Detail, "3 parameters") {
				t.Errorf("%s: detail %q: want margn named, and three problems", tool, p.Detail)
			}
			succeed(t, c, tool, p.FixArguments, nil)
		}
	})
}

// qr_batch tries the fix_arguments it makes itself too, without
// rendering: outptu, renamed to output, was given as the fix beside a
// shared style whose frame has a margin of 0 and whose size is below the
// least, which the call then refused as a whole. The service's fix, a
// body, is restated as qr_batch's arguments.
func TestBatchFixArgumentsAreServed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		style := map[string]any{"margin": 0, "tpl": "corners", "size": 5}
		p := fail(t, c, "qr_batch", map[string]any{"outptu": "svg", "style": style, "items": []any{map[string]any{"data": "x"}}})
		got, _ := p.FixArguments["style"].(map[string]any)
		if p.FixArguments["output"] != "svg" || fmt.Sprint(got["margin"]) != "1" || fmt.Sprint(got["size"]) != "64" || p.FixArguments["outptu"] != nil {
			t.Fatalf("qr_batch: fix_arguments %v, want output svg, style.margin 1 and style.size 64", p.FixArguments)
		}
		if !strings.Contains(p.Detail, "outptu") || !strings.HasPrefix(p.Fix, "qr_batch {") {
			t.Errorf("qr_batch: detail %q, fix %q: want outptu named, and the fix a qr_batch call", p.Detail, p.Fix)
		}
		var answer struct{ Succeeded, Failed int }
		succeed(t, c, "qr_batch", p.FixArguments, &answer)
		if answer.Succeeded != 1 || answer.Failed != 0 {
			t.Errorf("qr_batch: the fix answered %+v, want its one item made", answer)
		}
		// Refused then without a fix (style.format png beside output svg:
		// which is meant is the caller's to say), it leaves none.
		p = fail(t, c, "qr_batch", map[string]any{"outptu": "svg", "style": map[string]any{"format": "png"}, "items": []any{map[string]any{"data": "x"}}})
		if p.FixArguments != nil || p.Fix != "" || !strings.Contains(p.Detail, "style.format") {
			t.Errorf("qr_batch with style.format png: fix %q %v, detail %q; want no fix, and style.format named", p.Fix, p.FixArguments, p.Detail)
		}
	})
}

// A verify fix keeps the robustness depth asked for: robustness is
// verify's own argument, no rendering option, and was left out of
// fix_arguments, whose call then scored the code the caller did not want
// scored.
func TestVerifyFixKeepsRobustness(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		p := fail(t, c, "qr_verify", map[string]any{"data": "x", "margin": 0, "tpl": "corners", "robustness": "off"})
		if p.FixArguments["robustness"] != "off" || fmt.Sprint(p.FixArguments["margin"]) != "1" {
			t.Fatalf("fix_arguments %v, want margin 1 and robustness off", p.FixArguments)
		}
		var v struct{ Robustness any }
		succeed(t, c, "qr_verify", p.FixArguments, &v)
		if v.Robustness != nil {
			t.Errorf("robustness %v, want none with robustness off", v.Robustness)
		}
	})
}

// qr_batch's fix of a shared style is tried on the items, each encoded:
// a frame's margin of 0 beside a logo too large for level L was given
// margin 1 alone, and the batch then failed its item for the logo's
// size, checked only once each item's code is made. The fix now gives
// the size that serves every item.
func TestBatchStyleFixArgumentsServeTheItems(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		style := map[string]any{"margin": 0, "tpl": "corners", "logo": "heart", "logosize": 0.2, "ec": "L"}
		p := fail(t, c, "qr_batch", map[string]any{"outptu": "svg", "style": style, "items": []any{map[string]any{"data": "x"}, map[string]any{"data": "https://example.com/menu"}}})
		got, _ := p.FixArguments["style"].(map[string]any)
		if p.FixArguments["output"] != "svg" || fmt.Sprint(got["margin"]) != "1" || fmt.Sprint(got["logosize"]) != "0.16" {
			t.Fatalf("qr_batch: fix_arguments %v, want output svg, style.margin 1 and style.logosize 0.16", p.FixArguments)
		}
		var answer struct{ Succeeded, Failed int }
		succeed(t, c, "qr_batch", p.FixArguments, &answer)
		if answer.Succeeded != 2 || answer.Failed != 0 {
			t.Errorf("qr_batch: the fix answered %+v, want both items made", answer)
		}
	})
}

// A batch the service refuses as a whole, with no argument of the tool's
// own at fault (a frame's margin of 0 in the shared style), gets its fix
// as qr_batch's arguments: the body fix alone is a curl command, which
// an agent cannot send through the tool.
func TestBatchRefusalGivesFixArguments(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		style := map[string]any{"margin": 0, "tpl": "corners"}
		p := fail(t, c, "qr_batch", map[string]any{"output": "svg", "style": style, "items": []any{map[string]any{"data": "x"}}})
		got, _ := p.FixArguments["style"].(map[string]any)
		if p.FixArguments["output"] != "svg" || fmt.Sprint(got["margin"]) != "1" || !strings.HasPrefix(p.Fix, "qr_batch {") {
			t.Fatalf("fix %q, fix_arguments %v; want a qr_batch call with output svg and style.margin 1", p.Fix, p.FixArguments)
		}
		var answer struct{ Succeeded, Failed int }
		succeed(t, c, "qr_batch", p.FixArguments, &answer)
		if answer.Succeeded != 1 || answer.Failed != 0 {
			t.Errorf("the fix answered %+v, want its one item made", answer)
		}
	})
}

// qr_size_recommend's fixes are tried, and a number written as text, with
// or without a unit, is fixed to the number meant: "distance" renamed to
// distance_m kept "2 meters", which distance_m refuses, and distance_m
// "2 meters" was fixed by dropping it, which left no distance and no fix.
func TestSizeRecommendFixesAreServed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, tc := range []struct {
			args map[string]any
			want map[string]any // nil: no fix
		}{
			{map[string]any{"data": "https://example.com", "distance": "2 meters"}, map[string]any{"distance_m": 2.0}},
			{map[string]any{"data": "https://example.com", "distance_m": "6 ft"}, map[string]any{"distance_m": 1.829}},
			{map[string]any{"data": "https://example.com", "distance_m": "1.5"}, map[string]any{"distance_m": 1.5}},
			{map[string]any{"data": "https://example.com", "print_mm": "3 cm", "dpi": "600dpi"}, map[string]any{"print_mm": 30.0, "dpi": 600.0}},
			{map[string]any{"data": "https://example.com", "distance_m": "far", "print_mm": 30}, map[string]any{"print_mm": 30.0}},
			{map[string]any{"data": "https://example.com", "distance_m": "far"}, nil},
			{map[string]any{"data": "https://example.com", "distance_m": "2 parsecs"}, nil},
		} {
			p := fail(t, c, "qr_size_recommend", tc.args)
			if tc.want == nil {
				if p.FixArguments != nil || p.Fix != "" {
					t.Errorf("%v: fix %q %v, want none: no distance is left", tc.args, p.Fix, p.FixArguments)
				}
				continue
			}
			for name, v := range tc.want {
				if got, _ := p.FixArguments[name].(float64); got != v.(float64) {
					t.Errorf("%v: fix_arguments %v, want %s %v", tc.args, p.FixArguments, name, v)
				}
			}
			succeed(t, c, "qr_size_recommend", p.FixArguments, nil)
		}
	})
}

// qr_kind_schema's fixes are tried: kinds, renamed to kind, kept "wfi",
// which kind then refused with a fix of its own, and a lone argument
// naming a kind under another name (name, type) was dropped, which left
// no kind. A name no kind is meant by leaves no fix.
func TestKindSchemaFixesAreServed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, args := range []map[string]any{
			{"kinds": "wfi"},
			{"name": "wifi"},
			{"type": "wfi"},
			{"kind": []any{"wifi"}},
		} {
			p := fail(t, c, "qr_kind_schema", args)
			if len(p.FixArguments) != 1 || p.FixArguments["kind"] != "wifi" {
				t.Errorf("%v: fix_arguments %v, want kind wifi", args, p.FixArguments)
				continue
			}
			succeed(t, c, "qr_kind_schema", p.FixArguments, nil)
		}
		for _, args := range []map[string]any{{"name": "hello"}, {"kind": []any{"wifi", "vcard"}}} {
			if p := fail(t, c, "qr_kind_schema", args); p.FixArguments != nil {
				t.Errorf("%v: fix_arguments %v, want none: no kind is named, or two are", args, p.FixArguments)
			}
		}
	})
}

// qr_decode's fixes are tried, without decoding the image again
// (service.CheckDecode): an unknown argument beside an image that is no
// image, or not base64, got the call without it as fix_arguments, which
// decode then refused for the image. The fix is now told in words, as
// for a call with no image, also when the call is too long to repeat; an
// image given empty beside one under another name, or as MCP's image
// content object, is moved into image.
func TestDecodeFixesAreServed(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	_, img := httpGet(t, base+"/api/v1/qr?data=Hello")
	encoded := base64.StdEncoding.EncodeToString(img)
	notImage := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("not an image ", 2000)))
	for _, args := range []map[string]any{
		{"image": "notbase64!!", "extra": 1},
		{"image": base64.StdEncoding.EncodeToString([]byte("hello world")), "extra": 1},
		{"image": notImage, "extra": 1},
	} {
		p := fail(t, c, "qr_decode", args)
		if p.FixArguments != nil || !strings.Contains(p.Fix, "base64") || strings.Contains(p.Fix, "{") || !strings.Contains(p.Detail, "extra") {
			t.Errorf("%.60v: fix %q, fix_arguments %.100v; want the image asked for in words, extra named", args, p.Fix, p.FixArguments)
		}
	}
	for _, args := range []map[string]any{
		{"image": "", "file": encoded},
		{"image": nil, "file": encoded},
		{"image": map[string]any{"type": "image", "data": encoded, "mimeType": "image/png"}},
		{"image": []any{encoded}},
	} {
		p := fail(t, c, "qr_decode", args)
		if len(p.FixArguments) != 1 || p.FixArguments["image"] != encoded {
			t.Errorf("%.60v: fix_arguments %.100v, want the image as image", args, p.FixArguments)
			continue
		}
		if res := succeed(t, c, "qr_decode", p.FixArguments, nil); !strings.Contains(texts(res), `"Hello"`) {
			t.Errorf("the fix reads no Hello: %.300s", texts(res))
		}
	}
}

// qr_size_recommend's fix of a value the service refuses (ec "high") was
// the service's generation call read back as arguments: format json and
// margin 4, which the tool does not take, and no distance, so following
// it was refused again. The fix is now the caller's call with the value
// corrected; one that needs what the tool does not take (append, for data
// no single symbol holds) is none.
func TestSizeRecommendServiceFixKeepsTheCall(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, args := range []map[string]any{
			{"data": "hi", "distance_m": 2, "ec": "high", "dpi": 600},
			{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "security": "nopass"}, "print_mm": 30, "ec": "30%"},
		} {
			p := fail(t, c, "qr_size_recommend", args)
			if p.FixArguments["ec"] != "H" || p.FixArguments["format"] != nil || p.FixArguments["margin"] != nil ||
				fmt.Sprint(p.FixArguments["distance_m"]) != fmt.Sprint(args["distance_m"]) || fmt.Sprint(p.FixArguments["print_mm"]) != fmt.Sprint(args["print_mm"]) {
				t.Errorf("%v: fix_arguments %v, want the call with ec H", args, p.FixArguments)
				continue
			}
			succeed(t, c, "qr_size_recommend", p.FixArguments, nil)
		}
		p := fail(t, c, "qr_size_recommend", map[string]any{"data": strings.Repeat("x", 3000), "distance_m": 2})
		if p.FixArguments != nil {
			t.Errorf("data too long for one symbol: fix_arguments %v, want none", p.FixArguments)
		}
	})
}

// A length under a name that says its unit was renamed with its value
// as given: distance_cm 50 became distance_m 50, a hundred times the
// distance meant. The fix now writes it in the argument's unit.
func TestSizeRecommendLengthInNamedUnit(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, tc := range []struct {
			args map[string]any
			name string
			want float64
		}{
			{map[string]any{"data": "hi", "distance_cm": 50}, "distance_m", 0.5},
			{map[string]any{"data": "hi", "distanceFt": "6"}, "distance_m", 1.829},
			{map[string]any{"data": "hi", "print_width_cm": 3, "dpi": 600}, "print_mm", 30},
			{map[string]any{"data": "hi", "print_in": "1 inch"}, "print_mm", 25.4},
		} {
			p := fail(t, c, "qr_size_recommend", tc.args)
			if got, _ := p.FixArguments[tc.name].(float64); got != tc.want || len(p.FixArguments) != len(tc.args) {
				t.Errorf("%v: fix_arguments %v, want %s %v", tc.args, p.FixArguments, tc.name, tc.want)
				continue
			}
			succeed(t, c, "qr_size_recommend", p.FixArguments, nil)
		}
	})
}

// qr_size_recommend's margin and version written as text ("2", "2
// modules", "5") were dropped by the fix, or given no fix: the advice
// then took the default quiet zone of 4, or no version at all. The fix
// now writes the number; options nested in an object are set beside.
func TestSizeRecommendWholeNumbersAsText(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, tc := range []struct {
			args map[string]any
			name string
			want float64
		}{
			{map[string]any{"data": "hi", "distance_m": 2, "margin": "2"}, "margin", 2},
			{map[string]any{"data": "hi", "distance_m": 2, "margin": "2 modules"}, "margin", 2},
			{map[string]any{"version": "5", "distance_m": 2}, "version", 5},
			{map[string]any{"data": "hi", "distance_m": 2, "options": map[string]any{"ec": "Q"}}, "distance_m", 2},
		} {
			p := fail(t, c, "qr_size_recommend", tc.args)
			if got, _ := p.FixArguments[tc.name].(float64); got != tc.want {
				t.Errorf("%v: fix_arguments %v, want %s %v", tc.args, p.FixArguments, tc.name, tc.want)
				continue
			}
			succeed(t, c, "qr_size_recommend", p.FixArguments, nil)
		}
		if p := fail(t, c, "qr_size_recommend", map[string]any{"data": "hi", "distance_m": 2, "options": map[string]any{"ec": "Q"}}); p.FixArguments["ec"] != "Q" {
			t.Errorf("options.ec: fix_arguments %v, want ec Q", p.FixArguments)
		}
	})
}
