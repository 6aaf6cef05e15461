package service

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/internal/jsonkeys"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
)

// readBatch checks the body. Anything wrong with the body as a whole is
// one problem; a bad item fails alone, later.
func (s *Service) readBatch(body []byte) (*batchRequest, *Problem) {
	// A body with no items of the caller's to keep has no fix: one would
	// render made-up items (README "Errors": a fix carries only what you
	// wrote). Its example is a batch that works.
	noFix := func(field, detail string) *Problem {
		p := s.Problem(KindInvalidParameter, detail, field, "")
		p.Example = s.BatchCurl(ExampleBatch)
		return p
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, noFix("", "the body is empty; send {\"output\": ..., \"style\": {...}, \"items\": [...]}")
	}

	if detail := bodyNotUTF8(body); detail != "" {
		return nil, noFix("", detail)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		var items []json.RawMessage
		if json.Unmarshal(body, &items) == nil && len(items) > 0 {
			// [{"data": ...}, ...] is the items without their object,
			// and ["a", "b"] their data.
			for i, item := range items {
				if t := bytes.TrimSpace(item); len(t) > 0 && t[0] == '"' {
					items[i], _ = json.Marshal(map[string]json.RawMessage{"data": t})
				}
			}
			b, _ := json.Marshal(items)
			return nil, s.keyProblem([]FieldProblem{{"items", "the body is an object holding the items, {\"items\": [...]}, not an array of them; the fix puts the array under items, a string as an item's data"}},
				map[string]json.RawMessage{"items": b}, len(body))
		}
		return nil, noFix("", jsonErrorDetail(body, err, `{"output", "style", "items"}`))
	}
	if top == nil {
		return nil, noFix("", "the body is null; send a JSON object with items")
	}
	// Each item's own duplicates fail that item alone (readItem).
	if dup := jsonkeys.FirstDuplicate(body, "items"); dup != nil {
		return nil, noFix(dup.Path, dup.Detail(dup.Path))
	}
	var unknown []string
	for _, k := range sortedKeys(top) {
		if !slices.Contains(batchKeys, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		corrected := map[string]json.RawMessage{}
		for _, k := range batchKeys {
			if v, ok := top[k]; ok {
				corrected[k] = v
			}
		}
		var errs []FieldProblem
		ambiguous := false
		for i, k := range unknown {
			if i == maxStrayKeys {
				errs = append(errs, FieldProblem{k, fmt.Sprintf("%d more keys the body does not have; the fix drops them", len(unknown)-i)})
				break
			}
			detail, moved, conflict := moveIntoStyle(k, top[k], corrected)
			if !moved {
				detail, moved, conflict = moveOptionsIntoStyle(k, top[k], corrected)
			}
			if !moved {
				detail, moved = dataAsItems(k, top[k], corrected)
			}
			if !moved {
				detail = renameBatchKey(k, top[k], corrected)
			}
			ambiguous = ambiguous || conflict
			errs = append(errs, FieldProblem{k, detail})
		}
		if ambiguous {
			p := noFix(errs[0].Field, errs[0].Detail)
			if len(errs) > 1 {
				p.Errors = errs
			}
			return nil, p
		}
		return nil, s.keyProblem(errs, corrected, len(body))
	}
	req := &batchRequest{output: OutputURL, style: url.Values{}}
	var listed []string // List options the style gives as lists
	if raw, ok := top["output"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &req.output); err != nil {
			return nil, s.bodyProblem("output must be a string, one of "+strings.Join(BatchOutputs, ", "), "output", withKey(top, "output", `"url"`), len(body))
		}
		req.output = strings.ToLower(strings.TrimSpace(req.output))
		if !slices.Contains(BatchOutputs, req.output) {
			near, meant := MeantOutput(req.output)
			if !meant {
				// url, the default, would answer links where data, or
				// a zip, was asked for: which output is meant is the
				// caller's to say.
				return nil, noFix("output", fmt.Sprintf("output %q is not one of %s, nor close to one: url links each item, base64 gives PNG data URIs, svg SVG markup, json the module matrix, zip an archive", text.Truncate(req.output, 64), strings.Join(BatchOutputs, ", ")))
			}
			return nil, s.bodyProblem(fmt.Sprintf("output %q is not one of %s; did you mean %s?", text.Truncate(req.output, 64), strings.Join(BatchOutputs, ", "), near),
				"output", withKey(top, "output", strconv.Quote(near)), len(body))
		}
	}
	if raw, ok := top["style"]; ok && string(raw) != "null" {
		var members map[string]json.RawMessage
		if json.Unmarshal(raw, &members) == nil && members != nil {
			if renamed := renameStyleKeys(members); len(renamed) > 0 {
				errs := make([]FieldProblem, len(renamed))
				for i, e := range renamed {
					errs[i] = FieldProblem{"style." + e.field, "style: " + e.detail}
				}
				b, _ := json.Marshal(members)
				return nil, s.keyProblem(errs, withKey(top, "style", string(b)), len(body))
			}
		}
		style, list, err := readStyle(raw)
		if err != nil && err.unfixable {
			return nil, noFix("style."+err.field, "style: "+err.detail)
		}
		if err != nil {
			return nil, s.bodyProblem("style: "+err.detail, "style."+err.field, withKey(top, "style", "{}"), len(body))
		}
		req.style, listed = style, list
	}
	// The shared style is checked once, so that one mistake is one problem
	// rather than the same problem on every item.
	styleQuery := newQuery(req.style)
	var errs []paramError
	for _, name := range listed {
		errs = append(errs, listError(name))
	}
	errs = append(errs, logoParamErrors(styleQuery)...)
	r, parseErrs := parseRendering(styleQuery, false)
	errs = append(errs, parseErrs...)
	if len(errs) > 0 {
		errs = s.withUnfetchedLogo(r, errs)
		fixed := applyFixes(r.fixValues(), errs)
		e := errs[0]
		return nil, s.styleProblem("style: "+e.detail, "style."+e.field, top, fixed, len(body))
	}
	if r.Given[optFormat.Name] && !slices.Contains(outputFormats[req.output], r.Format) {
		// Each names what the caller asked for, and they disagree: a
		// fix that dropped either would answer another format.
		return nil, noFix("style.format",
			fmt.Sprintf("style.format %s does not fit output %s, which carries %s; drop style.format or change output (url and zip carry every format)", r.Format, req.output, text.Join(outputFormats[req.output])))
	}
	req.format = outputFormats[req.output][0]
	if raw, ok := top["verify"]; ok && string(raw) != "null" {
		if p := s.readBatchVerify(req, raw, top, len(body)); p != nil {
			return nil, p
		}
	}

	raw, ok := top["items"]
	if !ok || string(raw) == "null" {
		return nil, noFix("items", "items is required: an array of {data} or {type, fields} objects")
	}
	if err := json.Unmarshal(raw, &req.items); err != nil {
		return nil, noFix("items", "items must be an array of {data} or {type, fields} objects")
	}
	if len(req.items) == 0 {
		return nil, noFix("items", fmt.Sprintf("items is empty; give from 1 to %d items", s.MaxBatchItems))
	}
	if len(req.items) > s.MaxBatchItems {
		return nil, s.Problem(KindPayloadTooLarge,
			fmt.Sprintf("items has %d entries; at most %d are rendered per request, so split them into %d requests", len(req.items), s.MaxBatchItems, (len(req.items)+s.MaxBatchItems-1)/s.MaxBatchItems),
			"items", s.SplitFix(len(req.items)))
	}
	// A shared option that no item's format draws would change nothing
	// in any item (a colour in json matrices). An item's own format
	// counts: style.cmyk beside style.format png reaches an item in pdf.
	carried := outputFormats[req.output]
	if r.Given[optFormat.Name] {
		carried = append([]Format{r.Format}, itemFormats(req.items, carried)...)
	}
	var undrawn []string
	fixed := r.fixValues()
	for _, o := range renderOptions {
		if styleQuery.asks(o) && !slices.ContainsFunc(carried, func(f Format) bool { return o.Reaches(string(f)) }) {
			undrawn = append(undrawn, "style."+o.Name)
			fixed.Del(o.Name)
		}
	}
	if len(undrawn) > 0 {
		verb := "changes"
		if len(undrawn) > 1 {
			verb = "change"
		}
		return nil, s.styleProblem(
			fmt.Sprintf("%s %s nothing in %s, the format of every item, which does not draw it; drop it, or give a format that does", strings.Join(undrawn, ", "), verb, text.Join(slices.Compact(slices.Sorted(slices.Values(carried))))),
			undrawn[0], top, fixed, len(body))
	}
	return req, nil
}

