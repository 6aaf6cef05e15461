package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

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

// outOfRange is the first number in v too large for a float64, or one a
// float64 holds only rounded, named by its path, or nil. The transport
// decodes numbers into float64 (RFC 8259 §6 leaves precision to the
// reader), which would write a 21-digit reference or account number with
// its last digits changed.
func outOfRange(v any, path string) error {
	switch v := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(v.String(), 64)
		if err != nil {
			return fmt.Errorf("%s is %s, a number out of range: give a value the option takes", path, truncate(v.String(), 32))
		}
		if read := strconv.FormatFloat(f, 'f', -1, 64); !sameNumber(v.String(), read) {
			return fmt.Errorf("%s is %s, a number a JSON reader holds only as %s: give it as a string, %q", path, truncate(v.String(), 32), truncate(read, 32), truncate(v.String(), 32))
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

// sameNumber reports whether two decimal numerals name the same number
// (10.10 and 10.1 do), compared digit by digit: a big.Rat would compute
// 10^999999 for 1e-999999.
func sameNumber(a, b string) bool {
	x, okA := normalNumeral(a)
	y, okB := normalNumeral(b)
	return okA && okB && x == y
}

// normalNumeral writes a JSON number (RFC 8259 §6) as its sign, its
// significant digits and the exponent of their last: 1.50e2 and 150 are
// both "+15e1". ok is false for an exponent past int64.
func normalNumeral(s string) (string, bool) {
	sign := "+"
	if rest, neg := strings.CutPrefix(s, "-"); neg {
		sign, s = "-", rest
	}
	exp := 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil {
			return "", false
		}
		s, exp = s[:i], e
	}
	whole, frac, _ := strings.Cut(s, ".")
	digits := strings.TrimLeft(whole+frac, "0")
	exp -= len(frac)
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	if trimmed == "" {
		return "0", true
	}
	return sign + trimmed + "e" + strconv.Itoa(exp), true
}
