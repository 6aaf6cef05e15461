package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
// different values, when there is one. For qr_batch, a key given twice
// inside an item fails that item only, as on POST /api/v1/qr/batch: the
// arguments as sent are then kept in batch, for the service to read item
// by item.
type duplicateArgument struct {
	found *jsonkeys.Duplicate
	batch json.RawMessage
}

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
		Params json.RawMessage
	}
	slot, hasSlot := ctx.Value(argumentsKey{}).(*duplicateArgument)
	path, isArgument := strings.CutPrefix(dup.Path, argumentsPath)
	if !isArgument || !hasSlot || json.Unmarshal(raw, &call) != nil || call.Method != mcp.MethodToolsCall {
		return errors.New(dup.Detail(dup.Path))
	}
	if args, ok := batchArguments(call.Params); ok {
		// Around the arguments, and in them but for the items.
		if d := jsonkeys.FirstDuplicate(raw, "params"); d != nil {
			return errors.New(d.Detail(d.Path))
		}
		if d := jsonkeys.FirstDuplicate(call.Params, "arguments"); d != nil {
			return errors.New(d.Detail("params." + d.Path))
		}
		if d := jsonkeys.FirstDuplicate(args, "items"); d != nil {
			slot.found = d
			return nil
		}
		slot.batch = args
		return nil
	}
	argument := *dup
	argument.Path = path
	slot.found = &argument
	return nil
}

// batchArguments are a tools/call's arguments as sent when it calls
// qr_batch.
func batchArguments(params json.RawMessage) (json.RawMessage, bool) {
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if json.Unmarshal(params, &p) != nil || p.Name != toolBatch || len(p.Arguments) == 0 {
		return nil, false
	}
	return p.Arguments, true
}

// sentBatch is qr_batch's arguments as sent, when an item gives a key
// twice; nil otherwise, and the decoded arguments serve.
func sentBatch(ctx context.Context) json.RawMessage {
	if slot, ok := ctx.Value(argumentsKey{}).(*duplicateArgument); ok {
		return slot.batch
	}
	return nil
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

// refuseLoneSurrogates refuses a message that escapes half of a UTF-16
// surrogate pair alone: it stands for no character (RFC 8259 §8.2), and
// the transport would decode it as U+FFFD into the code
// (server.OnRequestInitializationFunc).
func refuseLoneSurrogates(_ context.Context, _ any, message any) error {
	raw, ok := message.(json.RawMessage)
	if !ok {
		return nil
	}
	if at := jsonkeys.FirstLoneSurrogate(raw); at >= 0 {
		return errors.New("the message " + jsonkeys.LoneSurrogateDetail(raw, at, fmt.Sprintf("at byte %d", at)))
	}
	return nil
}