// itemFormats are the formats items give in their own style, of those the
// output carries; an item whose style cannot be read is left to its own
// problem.
func itemFormats(items []json.RawMessage, carried []Format) []Format {
	var formats []Format
	for _, raw := range items {
		var item struct {
			Style json.RawMessage `json:"style"`
		}
		if json.Unmarshal(raw, &item) != nil || len(item.Style) == 0 {
			continue
		}
		style, _, err := readStyle(item.Style)
		if err != nil {
			continue
		}
		if r, errs := parseRendering(newQuery(style), false); len(errs) == 0 && r.Given[optFormat.Name] && slices.Contains(carried, r.Format) && !slices.Contains(formats, r.Format) {
			formats = append(formats, r.Format)
		}
	}
	return formats
}

// renameBatchKey puts the value of k, a key the body does not have, in
// corrected under the key it most likely meant (itms is items, Items is
// items), as README "Errors" renames a misspelt parameter, and says what
// it did; a key meant by nothing, or meaning one given already, is dropped.
func renameBatchKey(k string, raw json.RawMessage, corrected map[string]json.RawMessage) string {
	shown := text.Truncate(k, 64)
	near := editdistance.Suggest(strings.ToLower(k), batchKeys)
	if near == "" {
		return fmt.Sprintf("unknown key %q in the body; the body has output, style, items and verify; the fix drops it", shown)
	}
	if _, given := corrected[near]; given {
		return fmt.Sprintf("unknown key %q in the body (did you mean %s? it is given already); the fix drops it", shown, near)
	}
	corrected[near] = raw
	return fmt.Sprintf("unknown key %q in the body; did you mean %s? The fix renames it", shown, near)
}

