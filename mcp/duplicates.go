package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/internal/jsonkeys"
	"github.com/qrforge/qrforge/service"
)

// The transport decodes a message's tool arguments into maps, which keep
// the last of a key's two values, before a tool sees them. So the raw
// message is read once, by a hook, and what it finds is left for the tool
// in the request's context: a key given twice in the arguments is refused
// as a bad argument is, and anywhere else in the message as an invalid
// request.

// argumentsKey keys the request's *duplicateArgument.
type argumentsKey struct{}

// duplicateArgument is the first key the call's arguments give twice with
// different values, when there is one.
type duplicateArgument struct{ found *jsonkeys.Duplicate }

// withDuplicateSlot gives each request an empty duplicateArgument for
// refuseDuplicateKeys to fill (server.HTTPContextFunc).
func withDuplicateSlot(ctx context.Context, _ *http.Request) context.Context {
	return context.WithValue(ctx, argumentsKey{}, &duplicateArgument{})
}

// argumentsPath starts the path of a tool argument in a tools/call.
const argumentsPath = "params.arguments."

// refuseDuplicateKeys reads a request's message before it is decoded
// (server.OnRequestInitializationFunc).
func refuseDuplicateKeys(ctx context.Context, _ any, message any) error {
	raw, ok := message.(json.RawMessage)
	if !ok {
		return nil
	}
	dup := jsonkeys.FirstDuplicate(raw)
	if dup == nil {
		return nil
	}
	var call struct {
		Method mcp.MCPMethod `json:"method"`
	}
	slot, hasSlot := ctx.Value(argumentsKey{}).(*duplicateArgument)
	if path, isArgument := strings.CutPrefix(dup.Path, argumentsPath); isArgument && hasSlot &&
		json.Unmarshal(raw, &call) == nil && call.Method == mcp.MethodToolsCall {
		argument := *dup
		argument.Path = path
		slot.found = &argument
		return nil
	}
	return errors.New(dup.Detail(dup.Path))
}

// refusedArguments is the tool error for arguments that give a key twice
// with different values, or nil. It has no fix: which value is meant is
// the caller's to say.
func (t *tools) refusedArguments(ctx context.Context) *mcp.CallToolResult {
	slot, ok := ctx.Value(argumentsKey{}).(*duplicateArgument)
	if !ok || slot.found == nil {
		return nil
	}
	d := slot.found
	return failed(t.localProblem(service.KindInvalidParameter, d.Path, d.Detail(d.Path), ""), nil)
}
