package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/registry"
)

// strayFields refuses a kind's fields given beside kind rather than
// inside fields ({"kind":"wifi","ssid":"Home"}), with the fix that moves
// them in: dropped as unknown arguments, the network's name or the payee
// would be lost. nil when there are none, or when the kind or fields are
// not readable (readTarget says why).
func (t *tools) strayFields(tool string, args map[string]any, known func(string) bool) *mcp.CallToolResult {
	value, _, given := kindOf(args)
	name, _ := value.(string)
	k, ok := registry.Lookup(strings.ToLower(name))
	if !given || !ok {
		return nil
	}
	fields, isMap := args["fields"].(map[string]any)
	if _, has := args["fields"]; has && !isMap {
		return nil
	}
	if data, isObject := args["data"].(map[string]any); isObject {
		return t.dataAsFields(tool, args, k, data, fields != nil)
	}
	var stray []string
	for n := range args {
		if _, inFields := fields[n]; !known(n) && k.HasField(n) && !inFields {
			stray = append(stray, n)
		}
	}
	if len(stray) == 0 {
		return nil
	}
	slices.Sort(stray)
	fix := maps.Clone(args)
	moved := maps.Clone(fields)
	if moved == nil {
		moved = map[string]any{}
	}
	quoted := make([]string, len(stray))
	for i, n := range stray {
		moved[n] = args[n]
		delete(fix, n)
		quoted[i] = strconv.Quote(n)
	}
	fix["fields"] = moved
	list := strings.Join(quoted, ", ")
	detail := fmt.Sprintf("%s: fields of %s go inside fields ({%q:%q,\"fields\":{%s:…}}), not beside kind; the fix moves them there", list, k.Name(), kindArgument, k.Name(), quoted[0])
	return t.badArgument(tool, args, &argError{field: stray[0], detail: detail, fix: fix, change: "with " + list + " moved into fields"})
}

// dataAsFields refuses a kind's fields sent as an object under data, as
// other QR APIs nest a typed payload ({"kind":"wifi","data":{"ssid":…}}):
// they are the fields, and the fix gives them so. Beside fields of its
// own, which object holds the fields meant only the caller can tell:
// dropped, data would take the password or the payee with it.
func (t *tools) dataAsFields(tool string, args map[string]any, k registry.Entry, data map[string]any, withFields bool) *mcp.CallToolResult {
	if withFields {
		example := map[string]any{kindArgument: k.Name(), "fields": k.Example()}
		return t.badArgument(tool, args, unfixable("data", fmt.Sprintf("data is an object, as a kind's fields are, and fields is given too: which holds the fields of %s meant only you can tell; give them once, under fields", k.Name()), example))
	}
	fix := maps.Clone(args)
	delete(fix, "data")
	fix["fields"] = data
	detail := fmt.Sprintf("data is an object of %s's fields; a kind's fields go under fields ({%q:%q,\"fields\":{…}}), and the fix gives them so", k.Name(), kindArgument, k.Name())
	return t.badArgument(tool, args, &argError{field: "data", detail: detail, fix: fix, change: "with data given as fields"})
}
