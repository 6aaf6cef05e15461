package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/internal/length"
	"github.com/qrforge/qrforge/options"
)

// The sizing rules of qr_size_recommend.
const (
	// distanceRatio is the 10:1 rule of thumb of QR print guides (it is not
	// in ISO/IEC 18004): a code scans from up to ten times its printed
	// width. It is taken for a version-2 code (25 modules) with its
	// 4-module quiet zone, 33 modules across, so a module must be at least
	// distance/330; denser symbols need proportionally larger prints.
	distanceRatio     = 10
	referenceModules  = 33
	moduleDistanceDiv = distanceRatio * referenceModules
	// minModuleMM is the smallest module phone cameras read reliably at
	// close range; guides give 0.3 to 0.5 mm, and qrforge takes 0.4 mm.
	minModuleMM = 0.4
	// minDotsPerModule: DENSO WAVE recommends at least 4 printer dots per
	// module for stable reading (qrcode.com, "Point for setting the module
	// size").
	minDotsPerModule = 4
	mmPerInch        = 25.4
	defaultQuietZone = 4 // ISO/IEC 18004: a quiet zone of 4 modules
)

// sizeRule states the rules in qr_size_recommend's answers.
const sizeRule = "Distance: the 10:1 rule of thumb of QR print guides (not part of ISO/IEC 18004) - a code scans from up to 10 times its printed width, quiet zone included - taken for a version-2 code with its 4-module quiet zone (33 modules across), so each module is at least distance/330 and denser codes print larger. " +
	"Print: each module at least 0.4 mm (phone cameras at close range; guides give 0.3-0.5 mm) and at least 4 printer dots (DENSO WAVE, qrcode.com \"Point for setting the module size\"), rounded up to whole dots at the printer's dpi so module edges stay sharp."

// sizeAdvice is qr_size_recommend's answer.
type sizeAdvice struct {
	Version         int     `json:"version"`
	EC              string  `json:"ec,omitempty"`
	Modules         int     `json:"modules"`
	QuietZone       int     `json:"quiet_zone"`
	TotalModules    int     `json:"total_modules"`
	DistanceM       float64 `json:"distance_m,omitempty"`
	AvailableMM     float64 `json:"available_mm,omitempty"`
	Fits            *bool   `json:"fits,omitempty"`
	ModuleMM        float64 `json:"module_mm"`
	PrintMM         float64 `json:"print_mm"`
	MaxDistanceM    float64 `json:"max_distance_m"`
	DPI             int     `json:"dpi"`
	DotsPerModule   int     `json:"dots_per_module"`
	Pixels          int     `json:"pixels"`
	PixelsPerModule int     `json:"pixels_per_module"`
	URL             string  `json:"url,omitempty"`
	PrintURL        string  `json:"print_url,omitempty"`
	Rule            string  `json:"rule"`
	Explanation     string  `json:"explanation"`
}

