package service

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/jsonkeys"
	"github.com/qrforge/qrforge/options"
)

// queryNames are the names of a query string that an endpoint reading
// only its body would ignore: all but cache busters (names starting with
// _), sorted.
func queryNames(rawQuery string) (url.Values, []string) {
	q, _ := url.ParseQuery(SanitizeQuery(rawQuery))
	var names []string
	for name := range q {
		if !strings.HasPrefix(name, "_") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return q, names
}

// BatchQuery refuses a query string on POST /api/v1/qr/batch, which reads
// its JSON body only: ?output=zip would be answered with the JSON of URLs.
// The fix moves output and verify into the body and rendering options into
// its style; other names are dropped. A body giving a key twice has no fix:
// its maps keep one of the two values, and the body would not be the
// caller's.
func (s *Service) BatchQuery(rawQuery string, body []byte) *Problem {
	q, names := queryNames(rawQuery)
	if len(names) == 0 {
		return nil
	}
	fix := ""
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) == nil && top != nil && jsonkeys.FirstDuplicate(body, "items") == nil {
		style := map[string]json.RawMessage{}
		if raw, ok := top["style"]; ok && json.Unmarshal(raw, &style) != nil {
			style = nil
		}
		for _, name := range names {
			value, _ := json.Marshal(q.Get(name))
			lower := strings.ToLower(name)
			switch o, isOption := options.Named(lower); {
			case slices.Contains(batchKeys, lower) && lower != "items" && lower != "style":
				top[lower] = value
			case isOption && style != nil:
				style[o.Name] = value
			}
		}
		if style != nil && len(style) > 0 {
			top["style"], _ = json.Marshal(style)
		}
		fix = s.correctedBatchCurl(top, len(body))
	}
	p := s.Problem(KindInvalidParameter,
		fmt.Sprintf("POST /api/v1/qr/batch reads its JSON body only, and would ignore %s in the query; output and verify go in the body and rendering options in its style, where the fix moves them; other names are dropped", strings.Join(names, ", ")),
		names[0], fix)
	if fix == "" {
		p.Example = s.BatchCurl(ExampleBatch)
	}
	return p
}

// DecodeQuery refuses a query string on POST /api/v1/decode, which takes
// no parameters: it always reads with TRY_HARDER, inverted codes, Micro QR
// and rMQR codes (README "Batch, decode, verify").
func (s *Service) DecodeQuery(rawQuery string) *Problem {
	_, names := queryNames(rawQuery)
	if len(names) == 0 {
		return nil
	}
	return s.Problem(KindInvalidParameter,
		fmt.Sprintf("POST /api/v1/decode takes no parameters, and would ignore %s: it always reads the whole image, inverted codes, Micro QR and rMQR codes included; send the image alone", strings.Join(names, ", ")),
		names[0], s.DecodeFormCurl())
}