// dataAsItems puts the value of k, data or one of its names on
// /api/v1/qr, into corrected as items, one plain item for it or for each
// string of its list, when the body has no items: {"data": ["a", "b"]}
// has one reading, two codes. It says what it did; moved is false for any
// other key or value, or a body with items.
func dataAsItems(k string, raw json.RawMessage, corrected map[string]json.RawMessage) (detail string, moved bool) {
	name := strings.ToLower(k)
	if _, given := corrected["items"]; given || name != options.Data.Name && !slices.Contains(options.Data.Aliases, name) {
		return "", false
	}
	var list []string
	if json.Unmarshal(raw, &list) != nil {
		var one string
		if json.Unmarshal(raw, &one) != nil {
			return "", false
		}
		list = []string{one}
	}
	if len(list) == 0 {
		return "", false
	}
	items := make([]map[string]string, len(list))
	for i, d := range list {
		items[i] = map[string]string{"data": d}
	}
	corrected["items"], _ = json.Marshal(items)
	return fmt.Sprintf("%s is no key of the body: each code's data goes in an item of items, [{\"data\": ...}], where the fix puts it", text.Truncate(k, 64)), true
}

// MeantOutput is the batch output an unknown value of output most likely
// names: a typo (ulr), or a word for it (data is base64's data URIs);
// false when none is close enough to offer.
func MeantOutput(v string) (string, bool) {
	return editdistance.Meant(v, BatchOutputs, batchOutputWords)
}

// batchOutputWords are the words callers use for an output that the
// outputs spell otherwise: a data URI is base64's answer.
var batchOutputWords = map[string]string{
	"data": outputBase64, "datauri": outputBase64, "data-uri": outputBase64, "dataurl": outputBase64, "data-url": outputBase64, "b64": outputBase64,
	"urls": OutputURL, "link": OutputURL, "links": OutputURL,
	"markup": outputSVG, "matrix": outputJSON, "archive": outputZip,
}

