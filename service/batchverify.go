package service

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/text"
)

// readBatchVerify reads the body's verify member: the depth of
// robustness each item's verify scores at, under the values and meaning
// of verify's robustness option (options.Robustness). off, like no
// member, verifies nothing.
func (s *Service) readBatchVerify(req *batchRequest, raw json.RawMessage, top map[string]json.RawMessage, size int) *Problem {
	v, set, err := scalar(raw)
	if err != nil {
		return s.bodyProblem("verify "+err.Error()+": one of "+text.Join(optRobustness.Enum),
			"verify", withKey(top, "verify", `"quick"`), size)
	}
	if !set {
		return nil
	}
	depth, _, bad := parseRobustness(query{optRobustness.Name: {v}})
	if bad != nil {
		return s.bodyProblem(fmt.Sprintf("verify %q is not one of %s", text.Truncate(v, 64), text.Join(optRobustness.Enum)),
			"verify", withKey(top, "verify", strconv.Quote(bad.fixed)), size)
	}
	if depth == "" {
		return nil
	}
	if req.output == outputZip {
		// A zip carries each item's file and nothing beside it; a verify
		// belongs in the JSON answer next to its item.
		return s.bodyProblem("verify adds a verify object to each item of a JSON answer, and output zip answers files; use output url, base64, svg or json with verify, or drop verify",
			"verify", withKey(top, "output", strconv.Quote(OutputURL)), size)
	}
	req.verify, req.verifying = depth, true
	return nil
}

// verifyItem is verify's answer for an item that rendered: the same
// checks and robustness score as GET /api/v1/verify with the item's
// parameters, under the same admission. The robustness fixes are not
// measured, each being a score of its own; the checks' fixes are verify
// calls that measure them.
func (s *Service) verifyItem(ctx context.Context, r *Rendering, depth analysis.Depth, target verifyTarget) (*Verification, *Problem) {
	vr := *r
	vr.robustness, vr.robustnessGiven, vr.scoreOnly = depth, true, true
	return s.verifyRendering(ctx, &vr, target)
}
