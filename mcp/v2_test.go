package mcp_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/schemas"
)

// toolsListBudget is what tools/list may weigh in all, as it travels
// (qrforge issue 23, "MCP v2"): a client loads it into every session.
const toolsListBudget = 16 << 10

// rawRPC posts one JSON-RPC message to the MCP endpoint and returns the
// reply's bytes and its result.
func rawRPC(t *testing.T, base, method string, params any) ([]byte, json.RawMessage) {
	t.Helper()
	msg, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	if err != nil {
		t.Fatal(err)
	}
	status, body := postRPC(t, base, string(msg), map[string]string{"Mcp-Protocol-Version": "2025-06-18"})
	var envelope struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(body, &envelope); err != nil || envelope.Result == nil {
		t.Fatalf("%s: HTTP %d, reply %.300s: %v", method, status, body, err)
	}
	return body, envelope.Result
}

// postRPC posts one JSON-RPC message, as written, to the MCP endpoint with
// headers besides the content types, and returns the reply's status and
// bytes.
func postRPC(t *testing.T, base, msg string, headers map[string]string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/mcp", strings.NewReader(msg))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

// listedTool is a tool of tools/list with its schemas as JSON values.
type listedTool struct {
	Name         string         `json:"name"`
	Description  string         `json:"description"`
	InputSchema  map[string]any `json:"inputSchema"`
	OutputSchema map[string]any `json:"outputSchema"`
}

func listTools(t *testing.T, base string) ([]byte, map[string]listedTool) {
	t.Helper()
	body, result := rawRPC(t, base, "tools/list", map[string]any{})
	var list struct {
		Tools []listedTool `json:"tools"`
	}
	if err := json.Unmarshal(result, &list); err != nil {
		t.Fatal(err)
	}
	byName := map[string]listedTool{}
	for _, tool := range list.Tools {
		byName[tool.Name] = tool
	}
	return body, byName
}

// TestToolsListBudget: the whole tools/list reply fits the budget, and it
// does so by leaving each kind's schema out, not by losing tools: every
// tool is there with an output schema, and no kind's field descriptions
// are inlined.
func TestToolsListBudget(t *testing.T) {
	base := start(t)
	body, tools := listTools(t, base)
	t.Logf("tools/list: %d bytes for %d tools (budget %d)", len(body), len(tools), toolsListBudget)
	if len(body) >= toolsListBudget {
		t.Errorf("tools/list is %d bytes, over the budget of %d", len(body), toolsListBudget)
	}
	if len(tools) != len(allTools) {
		t.Errorf("%d tools, want %v", len(tools), allTools)
	}
	for name, tool := range tools {
		if tool.OutputSchema["type"] != "object" {
			t.Errorf("%s: output schema %v, want an object schema", name, tool.OutputSchema)
		}
	}
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if len(f.Description) > 40 && strings.Contains(string(body), f.Description[:40]) {
				t.Errorf("tools/list inlines %s's field %s", k.Name(), f.Name)
			}
		}
	}
	typed := tools["qr_generate_typed"].InputSchema["properties"].(map[string]any)
	if got := asSlice(typed["kind"].(map[string]any)["enum"]); len(got) != len(registry.Names()) {
		t.Errorf("kind enum %v, want every registered kind", got)
	}
}

// TestDescribedOptionsAreTaken: the options a tool's description names
// as examples of those it takes ("options ... (size, color, style...)")
// are taken: a call giving each, at its example value, is not refused
// for it.
func TestDescribedOptionsAreTaken(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	_, tools := listTools(t, base)
	named := regexp.MustCompile(`options[^(]*\(([a-z, ]+)\.\.\.\)`)
	calls := map[string]map[string]any{
		"qr_generate_typed": {"kind": "text", "fields": map[string]any{"text": "hi"}},
		"qr_verify":         {"data": "hi", "robustness": "off"},
	}
	for tool, args := range calls {
		m := named.FindStringSubmatch(tools[tool].Description)
		if m == nil {
			t.Errorf("%s: the description names no options: %q", tool, tools[tool].Description)
			continue
		}
		for _, name := range strings.Split(m[1], ", ") {
			o, ok := options.Named(name)
			if !ok {
				t.Errorf("%s: the description names %q, not an option", tool, name)
				continue
			}
			call := maps(args)
			call[name] = o.Example
			if res := callTool(t, c, tool, call); res.IsError && problemOf(t, res).Field == name {
				t.Errorf("%s: the description names %s, which the tool refuses: %s", tool, name, texts(res))
			}
		}
	}
}