// sizeRecommend serves qr_size_recommend.
func (t *tools) sizeRecommend(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	example := sizeExample
	names := []string{options.Data.Name, kindArgument, "fields", "version", options.EC.Name, options.Margin.Name, "distance_m", "print_mm", options.DPI.Name}
	known := knownNames(nil, append(names, legacyKindArgument)...)
	if bad := t.nestedOptions(toolSizeRecommend, args, t.all); bad != nil {
		return bad, nil
	}
	if bad := t.lengthInName(args, known); bad != nil {
		return bad, nil
	}
	if bad := t.unknownArguments(toolSizeRecommend, args, known, names, nil); bad != nil {
		return bad, nil
	}
	// number reads a positive number; one written as text, with or
	// without a unit of its kind (unit, in millimetres; 0 for none), is
	// refused with a fix that writes the number meant.
	number := func(name string, unit float64, decimals int) (float64, bool, *argError) {
		v, given := args[name]
		if !given {
			return 0, false, nil
		}
		f, ok := v.(float64)
		if !ok || f <= 0 || math.IsInf(f, 0) {
			bad := &argError{field: name, detail: name + " is a positive number", fix: nil}
			if read, readable := numberInText(v, unit); readable {
				read, _ = strconv.ParseFloat(strconv.FormatFloat(read, 'f', decimals, 64), 64)
				bad.fix = maps.Clone(args)
				bad.fix[name] = read
				bad.detail += fmt.Sprintf(", not text: %q is %v", truncate(fmt.Sprint(v), maxNameBytes), read)
				bad.change = fmt.Sprintf("with %s %v", name, read)
			}
			return 0, true, bad
		}
		return f, true, nil
	}
	distance, hasDistance, bad := number("distance_m", 1000, 3)
	if bad == nil && hasDistance && distance > 1000 {
		bad = &argError{field: "distance_m", detail: "distance_m is at most 1000 (metres)", fix: nil}
	}
	available, hasPrint, bad2 := number("print_mm", 1, 1)
	dpiValue, hasDPI, bad3 := number(options.DPI.Name, 0, 0)
	for _, b := range []*argError{bad, bad2, bad3} {
		if b != nil {
			return t.badArgument(toolSizeRecommend, args, b), nil
		}
	}
	if !hasDistance && !hasPrint {
		// No fix: how far away the code is scanned, or how wide it may
		// print, only the caller knows; the example shows the argument.
		return t.badArgument(toolSizeRecommend, args, unfixable("distance_m", "give the scan distance (distance_m, metres) or the print width available (print_mm, millimetres), or both", example)), nil
	}
	dpi := options.DefaultDPI
	if hasDPI {
		dpi = int(math.Round(dpiValue))
		if dpi < options.DPI.Min || dpi > options.DPI.Max {
			return t.badArgument(toolSizeRecommend, args, &argError{field: options.DPI.Name, detail: fmt.Sprintf("dpi is %d to %d (printer dots per inch)", options.DPI.Min, options.DPI.Max), fix: nil}), nil
		}
	}

	a := sizeAdvice{DPI: dpi, Rule: sizeRule, QuietZone: defaultQuietZone}
	if m, ok := args["margin"]; ok {
		f, isNumber := m.(float64)
		if !isNumber || f != math.Trunc(f) || f < 0 || f > 10 {
			bad := &argError{field: "margin", detail: "margin is a whole number of modules, 0 to 10", fix: nil}
			if n, ok := wholeInText(m, "modules", "module"); ok && n <= 10 {
				bad.fix = maps.Clone(args)
				bad.fix["margin"] = n
				bad.detail += fmt.Sprintf(", not text: %q is %d", truncate(fmt.Sprint(m), maxNameBytes), n)
				bad.change = fmt.Sprintf("with margin %d", n)
			}
			return t.badArgument(toolSizeRecommend, args, bad), nil
		}
		a.QuietZone = int(f)
	}

	// The symbol: from the API's own matrix for the data, or the version.
	var target *target
	if v, ok := args["version"]; ok {
		// No fix: the example's data and distance are not the caller's.
		f, isNumber := v.(float64)
		_, hasData := args["data"]
		alone := !hasData && args[kindArgument] == nil && args[legacyKindArgument] == nil
		if n, ok := wholeInText(v); alone && ok && n >= 1 && n <= 40 {
			// "5": the version written as text, which has one reading.
			fix := maps.Clone(args)
			fix["version"] = n
			return t.badArgument(toolSizeRecommend, args, &argError{field: "version", detail: fmt.Sprintf("version is a whole number 1 to 40, not text: %q is %d", truncate(fmt.Sprint(v), maxNameBytes), n),
				fix: fix, change: fmt.Sprintf("with version %d", n)}), nil
		}
		if !alone || !isNumber || f != math.Trunc(f) || f < 1 || f > 40 {
			return t.badArgument(toolSizeRecommend, args, unfixable("version", "version is a whole number 1 to 40, given instead of data or kind and fields", example)), nil
		}
		a.Version = int(f)
		a.Modules = 17 + 4*a.Version // ISO/IEC 18004 §5.3.1: version V is 17+4V modules wide
	} else {
		var bad *argError
		target, bad = readTarget(args, true, true)
		if bad != nil {
			if bad.field == "data" || bad.field == kindArgument || bad.field == legacyKindArgument {
				bad.detail = "give data, kind and fields, or version; " + bad.detail
			}
			return t.badArgument(toolSizeRecommend, args, bad), nil
		}
		q := target.query()
		q.add(options.Format.Name, "json")
		if ec, ok := args["ec"]; ok {
			s, _ := queryValue(ec)
			q.add(options.EC.Name, s)
		}
		q.add(options.Margin.Name, strconv.Itoa(a.QuietZone))
		resp := t.api.generate(ctx, target, q)
		if !resp.ok() {
			return t.sizeFailure(resp, args), nil
		}
		var m struct {
			Version int    `json:"version"`
			EC      string `json:"ec"`
			Size    int    `json:"size"`
		}
		if err := json.Unmarshal(resp.body, &m); err != nil {
			return nil, fmt.Errorf("format=json answer: %w", err)
		}
		a.Version, a.EC, a.Modules = m.Version, m.EC, m.Size
	}
	a.TotalModules = a.Modules + 2*a.QuietZone
	n := float64(a.TotalModules)
	dot := mmPerInch / float64(dpi)

	// The smallest module every rule allows, in whole printer dots.
	need := max(minModuleMM, minDotsPerModule*dot)
	var why strings.Builder
	fmt.Fprintf(&why, "Version %d is %d modules wide; with a %d-module quiet zone the code is %d modules across. ", a.Version, a.Modules, a.QuietZone, a.TotalModules)
	fmt.Fprintf(&why, "The print floor is %.2f mm per module (0.4 mm, and 4 dots at %d dpi). ", need, dpi)
	if hasDistance {
		a.DistanceM = distance
		dmm := distance * 1000
		byDistance := max(dmm/moduleDistanceDiv, dmm/(distanceRatio*n))
		fmt.Fprintf(&why, "Scanned from %g m, the 10:1 rule asks for modules of at least %.2f mm (distance/330, and the whole code at least %.0f mm wide). ", distance, byDistance, dmm/distanceRatio)
		need = max(need, byDistance)
	}
	dots := int(math.Ceil(need/dot - 1e-9))
	a.DotsPerModule = dots
	a.ModuleMM = round2(float64(dots) * dot)
	a.PrintMM = round2(float64(dots) * dot * n)
	fmt.Fprintf(&why, "Rounded up to whole dots at %d dpi that is %d dots = %.2f mm per module, so the smallest reliable print is %.1f mm wide, quiet zone included. ", dpi, dots, a.ModuleMM, a.PrintMM)

	if hasPrint {
		a.AvailableMM = available
		fits := available+1e-9 >= a.PrintMM
		a.Fits = &fits
		if fits {
			// Use the space: the largest whole-dot module that fits.
			dots = int(math.Floor(available/(dot*n) + 1e-9))
			a.DotsPerModule = dots
			a.ModuleMM = round2(float64(dots) * dot)
			a.PrintMM = round2(float64(dots) * dot * n)
			fmt.Fprintf(&why, "The %.1f mm available fits it: %d dots = %.2f mm per module, %.1f mm wide. ", available, dots, a.ModuleMM, a.PrintMM)
		} else {
			fmt.Fprintf(&why, "The %.1f mm available is too small: at %.2f mm per module the code does not scan reliably; print it at least %.1f mm wide, or encode less data (a lower version) or pick a lower error-correction level. ", available, available/n, a.PrintMM)
		}
	}
	a.MaxDistanceM = round2(min(a.ModuleMM*moduleDistanceDiv, a.PrintMM*distanceRatio) / 1000)
	fmt.Fprintf(&why, "At that size it scans from up to about %.2g m. ", a.MaxDistanceM)

	// Pixels: whole pixels per module, one pixel per printer dot, so the
	// PNG printed at the dpi has exactly the recommended size.
	a.PixelsPerModule = a.DotsPerModule
	a.Pixels = a.TotalModules * a.PixelsPerModule
	switch {
	case a.Pixels > t.maxPixels:
		a.PixelsPerModule = t.maxPixels / a.TotalModules
		a.Pixels = a.PixelsPerModule * a.TotalModules
		fmt.Fprintf(&why, "That is more than %d px, the largest PNG, so use size=%d (%d px per module) scaled up, or better the vector PDF of print_url, which prints sharp at any size.", t.maxPixels, a.Pixels, a.PixelsPerModule)
	case a.Pixels < t.minPixels:
		a.PixelsPerModule = (t.minPixels + a.TotalModules - 1) / a.TotalModules
		a.Pixels = a.PixelsPerModule * a.TotalModules
		fmt.Fprintf(&why, "The PNG is at least %d px, so use size=%d (%d px per module) and print it %.1f mm wide.", t.minPixels, a.Pixels, a.PixelsPerModule, a.PrintMM)
	default:
		fmt.Fprintf(&why, "The PNG for it is size=%d (%d px per module), printed at %d dpi.", a.Pixels, a.PixelsPerModule, dpi)
	}
	a.Explanation = why.String()

	if target != nil && a.PixelsPerModule > 0 {
		q := target.query()
		q.add(options.Size.Name, strconv.Itoa(a.Pixels))
		if ec, ok := args["ec"]; ok {
			s, _ := queryValue(ec)
			q.add(options.EC.Name, s)
		}
		if a.QuietZone != defaultQuietZone {
			q.add(options.Margin.Name, strconv.Itoa(a.QuietZone))
		}
		a.URL = t.api.base + target.path() + "?" + q.encode()
		if u := t.printURL(target, args, a); u != "" {
			a.PrintURL = u
			a.Explanation += fmt.Sprintf(" print_url is the same code as a PDF page exactly %.2f mm wide, black as pure K (docs/print.md).", a.PrintMM)
		}
	}
	return summary(a), nil
}