// moveIntoStyle puts the value of k, a key the body does not have that
// names a rendering option (format, size), into the shared style, which
// holds the options of every item (README "Batch, decode, verify"), and
// says what it did: moved is false for a key that names no option, or
// whose value the option cannot read (left to renameBatchKey). Given in
// the style too with another value, which of the two is meant is the
// caller's to say: conflict is set, and there is no fix.
func moveIntoStyle(k string, raw json.RawMessage, corrected map[string]json.RawMessage) (detail string, moved, conflict bool) {
	o, isOption := options.Named(k)
	value, isScalar, _ := scalar(raw)
	if !isOption || !isScalar {
		return "", false, false
	}
	shown := text.Truncate(k, 64)
	if optionValue(o.Name, value) != value {
		// type=wifi names a kind, not the format type stands for: a
		// fix that dropped or corrected it would lose what was meant.
		return fmt.Sprintf("%s is no key of the body, and as the rendering option %s it does not read %q: say in style, or in each item, what you meant", shown, o.Name, text.Truncate(value, 64)), true, true
	}
	style := map[string]json.RawMessage{}
	if given, ok := corrected["style"]; ok && (json.Unmarshal(given, &style) != nil || style == nil) {
		return "", false, false // a style that is no object is refused later
	}
	for name, v := range style {
		if canonicalName(name, false) != o.Name {
			continue
		}
		if theirs, _, _ := scalar(v); theirs != value {
			return fmt.Sprintf("%s is a rendering option, which goes in style, and style gives %s already with another value (%q, %q): which one you meant is yours to say", shown, text.Truncate(name, 64), text.Truncate(theirs, 64), text.Truncate(value, 64)), true, true
		}
		return fmt.Sprintf("%s is a rendering option, which goes in style, and style gives it already; the fix drops this one", shown), true, false
	}
	style[k] = raw
	corrected["style"], _ = json.Marshal(style)
	return fmt.Sprintf("%s is a rendering option: it goes in style, the options of every item, and the fix moves it there", shown), true, false
}

// moveOptionsIntoStyle puts the members of k, an object of options under
// a name other QR APIs give one ({"options": {"size": 256}}, nestedOptions),
// into the shared style, as moveIntoStyle puts an option beside items:
// dropped with its object, the size asked for would be lost. A member that
// names no option goes in too, for style's own check to rename or refuse.
func moveOptionsIntoStyle(k string, raw json.RawMessage, corrected map[string]json.RawMessage) (detail string, moved, conflict bool) {
	inner, ok := nestedOptions(k, raw)
	if !ok {
		return "", false, false
	}
	if given, ok := corrected["style"]; ok {
		var style map[string]json.RawMessage
		if json.Unmarshal(given, &style) != nil || style == nil {
			return "", false, false // a style that is no object is refused later
		}
	}
	shown := text.Truncate(k, 64)
	for _, member := range sortedKeys(inner) {
		if _, isOption := options.Named(member); isOption {
			if d, _, clash := moveIntoStyle(member, inner[member], corrected); clash {
				return shown + "." + d, true, true
			}
			continue
		}
		style := map[string]json.RawMessage{}
		json.Unmarshal(corrected["style"], &style)
		if _, given := style[member]; !given {
			style[member] = inner[member]
			corrected["style"], _ = json.Marshal(style)
		}
	}
	return fmt.Sprintf("%q is an object of options: they go in style, the options of every item, and the fix moves them there", shown), true, false
}

// keyProblem is the problem for keys of the body renamed or dropped. Its
// fix is the body corrected, and corrected further when that body has
// another mistake with a fix of its own (a misspelt key of a renamed
// style), so that one fix answers.
func (s *Service) keyProblem(errs []FieldProblem, corrected map[string]json.RawMessage, size int) *Problem {
	p := s.bodyProblem(errs[0].Detail, errs[0].Field, corrected, size)
	if body, err := json.Marshal(corrected); err == nil {
		// corrected has no key left to rename, so this reads it once.
		req, next := s.readBatch(body)
		switch {
		case next != nil && next.Status == 400:
			// Corrected further, or not at all when what is left has
			// no fix: a fix is refused next by nothing.
			p.Fix, p.Example, p.fixBody, p.fixed, p.fixAt = next.Fix, next.Example, next.fixBody, next.fixed, next.fixAt
			errs = append(errs, FieldProblem{next.Field, next.Detail})
		case next == nil:
			// The style, read, so that settle tries it on the items.
			p.fixed, p.fixAt = req.style, batchTarget{top: corrected, size: size}
		}
	}
	if len(errs) > 1 {
		p.Errors = errs
	}
	return p
}

