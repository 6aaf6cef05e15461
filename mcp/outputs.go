package mcp

import "encoding/json"

// The tools' output schemas (MCP specification 2025-06-18, Tools,
// "Output Schema"): each describes the structuredContent of a successful
// result. A failed call is a result with isError whose problem document
// is text content only (failed): a problem is not the tool's answer, and
// clients such as the TypeScript SDK check any structuredContent against
// outputSchema, error results included. Keeping problems out of the
// schemas also keeps them small; tools/list carries all of them.
//
// Schemas name the members a client can rely on; they leave the rest open
// (no additionalProperties: false) so that a member added later is not a
// broken contract.

// Short schema constructors, to keep the declarations readable.
var (
	str        = map[string]any{"type": "string"}
	integer    = map[string]any{"type": "integer"}
	number     = map[string]any{"type": "number"}
	boolean    = map[string]any{"type": "boolean"}
	stringList = map[string]any{"type": "array", "items": str}
)

func obj(props object, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func array(items any) map[string]any { return map[string]any{"type": "array", "items": items} }

func output(s map[string]any) json.RawMessage { return marshal(s) }

// generatedOutput is what qr_generate (typed: qr_generate_typed) answers:
// the URL that returns the same bytes, and the symbol.
func generatedOutput(typed bool) json.RawMessage {
	props := object{
		{"url", str},
		{"content_type", str},
		{"bytes", integer},
		{"version", integer},
		{"ec", str},
		{"warning", str},
	}
	required := []string{"url", "content_type", "bytes"}
	if typed {
		props = append(props, member{kindArgument, str}, member{"payload", str})
		required = append(required, kindArgument)
	}
	return output(obj(props, required...))
}

// kindSummary is one kind as qr_list_kinds lists it.
var kindSummary = obj(object{
	{"name", str},
	{"summary", str},
	{"standard", str},
	{"required", stringList},
	{"identity", stringList},
	{"schema", str},
}, "name", "summary", "required", "identity", "schema")

var kindsOutput = output(obj(object{{"kinds", array(kindSummary)}}, "kinds"))

var kindSchemaOutput = output(obj(object{
	{kindArgument, str},
	{"uri", str},
	{"required", stringList},
	{"identity", stringList},
	{"schema", map[string]any{"type": "object"}},
}, kindArgument, "uri", "required", "identity", "schema"))

// decodeOutput leaves out the members of structured append sets, a
// result's append and the answer's sets (docs/reference.md), and a
// result's not_kept, which rebuild partial announces (docs/decode.md):
// open, the schema allows them, and tools/list stays within its budget.
var decodeOutput = output(obj(object{
	{"results", array(obj(object{
		{"text", str},
		{"bounds", array(array(integer))},
		{"kind", str},
		{"fields", map[string]any{"type": "object", "additionalProperties": str}},
		{"rebuild", str},
	}, "text", "bounds"))},
	{"url", str},
}, "results", "url"))

var verifyOutput = output(obj(object{
	{"scannable", boolean},
	{"decoded", str},
	{"matches", boolean},
	{"version", integer},
	{"ec", str},
	{"contrast_ratio", number},
	{"checks", array(obj(object{{"name", str}, {"pass", boolean}, {"status", str}}, "name", "pass", "status"))},
	{"fix", str},
	{"robustness", obj(object{
		{"score", integer},
		{"depth", str},
		{"conditions", array(obj(object{{"name", str}, {"passed", integer}, {"limit", str}}, "name", "passed"))},
		{"weakest", array(str)},
		{"fixes", array(obj(object{{"change", str}, {"score", integer}, {"fix", str}}, "change", "score", "fix"))},
	}, "score", "depth", "conditions")},
	{"url", str},
}, "scannable", "decoded", "matches", "checks", "url"))

// A batch item's error is a problem document (README "Errors").
var batchOutput = output(obj(object{
	{"count", integer},
	{"succeeded", integer},
	{"failed", integer},
	{"url", str},
	{"inline", integer},
	{"items", array(obj(object{
		{"index", integer},
		{"id", str},
		{"url", str},
		{"data", map[string]any{"type": []string{"string", "object"}}},
		{"error", obj(object{{"detail", str}}, "detail")},
	}, "index"))},
}, "count", "succeeded", "failed", "url", "inline", "items"))

// sizeOutput names the answer's main members; sizeAdvice has more (the
// symbol's modules, the printer dots per module), all numbers.
var sizeOutput = output(obj(object{
	{"version", integer},
	{"module_mm", number},
	{"print_mm", number},
	{"max_distance_m", number},
	{"pixels", integer},
	{"fits", boolean},
	{"url", str},
	{"print_url", str},
	{"explanation", str},
}, "version", "module_mm", "print_mm", "pixels", "explanation"))
