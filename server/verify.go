package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// handleVerify documents GET /api/v1/verify and returns its handler.
func (s *Server) handleVerify() gin.HandlerFunc {
	s.documentVerify()
	return s.verify
}

// verify serves GET /api/v1/verify.
func (s *Server) verify(c *gin.Context) {
	v, p := s.svc.Verify(c.Request.Context(), service.Request{Query: c.Request.URL.RawQuery})
	if p != nil {
		writeProblem(c, p)
		return
	}
	c.Header("Cache-Control", "public, max-age=86400")
	writeJSON(c, http.StatusOK, v)
}

// documentVerify adds GET /api/v1/verify to the OpenAPI document and the
// llms texts.
func (s *Server) documentVerify() {
	params := []any{
		queryParam(options.Data.Name, options.Data.Aliases, options.Data.Schema(), options.Data.Description+" For a generic code; not with type.", false, options.Data.Example),
		queryParam("type", nil, obj{"type": "string", "enum": registry.Names()}, "On verify, `type` names a payload kind (elsewhere it is an alias of format); that kind's fields follow as parameters, as on /api/v1/<kind>. Verify judges the PNG, so it takes no format: a format other than png is a 400 whose fix drops it.", false, nil),
	}
	kindsOf := map[string][]string{}
	var fieldOrder []string
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if kindsOf[f.Name] == nil {
				fieldOrder = append(fieldOrder, f.Name)
			}
			kindsOf[f.Name] = append(kindsOf[f.Name], k.Name())
		}
	}
	for _, name := range fieldOrder {
		if name == options.Data.Name || slices.Contains(options.Data.Aliases, name) {
			continue // documented as data; with type it is that kind's field
		}
		desc := "A field of " + strings.Join(kindsOf[name], ", ") + ", with type."
		if o, ok := options.Named(name); ok && o.Name == name {
			// epc's version beside the option version: one parameter,
			// which is the field with such a type and the option without.
			desc = "A field of " + strings.Join(kindsOf[name], ", ") + ", with type; otherwise the rendering option " + name + " (there under its alias " + o.Aliases[0] + ")."
		}
		params = append(params, queryParam(name, nil, obj{"type": "string"}, desc, false, nil))
	}
	for _, d := range optionDocs() {
		if kindsOf[d.opt.Name] != nil {
			continue // documented with the field of its name
		}
		if d.opt.Name != options.Format.Name {
			params = append(params, optionParamRef(d.opt.Name))
		}
	}
	rb := options.Robustness
	params = append(params, queryParam(rb.Name, nil, obj{"type": "string", "enum": rb.Enum, "default": rb.Default}, rb.Description, false, rb.Example))
	s.extraOperations["/api/v1/verify"] = obj{"get": obj{
		"operationId": "verify_qr",
		"summary":     "Check that a code scans: render, decode and measure",
		"description": "Takes the generation parameters, generic (data and options) or typed (type=<kind> and its fields). Renders the PNG those parameters give, decodes it with a ZXing port and reports checks: decode, contrast (WCAG 2 ratio: pass at 4.5, warn from 3, fail below), quiet_zone (warn below 4 modules, fail below 2), module_size (pixels per module: warn below 4; a size below 2, or 3 with a logo or octagon eyes, is refused as generation refuses it), polarity (light on dark fails: many scanners reject it), style_risk (dark area of the module and eye styles against square ones: warn below 70 %), decoders (warns, naming them, when common decoders were measured to miss the design: zbar and zxing-cpp 1.4 miss light-on-dark codes, jsQR low contrast, jsQR and zxing-cpp 1.4 some pairs of eye frame and eye ball) and payload (warns, without a fix, when data written in a kind's form is refused by that kind, or the kind warns on its fields). A failing or warning check but payload carries a message and a fix, the verify call with the correction; the answer's fix applies them all. scannable is true when the code decodes to the data and no check fails.",
		"tags":        []string{"verify"},
		"parameters":  params,
		"responses": obj{
			"200": obj{"description": "The verification.", "content": obj{"application/json": obj{"schema": verificationSchema()}}},
			"400": problemResponse("A parameter or field is invalid; `fix` is the corrected verify call."),
			"503": overloadedResponse(),
		},
	}}
	s.addDocs(
		fmt.Sprintf("[Verify](%s/api/v1/verify?data=Hello&color=ccc): `GET /api/v1/verify` with the generation parameters (or `type=<kind>` and its fields); renders, decodes and checks contrast, quiet zone, module size, polarity and style, each with a fix", s.baseURL),
		"## Verify\n\n"+
			fmt.Sprintf("`GET %s/api/v1/verify?data=...&<options>`, or `?type=<kind>&<fields>&<options>`: on verify, `type` names a payload kind (elsewhere it is an alias of format). Verify always judges the PNG, so a format (or a format under `type`) is a 400 whose fix drops it. It renders the PNG the same parameters give, decodes it with a ZXing port, and answers:\n\n", s.baseURL)+
			"`{\"scannable\",\"decoded\",\"matches\",\"version\",\"ec\",\"contrast_ratio\",\"checks\":[{\"name\",\"pass\",\"status\",\"value\",\"min\",\"message\",\"fix\"}],\"fix\"}`; a Micro QR Code or rMQR adds `symbol` (`micro`, `rmqr`) and `designator` (`M1`, `R7x59-H`), as decode does, and M1's `ec` is `none`\n\n"+
			"- `decode`: the code reads back as the payload.\n"+
			"- `contrast`: WCAG 2 contrast ratio of color against bg (relative luminance, (L1+0.05)/(L2+0.05)); pass at 4.5 or more, warn from 3, fail below 3. A transparent or translucent bg is judged against white, and noted.\n"+
			"- `quiet_zone`: the margin in modules; ISO/IEC 18004 asks 4; warn below 4, fail below 2.\n"+
			"- `module_size`: whole pixels per module at the requested size; warn below 4. Below 2, or 3 with a logo or octagon eyes, verify answers 400 as generation does, its fix the smallest size that draws.\n"+
			"- `polarity`: light modules on a dark background fail: many scanners do not read reflectance-reversed codes.\n"+
			"- `style_risk`: the dark area of the module and eye styles against square ones, data modules and finder patterns measured apart, the lower counting; warn below 70 %.\n"+
			"- `decoders`: the common decoders measured to miss this design (value: their names); warns when any does. zbar 0.23 and zxing-cpp 1.4 miss light-on-dark codes, jsQR 1.4 misses contrast below 4.5:1, and jsQR 1.4 (zxing-cpp 1.4 and zbar for some) misses pairs of eye frame and eye ball whose corners disagree, such as a square frame round a dot ball, whose fix is the frame's own ball; every module style, eye style, eye frame and eye ball reads on all five decoders of the e2e matrix (docs/decoders.md).\n"+
			"- `payload`: the number of reasons the payload may not be read as meant, with them as the message; warns and never fails, without a fix: a kind's warning on its fields, data written in a kind's form (WIFI:, BCD, geo:, otpauth://) that the kind refuses, whose typed endpoint builds it checked, or a payment code past its expiry (a Lightning invoice, a KHQR) at the time of the request. Generation sends the same reasons in X-QR-Warning after payload:, and every other check but decode that warns or fails, after its name (quiet_zone: ...) and in the same words.\n"+
			"- `robustness` (`robustness=quick`, the default, `full` or `off`): a score from 0 to 100, the share of a seeded grid of phone-capture conditions (distance, focus, motion, tilt, rotation, JPEG, noise, shadow, glare, occlusion, fade) under which the code still reads; each condition with its levels, the weakest in plain words, and `fixes`, each with the score it was measured to reach and its verify call. An agent generates, verifies, and follows the best fix while the score is below what it needs (70 for print a person holds, docs/robustness.md).\n"+
			"- `pass` is false only when a check fails; a warning passes with a message. Each failing or warning check has `fix`: the verify call with its correction, which passes that check. The answer's `fix` applies every correction. `scannable` is true when decode passes and no check fails.",
	)
}