// renameStyleKeys corrects, in place, the keys of a style object that are
// no rendering option, and says what it did: a near miss (colour, sise) is
// renamed keeping its value, as an unknown query parameter is (README
// "Errors"), unless the value is one the option refuses or the style gives
// the option already; anything else is dropped.
func renameStyleKeys(members map[string]json.RawMessage) []styleError {
	var errs []styleError
	given := styleScalars(members)
	numbered := map[string]bool{} // the options numbered keys were renamed to
	for _, key := range sortedKeys(members) {
		// data in a style is left to readStyle: beside an item's own
		// data, which of the two is meant is the caller's to say.
		if isRenderOption(canonicalName(key, false)) || canonicalName(key, true) == optData.Name {
			continue
		}
		raw := members[key]
		delete(members, key)
		if len(errs) == maxStrayKeys {
			continue
		}
		shown := text.Truncate(key, 64)
		value, isScalar, _ := scalar(raw)
		if joined, ok := joinedList(editdistance.Suggest(strings.ToLower(key), canonicalOptions()), raw); ok {
			// A near miss of a List option given as a list: renamed as
			// it is, and then refused with its items joined.
			value, isScalar = joined, true
		}
		near := NearName(strings.ToLower(key), value, canonicalOptions())
		target, list, isNumbered := numberedStyleKey(key, given)
		switch {
		case isNumbered && (numbered[target] || !styleHas(members, target) && !styleHas(members, optEyeColor.Name)):
			// QR Code Monkey's eye1Color or gradientColor1: one eye's, or
			// one stop's, which the nearest name would give to all.
			members[target], _ = json.Marshal(list)
			numbered[target] = true
			errs = append(errs, styleError{field: key, detail: fmt.Sprintf("%q is not a rendering option; the fix gives it as %s=%s, with the others numbered so", shown, target, list)})
		case near == "":
			errs = append(errs, styleError{field: key, detail: fmt.Sprintf("%q is not a rendering option; the fix drops it", shown)})
		case !isScalar || RenamedValue(near, value) != value || styleHas(members, near):
			errs = append(errs, styleError{field: key, detail: fmt.Sprintf("%q is not a rendering option (did you mean %s? it is given already, or takes no such value); the fix drops it", shown, near)})
		default:
			members[near] = raw
			errs = append(errs, styleError{field: key, detail: fmt.Sprintf("%q is not a rendering option; did you mean %s? The fix renames it", shown, near)})
		}
	}
	return errs
}

// styleScalars is a style object's members with a string or number
// value, as text.
func styleScalars(members map[string]json.RawMessage) map[string]string {
	out := make(map[string]string, len(members))
	for k, raw := range members {
		if v, ok, _ := scalar(raw); ok {
			out[k] = v
		}
	}
	return out
}

// numberedStyleKey is the option a QR Code Monkey numbered key of a style
// (eye1Color, eyeBall2Color, gradientColor1) is given under by the fix,
// and the list it gives, from all of the style's numbered keys.
func numberedStyleKey(key string, given map[string]string) (target, list string, ok bool) {
	if target, list, ok = NumberedEyeColours(key, given); ok {
		return target, list, true
	}
	if list, ok = NumberedGradient(key, given); ok {
		return optGradientColors.Name, list, true
	}
	return "", "", false
}

// styleHas reports whether a style object gives the option called name,
// under any of its names.
func styleHas(members map[string]json.RawMessage, name string) bool {
	for k := range members {
		if canonicalName(k, false) == name {
			return true
		}
	}
	return false
}

// styleError is a bad key or value in a style object; unfixable when no
// fix keeps what the caller wrote (a list with no one reading).
type styleError struct {
	field, detail string
	unfixable     bool
}

