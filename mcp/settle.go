package mcp

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/qrforge/qrforge/service"
)

// fixRounds bounds how often a tool's fix_arguments are tried and
// corrected again before they are given, as the service bounds its fixes.
const fixRounds = 3

// settled is res with fix_arguments the tool serves. A fix the tool makes
// itself (an argument renamed) is made before the service sees the call,
// so it is tried: what the corrected call still refuses (a frame's margin
// of 0, a logo too large for its level) is corrected in the same fix and
// listed beside it, and a corrected call refused without a fix leaves
// none. An agent follows fix_arguments blindly; a second refusal tells it
// nothing. handler answers the corrected calls: the tool itself, or one
// that only finds what would refuse them (fixTrial).
func settled(ctx context.Context, handler server.ToolHandlerFunc, req mcp.CallToolRequest, res *mcp.CallToolResult) *mcp.CallToolResult {
	p, fix := toolProblem(res)
	if p == nil || fix == nil || !strings.HasPrefix(p.Fix, req.Params.Name+" ") {
		// None, or the service's, which it tried already.
		return res
	}
	changed := false
	for round := 1; fix != nil; round++ {
		again := req
		again.Params.Arguments = fix
		next, err := handler(ctx, again)
		if err != nil {
			return res
		}
		more, moreFix := toolProblem(next)
		if more == nil || more.Status != p.Status {
			// Served, or refused for what the arguments do not say.
			break
		}
		changed = true
		listProblems(p, more)
		if moreFix == nil || round == fixRounds {
			p.Fix, fix = "", nil
			p.Example = cmp.Or(p.Example, more.Example)
			if moreFix == nil && strings.HasPrefix(more.Fix, req.Params.Name+" with ") && !strings.Contains(more.Fix, sameArguments) {
				// Told in words (an image only the caller has): what to
				// give instead holds for the call as made, unlike a
				// correction of the corrected call too long to repeat.
				p.Fix = more.Fix
				p.Detail += "; mending it leaves " + more.Detail + ", which only what the fix asks for mends"
				break
			}
			p.Detail += "; mending it leaves " + more.Detail + ", which no call made from yours mends, so there is no fix"
			break
		}
		p.Fix, fix = more.Fix, moreFix
	}
	if !changed {
		return res
	}
	return failed(*p, fix)
}

// toolProblem is the problem document of a tool error (failed) and its
// fix_arguments; nil for any other result.
func toolProblem(res *mcp.CallToolResult) (*problem, map[string]any) {
	if res == nil || !res.IsError || len(res.Content) == 0 {
		return nil, nil
	}
	last, ok := mcp.AsTextContent(res.Content[len(res.Content)-1])
	if !ok {
		return nil, nil
	}
	var doc struct {
		problem
		FixArguments map[string]any `json:"fix_arguments"`
	}
	if json.Unmarshal([]byte(last.Text), &doc) != nil {
		return nil, nil
	}
	return &doc.problem, doc.FixArguments
}

// problemsOf are p's field problems, one when it lists none.
func problemsOf(p *problem) []service.FieldProblem {
	if len(p.Errors) > 0 {
		return p.Errors
	}
	return []service.FieldProblem{{Field: p.Field, Detail: p.Detail}}
}

// listProblems adds more's field problems to p's, each once.
func listProblems(p, more *problem) {
	all := problemsOf(p)
	for _, e := range problemsOf(more) {
		if !slices.Contains(all, e) {
			all = append(all, e)
		}
	}
	if len(all) > 1 {
		p.Errors = all
		p.Detail = fmt.Sprintf("%d parameters are invalid; first: %s", len(all), all[0].Detail)
	}
}