// printURL is the call for the advice's print as a PDF page of print_mm,
// in CMYK inks. A length spans at most maxPixels dots, so a large print
// names a lower dpi, down to options.DPI's minimum; "" when even that is
// too fine.
func (t *tools) printURL(target *target, args map[string]any, a sizeAdvice) string {
	dpi := min(a.DPI, int(float64(t.maxPixels)*mmPerInch/a.PrintMM))
	if dpi < options.DPI.Min {
		return ""
	}
	q := target.query()
	q.add(options.Size.Name, strconv.FormatFloat(a.PrintMM, 'f', -1, 64)+"mm")
	q.add(options.DPI.Name, strconv.Itoa(dpi))
	q.add(options.Format.Name, "pdf")
	q.add(options.CMYK.Name, "true")
	if ec, ok := args["ec"]; ok {
		s, _ := queryValue(ec)
		q.add(options.EC.Name, s)
	}
	if a.QuietZone != defaultQuietZone {
		q.add(options.Margin.Name, strconv.Itoa(a.QuietZone))
	}
	return t.api.base + target.path() + "?" + q.encode()
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// numberInText reads text an agent gives for a number ("2", "2 meters",
// "30mm", "300dpi") in the argument's unit, in millimetres (1000 for
// distance_m, 1 for print_mm); with unit 0 the argument is no length, and
// only dpi may follow the number. ok is false for anything else.
func numberInText(v any, unit float64) (float64, bool) {
	s, isText := v.(string)
	if !isText {
		return 0, false
	}
	s = strings.ToLower(strings.TrimSpace(s))
	number, dpi := strings.CutSuffix(s, "dpi")
	number = strings.TrimSpace(number)
	if f, err := strconv.ParseFloat(number, 64); err == nil && f > 0 && strings.Trim(number, "0123456789.") == "" && (unit == 0 || !dpi) {
		return f, true
	}
	if n, u, _, ok := length.Parse(s); ok && unit > 0 {
		return n * length.Millimetres[u] / unit, true
	}
	return 0, false
}

// sizeExample is qr_size_recommend's example: its data and distance are
// no caller's.
var sizeExample = map[string]any{"data": "https://example.com", "distance_m": 1.5}

// sizeFailure is the tool error for the code qr_size_recommend could not
// encode, its fix restated as the tool's own arguments: the service's fix
// is a generation call, with the format=json and margin the tool asked
// for and without the distance, print width and dpi, which qr_size_recommend
// would refuse, or answer for another distance. The corrected data, kind,
// fields and ec are set into the caller's call; a fix that needs an option
// the tool does not take (append) is none.
func (t *tools) sizeFailure(resp *response, args map[string]any) *mcp.CallToolResult {
	p := problemOf(resp)
	fixed := t.argumentsOf(p.Fix)
	if fixed == nil {
		return failed(p, nil)
	}
	out := maps.Clone(args)
	for _, name := range []string{options.Data.Name, kindArgument, "fields", options.EC.Name} {
		if v, ok := fixed[name]; ok {
			out[name] = v
		} else {
			delete(out, name)
		}
	}
	if _, ok := out[kindArgument]; ok {
		delete(out, legacyKindArgument)
	}
	for name := range fixed {
		switch name {
		case options.Data.Name, kindArgument, "fields", options.EC.Name, options.Format.Name, options.Margin.Name:
		default:
			// Only GET /api/v1/qr takes it: no call of this tool does.
			p.Fix, p.Example = "", call(toolSizeRecommend, sizeExample)
			p.Detail += fmt.Sprintf("; the fix needs %s, which qr_size_recommend does not take: ask qr_generate for the code, then for its size with version", truncate(name, maxNameBytes))
			return failed(p, nil)
		}
	}
	p.Fix = call(toolSizeRecommend, out)
	return failed(p, out)
}

// wholeInText reads a whole number written as text ("5", "4 modules"),
// optionally followed by one of words; ok is false for anything else.
func wholeInText(v any, words ...string) (int, bool) {
	s, isText := v.(string)
	if !isText {
		return 0, false
	}
	s = strings.ToLower(strings.TrimSpace(s))
	for _, w := range words {
		if rest, cut := strings.CutSuffix(s, w); cut {
			s = strings.TrimSpace(rest)
			break
		}
	}
	if s == "" || strings.Trim(s, "0123456789") != "" || len(s) > 3 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