// TestThreeCalls: an agent that knows nothing goes from no kind to a
// valid typed code in three calls: list the kinds, get one kind's schema,
// generate.
func TestThreeCalls(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		var kinds struct {
			Kinds []struct {
				Name     string   `json:"name"`
				Summary  string   `json:"summary"`
				Required []string `json:"required"`
				Identity []string `json:"identity"`
				Schema   string   `json:"schema"`
			} `json:"kinds"`
		}
		succeed(t, c, "qr_list_kinds", map[string]any{}, &kinds)
		if len(kinds.Kinds) != len(registry.All()) {
			t.Fatalf("%d kinds listed, %d registered", len(kinds.Kinds), len(registry.All()))
		}
		var name string
		for _, k := range kinds.Kinds {
			if strings.Contains(strings.ToLower(k.Summary), "wi-fi network") {
				name = k.Name
			}
		}
		if name == "" {
			t.Skip("no kind joins a Wi-Fi network")
		}
		var schema struct {
			Kind     string         `json:"kind"`
			URI      string         `json:"uri"`
			Required []string       `json:"required"`
			Identity []string       `json:"identity"`
			Schema   map[string]any `json:"schema"`
		}
		succeed(t, c, "qr_kind_schema", map[string]any{"kind": name}, &schema)
		props, _ := schema.Schema["properties"].(map[string]any)
		if schema.Kind != name || schema.URI != "qrforge://kinds/"+name+"/schema" || len(props) == 0 || len(schema.Required) == 0 {
			t.Fatalf("kind schema %+v", schema)
		}
		// The user's own values for the required and identity fields.
		user := map[string]any{"ssid": "Hotel Lobby", "password": "guests-welcome-2024", "security": "WPA"}
		for _, f := range schema.Required {
			if _, ok := user[f]; !ok {
				t.Fatalf("required field %s has no user value in this test", f)
			}
		}
		var g generated
		res := succeed(t, c, "qr_generate_typed", map[string]any{"kind": name, "fields": user}, &g)
		if g.Kind != name || !strings.HasPrefix(g.Payload, "WIFI:") {
			t.Errorf("generated %+v", g)
		}
		if got := readQR(t, imageOf(t, res)); got != g.Payload {
			t.Errorf("the code reads %q, want the payload %q", got, g.Payload)
		}
	})
}

// TestOutputsMatchSchemas calls every tool to success and checks its
// structured content against the output schema tools/list declares, and
// that an error result carries its problem as text only.
func TestOutputsMatchSchemas(t *testing.T) {
	base := start(t)
	_, tools := listTools(t, base)
	c := connect(t, base, mcpgo.LATEST_LEGACY_PROTOCOL_VERSION)
	var png generated
	res := succeed(t, c, "qr_generate", map[string]any{"data": "https://example.com"}, &png)
	image := imageOf(t, res)
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"qr_generate", map[string]any{"data": "https://example.com", "format": "svg"}},
		{"qr_generate_typed", map[string]any{"kind": "url", "fields": map[string]any{"url": "https://example.com"}, "color": "navy"}},
		{"qr_list_kinds", map[string]any{}},
		{"qr_kind_schema", map[string]any{"kind": "url"}},
		{"qr_decode", map[string]any{"image": base64.StdEncoding.EncodeToString(image)}},
		{"qr_verify", map[string]any{"data": "https://example.com", "color": "ccc"}},
		{"qr_batch", map[string]any{"output": "json", "items": []any{map[string]any{"data": "a"}, map[string]any{"type": "url", "fields": map[string]any{"url": "x"}}}}},
		{"qr_size_recommend", map[string]any{"data": "https://example.com", "distance_m": 2}},
	}
	seen := map[string]bool{}
	for _, call := range calls {
		seen[call.tool] = true
		res := succeed(t, c, call.tool, call.args, nil)
		var doc any
		if err := json.Unmarshal(res.RawStructuredContent, &doc); err != nil || doc == nil {
			t.Errorf("%s: no structured content: %s", call.tool, res.RawStructuredContent)
			continue
		}
		for _, problem := range validate(tools[call.tool].OutputSchema, doc, "$") {
			t.Errorf("%s: %s", call.tool, problem)
		}
	}
	for _, name := range allTools {
		if !seen[name] {
			t.Errorf("%s is not checked against its output schema", name)
		}
	}

	// The schemas can fail: a document missing a required member, or of
	// the wrong type, breaks them.
	if len(validate(tools["qr_generate"].OutputSchema, map[string]any{"url": 1.0}, "$")) == 0 {
		t.Error("the hand validator passed a bad document")
	}

	// An error: isError, no structured content, the problem as JSON text.
	res = callTool(t, c, "qr_generate_typed", map[string]any{"kind": "wify", "fields": map[string]any{"ssid": "Home", "security": "nopass"}})
	if !res.IsError || len(res.RawStructuredContent) > 0 && string(res.RawStructuredContent) != "null" {
		t.Errorf("error result: isError %v, structured %s", res.IsError, res.RawStructuredContent)
	}
	p := problemOf(t, res)
	if p.Field != "kind" || !strings.Contains(p.Detail, "did you mean") || p.FixArguments["kind"] == nil {
		t.Errorf("problem %+v", p)
	}
}