// readStyle reads a style object: rendering options under the names and
// aliases of the query string, with string or number values. A List
// option given as a list is read joined, and named in listed, for a
// problem whose fix joins it.
func readStyle(raw json.RawMessage) (style url.Values, listed []string, bad *styleError) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return nil, nil, &styleError{detail: "must be an object of rendering options, such as {\"size\": 256, \"color\": \"navy\"}"}
	}
	style = url.Values{}
	for _, key := range sortedKeys(members) {
		name := canonicalName(key, false)
		if !isRenderOption(name) {
			hint := ""
			if canonicalName(key, true) == optData.Name {
				hint = "; data goes in the item, not in its style"
			}
			return nil, nil, &styleError{field: key, detail: fmt.Sprintf("%q is not a rendering option (did you mean %s?)%s", text.Truncate(key, 64), nearestOption(name), hint)}
		}
		if joined, ok := joinedList(key, members[key]); ok {
			style[name] = append(style[name], joined)
			listed = append(listed, key)
			continue
		}
		v, set, err := optionScalar(key, members[key])
		if o, _ := options.Named(name); err != nil && o.List && isJSONList(members[key]) {
			return nil, nil, &styleError{key, fmt.Sprintf("%s is one string of comma-separated values, not a list; a list is read joined with commas only when each item is a string without a comma of its own, so which values you meant is yours to say", key), true}
		}
		if err != nil {
			return nil, nil, &styleError{field: key, detail: fmt.Sprintf("%s %s", key, err)}
		}
		if set {
			// Aliases of one option stay side by side, so that two
			// different values are reported as a conflict, as in a query.
			style[name] = append(style[name], v)
		}
	}
	return style, listed, nil
}

func isRenderOption(name string) bool {
	for _, o := range renderOptions {
		if o.Name == name {
			return true
		}
	}
	return false
}

func nearestOption(name string) string {
	names := make([]string, len(renderOptions))
	for i, o := range renderOptions {
		names[i] = o.Name
	}
	return editdistance.Nearest(name, names, optSize.Name)
}

// joinedList is the value of a List option (options.Option.List) given
// as a JSON list: its items joined with commas, as the string form writes
// them. ok is false for any other name or value, and for a list with no
// such reading (options.JoinList).
func joinedList(name string, raw json.RawMessage) (string, bool) {
	o, known := options.Named(name)
	if !known || !o.List {
		return "", false
	}
	var items []any
	if json.Unmarshal(raw, &items) != nil {
		return "", false
	}
	return options.JoinList(items)
}

// listError refuses a List option given as a list. The value is read
// joined, so the fix keeps it (and every other correction) at once: a
// list is not what the option's schema says, and no value is ignored.
func listError(name string) paramError {
	return paramError{field: name, keep: true, detail: listDetail(name)}
}

// isJSONList reports whether raw is a JSON array.
func isJSONList(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '['
}

func listDetail(name string) string {
	return fmt.Sprintf("%s is one string of comma-separated values, not a list; the fix joins yours with commas", text.Truncate(name, 64))
}

// optionScalar is scalar for the value of the option name: a JSON number
// with only zeros after its point (300.0) is an integer option's whole
// number, as JSON Schema counts it (2020-12 Validation §6.1.1: integer is
// any number with a zero fractional part), and as MCP's tools read it.
// Other values, a kind's amounts among them, keep their text.
func optionScalar(name string, raw json.RawMessage) (string, bool, error) {
	v, set, err := scalar(raw)
	if err != nil || !set || !zeroFraction.MatchString(v) {
		return v, set, err
	}
	if o, ok := options.Named(canonicalName(name, false)); ok && o.Type == "integer" {
		v, _, _ = strings.Cut(v, ".")
	}
	return v, set, err
}

// zeroFraction is a JSON number whose fraction is zeros.
var zeroFraction = regexp.MustCompile(`^-?[0-9]+\.0+$`)

// scalar reads a JSON string, number or boolean as the string a query
// parameter would carry; a number keeps its literal text ("12.50"). null
// is absent.
func scalar(raw json.RawMessage) (string, bool, error) {
	t := bytes.TrimSpace(raw)
	switch {
	case len(t) == 0 || string(t) == "null":
		return "", false, nil
	case t[0] == '"':
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return "", false, errors.New("is not a valid JSON string")
		}
		return s, true, nil
	case string(t) == "true" || string(t) == "false":
		return string(t), true, nil
	case t[0] == '-' || '0' <= t[0] && t[0] <= '9':
		return string(t), true, nil
	}
	return "", false, errors.New("must be a string or a number")
}