// verificationSchema is the answer of verify, in OpenAPI: GET
// /api/v1/verify's and each batch item's with verify.
func verificationSchema() obj {
	level := obj{"type": "object", "required": []string{"value", "read"}, "properties": obj{
		"value": obj{"type": "number", "description": "The level: cm of viewing distance, modules of blur or motion, degrees, JPEG quality, or a share."},
		"read":  obj{"type": "boolean"},
	}}
	robustness := obj{
		"type":        "object",
		"description": "The scan-robustness score (docs/robustness.md): absent with robustness=off or when the code does not read.",
		"required":    []string{"score", "depth", "conditions"},
		"properties": obj{
			"score": obj{"type": "integer", "minimum": 0, "maximum": 100, "description": "The share of the grid's images that read as the payload (docs/robustness.md)."},
			"depth": obj{"type": "string", "enum": []string{"quick", "full"}},
			"conditions": obj{"type": "array", "items": obj{"type": "object", "required": []string{"name", "levels", "passed"}, "properties": obj{
				"name":   obj{"type": "string", "enum": analysis.ConditionNames()},
				"levels": obj{"type": "array", "items": level},
				"passed": obj{"type": "integer", "minimum": 0},
				"limit":  obj{"type": "string", "description": "Where the code stopped reading, in plain words."},
			}}},
			"weakest": obj{"type": "array", "items": obj{"type": "string"}, "description": "The limits of the conditions that held least, weakest first."},
			"fixes": obj{"type": "array", "items": obj{"type": "object", "required": []string{"change", "score", "fix"}, "properties": obj{
				"change": obj{"type": "string"},
				"score":  obj{"type": "integer", "minimum": 0, "maximum": 100, "description": "The score the change was measured to reach."},
				"fix":    obj{"type": "string", "format": "uri", "description": "The verify call with the change."},
			}}},
			"unmeasured": obj{"type": "string", "description": "Why fixes that might raise the score were not measured: with fair use on, each fix's score is paid for by the pixels it decodes (docs/operations.md, \"Fair use\"), and the client's allowance could not pay."},
		},
	}
	check := obj{
		"type":     "object",
		"required": []string{"name", "pass", "status", "value"},
		"properties": obj{
			"name":    obj{"type": "string", "enum": []string{"decode", "contrast", "quiet_zone", "module_size", "polarity", "style_risk", "decoders", "payload"}},
			"pass":    obj{"type": "boolean", "description": "False only when the check fails; a warning passes."},
			"status":  obj{"type": "string", "enum": []string{service.StatusPass, service.StatusWarn, service.StatusFail}},
			"value":   obj{"description": "What was measured."},
			"min":     obj{"description": "The value that passes."},
			"message": obj{"type": "string"},
			"fix":     obj{"type": "string", "format": "uri", "description": "The verify call with this check's correction; following it passes the check."},
		},
	}
	return obj{
		"type":     "object",
		"required": []string{"scannable", "decoded", "matches", "version", "ec", "contrast_ratio", "checks"},
		"properties": obj{
			"scannable":      obj{"type": "boolean"},
			"decoded":        obj{"type": "string", "description": "The text read back; empty when nothing was read."},
			"matches":        obj{"type": "boolean", "description": "decoded is exactly the payload."},
			"version":        obj{"type": "integer", "minimum": 1, "maximum": 40, "description": "1 to 40 for a QR Code; 1 to 4 (M1 to M4) for a Micro QR Code; for an rMQR code its size's place in ISO/IEC 23941 Table 1 (1 is R7x43, 32 R17x139): designator names it."},
			"ec":             obj{"type": "string", "enum": []string{"L", "M", "Q", "H", "none"}, "description": "none for Micro QR M1, which only detects errors."},
			"symbol":         obj{"type": "string", "enum": []string{"micro", "rmqr"}, "description": "micro for a Micro QR Code, rmqr for an rMQR code; absent for a QR Code."},
			"designator":     obj{"type": "string", "description": "With symbol: the symbol's name in its standard, M1, M2-L to M4-Q, or R7x43-M to R17x139-H."},
			"contrast_ratio": obj{"type": "number", "minimum": 1, "maximum": 21},
			"checks":         obj{"type": "array", "items": check},
			"fix":            obj{"type": "string", "format": "uri", "description": "The verify call with every suggested correction, when a check fails or warns."},
			"robustness":     robustness,
		},
	}
}