// validate checks v against the JSON Schema keywords the output schemas
// use (type, properties, required, items, additionalProperties, enum) and
// returns what breaks them. Keywords it does not know are ignored, so the
// e2e suite checks the same documents with a full validator (ajv).
func validate(schema map[string]any, v any, at string) []string {
	var out []string
	if want, ok := schema["type"]; ok && !typeMatches(want, v) {
		return []string{fmt.Sprintf("%s: %T, want type %v", at, v, want)}
	}
	if enum, ok := schema["enum"].([]any); ok && !slices.Contains(enum, v) {
		out = append(out, fmt.Sprintf("%s: %v not in %v", at, v, enum))
	}
	if obj, ok := v.(map[string]any); ok {
		props, _ := schema["properties"].(map[string]any)
		for _, r := range asSlice(schema["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				out = append(out, fmt.Sprintf("%s: required %s is missing", at, r))
			}
		}
		for key, value := range obj {
			if s, ok := props[key].(map[string]any); ok {
				out = append(out, validate(s, value, at+"."+key)...)
				continue
			}
			switch extra := schema["additionalProperties"].(type) {
			case bool:
				if !extra {
					out = append(out, fmt.Sprintf("%s: %s is not allowed", at, key))
				}
			case map[string]any:
				out = append(out, validate(extra, value, at+"."+key)...)
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if items, ok := schema["items"].(map[string]any); ok {
			for i, e := range arr {
				out = append(out, validate(items, e, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
	}
	return out
}

func typeMatches(want, v any) bool {
	if list, ok := want.([]any); ok {
		return slices.ContainsFunc(list, func(w any) bool { return typeMatches(w, v) })
	}
	switch want {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "null":
		return v == nil
	}
	return false
}

// TestKindSchemaTemplate: resources/templates/list offers the kind schema
// template, and a URI filled from it reads the kind's schema file; a URI
// naming no kind is an error.
func TestKindSchemaTemplate(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		ctx := context.Background()
		res, err := c.ListResourceTemplates(ctx, mcpgo.ListResourceTemplatesRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.ResourceTemplates) != 1 || res.ResourceTemplates[0].URITemplate.Raw() != "qrforge://kinds/{name}/schema" {
			t.Fatalf("templates %+v", res.ResourceTemplates)
		}
		k := registry.All()[0]
		read, err := c.ReadResource(ctx, mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: "qrforge://kinds/" + k.Name() + "/schema"}})
		if err != nil {
			t.Fatal(err)
		}
		if tc, ok := mcpgo.AsTextResourceContents(read.Contents[0]); !ok || tc.Text != string(schemas.Kind(k)) {
			t.Errorf("the template's %s is not the kind's schema file", k.Name())
		}
		if _, err := c.ReadResource(ctx, mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: "qrforge://kinds/no-such-kind/schema"}}); err == nil {
			t.Error("a URI naming no kind was read")
		}
		read, err = c.ReadResource(ctx, mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: "qrforge://options/schema"}})
		if err != nil {
			t.Fatal(err)
		}
		tc, _ := mcpgo.AsTextResourceContents(read.Contents[0])
		var resource struct {
			Properties map[string]struct {
				Description string   `json:"description"`
				Unit        string   `json:"x-unit"`
				Outputs     []string `json:"x-outputs"`
			} `json:"properties"`
		}
		if err := json.Unmarshal([]byte(tc.Text), &resource); err != nil || len(resource.Properties["size"].Description) < 100 {
			t.Errorf("options resource: %v, size %+v", err, resource.Properties["size"])
		}
		// Every option's unit and outputs, as the catalogue declares them.
		for _, o := range options.Rendering {
			got, ok := resource.Properties[o.Name]
			if ok == (o.Compat != "") || ok && (got.Unit != o.Unit || !slices.Equal(got.Outputs, o.Outputs)) {
				t.Errorf("options resource: %s %+v; catalogue unit %q, outputs %v, compatibility %q", o.Name, got, o.Unit, o.Outputs, o.Compat)
			}
		}
	})
}

