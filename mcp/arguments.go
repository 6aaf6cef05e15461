package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

// refuseUnreadableArguments reads a tools/call before it is decoded
// (server.OnRequestInitializationFunc) and refuses, in words, what the
// decoder would otherwise treat as no arguments (a list) or answer with
// its own type names (a number past float64): arguments are an object of
// named values (MCP "Calling Tools").
func refuseUnreadableArguments(_ context.Context, _ any, message any) error {
	raw, ok := message.(json.RawMessage)
	if !ok {
		return nil
	}
	var call struct {
		Method mcp.MCPMethod `json:"method"`
		Params struct {
			Arguments json.RawMessage `json:"arguments"`
		} `json:"params"`
	}
	if json.Unmarshal(raw, &call) != nil || call.Method != mcp.MethodToolsCall {
		return nil // not a call, or not JSON: the decoder says so
	}
	if len(bytes.TrimSpace(call.Params.Arguments)) == 0 {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(call.Params.Arguments))
	d.UseNumber()
	var args any
	if d.Decode(&args) != nil || args == nil {
		return nil
	}
	if _, named := args.(map[string]any); !named {
		return errors.New("params.arguments must be an object of named arguments ({\"data\": \"...\"}), not " + jsonKind(args))
	}
	return outOfRange(args, "params.arguments")
}

// outOfRange is the first number in v too large for a float64, named by
// its path, or nil.
func outOfRange(v any, path string) error {
	switch v := v.(type) {
	case json.Number:
		if _, err := strconv.ParseFloat(v.String(), 64); err != nil {
			return fmt.Errorf("%s is %s, a number out of range: give a value the option takes", path, truncate(v.String(), 32))
		}
	case map[string]any:
		for k, e := range v {
			if err := outOfRange(e, path+"."+truncate(k, maxNameBytes)); err != nil {
				return err
			}
		}
	case []any:
		for i, e := range v {
			if err := outOfRange(e, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	return nil
}