// TestPrompts: the three prompts are listed, and each walks an agent
// through its kind: it names the kind, its required fields and the
// identity fields only the user can give.
func TestPrompts(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		ctx := context.Background()
		list, err := c.ListPrompts(ctx, mcpgo.ListPromptsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range list.Prompts {
			names = append(names, p.Name)
			if p.Description == "" {
				t.Errorf("%s has no description", p.Name)
			}
		}
		slices.Sort(names)
		if want := []string{"business_card", "payment_code", "wifi_guest_card"}; !slices.Equal(names, want) {
			t.Fatalf("prompts %v, want %v", names, want)
		}
		get := func(name string, args map[string]string) string {
			t.Helper()
			res, err := c.GetPrompt(ctx, mcpgo.GetPromptRequest{Params: mcpgo.GetPromptParams{Name: name, Arguments: args}})
			if err != nil {
				t.Fatalf("%s %v: %v", name, args, err)
			}
			if len(res.Messages) == 0 {
				t.Fatalf("%s: no message", name)
			}
			tc, ok := mcpgo.AsTextContent(res.Messages[0].Content)
			if !ok {
				t.Fatalf("%s: message is not text", name)
			}
			return tc.Text
		}
		for _, tc := range []struct {
			prompt string
			args   map[string]string
			kind   string
		}{
			{"wifi_guest_card", nil, "wifi"},
			{"business_card", nil, "vcard"},
			{"payment_code", map[string]string{"kind": "epc"}, "epc"},
		} {
			k, ok := registry.Lookup(tc.kind)
			if !ok {
				t.Errorf("kind %s is not registered", tc.kind)
				continue
			}
			text := get(tc.prompt, tc.args)
			if !strings.Contains(text, "`"+k.Name()+"`") || !strings.Contains(text, "qr_generate_typed") || !strings.Contains(text, "qr_verify") {
				t.Errorf("%s does not name the kind and the calls:\n%s", tc.prompt, text)
			}
			for _, f := range k.Fields() {
				if f.Required && !strings.Contains(text, "- "+f.Name+":") {
					t.Errorf("%s does not walk through required field %s", tc.prompt, f.Name)
				}
			}
			_, identity := facts(k)
			if len(identity) > 0 && !strings.Contains(text, strings.Join(identity, ", ")) {
				t.Errorf("%s does not name the identity fields %v:\n%s", tc.prompt, identity, text)
			}
			// No example value of an identity field reaches the prompt.
			for name, v := range k.Example() {
				if k.IsIdentity(name) && len(v) > 3 && strings.Contains(text, v) {
					t.Errorf("%s carries the example's %s %q", tc.prompt, name, v)
				}
			}
		}
		if text := get("payment_code", nil); !strings.Contains(text, "qr_list_kinds") {
			t.Errorf("payment_code without a kind does not send the agent to qr_list_kinds:\n%s", text)
		}
		if _, err := c.GetPrompt(ctx, mcpgo.GetPromptRequest{Params: mcpgo.GetPromptParams{Name: "payment_code", Arguments: map[string]string{"kind": "no-such-kind"}}}); err == nil {
			t.Error("payment_code took a kind that does not exist")
		}
	})
}

func facts(k registry.Entry) (required, identity []string) {
	for _, f := range k.Fields() {
		if f.Required {
			required = append(required, f.Name)
		}
		if f.Identity {
			identity = append(identity, f.Name)
		}
	}
	return required, identity
}

// qr_verify takes robustness and answers the score, the weakest limits and
// measured fixes, as GET /api/v1/verify does; an unknown depth is a tool
// error naming it.
func TestVerifyRobustness(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		var v struct {
			Robustness struct {
				Score      int    `json:"score"`
				Depth      string `json:"depth"`
				Conditions []any  `json:"conditions"`
			} `json:"robustness"`
		}
		succeed(t, c, "qr_verify", map[string]any{"data": "https://example.com/mcp", "robustness": "full", "color": "888888"}, &v)
		if v.Robustness.Depth != "full" || len(v.Robustness.Conditions) != 11 || v.Robustness.Score <= 0 {
			t.Errorf("robustness %+v, want a full score over 11 conditions", v.Robustness)
		}
		res := callTool(t, c, "qr_verify", map[string]any{"data": "x", "robustness": "deep"})
		if !res.IsError || !strings.Contains(texts(res), "robustness") {
			t.Errorf("robustness=deep: %s, want a tool error naming robustness", texts(res))
		}
	})
}
