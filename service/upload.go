package service

import (
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/qrforge/qrforge/internal/jsonkeys"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// MaxGenerateBody bounds the body of POST /api/v1/qr and POST
// /api/v1/<kind>: a logo file of MaxLogoBytes, grown by a third as base64
// in JSON, and the other fields.
const MaxGenerateBody = MaxLogoBytes*4/3 + 64<<10

// JSONParams reads the JSON body of a generation POST to kind's endpoint
// (kind "" for /api/v1/qr): an object of a kind's fields or data and
// rendering options under the names a query uses, with string, number or
// boolean values; "logo" may hold a data URI of up to MaxLogoBytes. A
// List option given as a list is read joined and named in listed
// (Request.Listed), for a problem whose fix joins it.
func (s *Service) JSONParams(body []byte, kind string) (params url.Values, listed []string, p *Problem) {
	// A body that cannot be read leaves no call to correct: the problem
	// has no fix, and shows the endpoint's own documented example as an
	// upload that works (README "Errors").
	path, such := "/api/v1/qr", `{"data":"Hello","logo":"wifi"}`
	if k, ok := registry.Lookup(kind); ok && kind != "" {
		if b, err := json.Marshal(k.Example()); err == nil {
			path, such = k.Path(), string(b)
		}
	}
	fail := func(detail, field string) *Problem {
		p := s.Problem(KindInvalidParameter, detail, field, "")
		p.Example = "curl -X POST '" + s.baseURL + path + "' -H 'Content-Type: application/json' -d " + shellQuote(such)
		return p
	}
	if detail := bodyNotUTF8(body); detail != "" {
		return nil, nil, fail(detail, "")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil || members == nil {
		example := `{"data": "Hello", "logo": "data:image/png;base64,..."}`
		if path != "/api/v1/qr" {
			example = such
		}
		detail := "the body must be a JSON object of parameters, such as " + example
		if err != nil {
			detail = jsonErrorDetail(body, err, "of parameters") + ", such as " + example
		}
		return nil, nil, fail(detail, "")
	}
	if dup := jsonkeys.FirstDuplicate(body); dup != nil {
		return nil, nil, fail(dup.Detail(dup.Path), dup.Path)
	}
	params = url.Values{}
	for _, key := range sortedKeys(members) {
		if joined, ok := joinedList(key, members[key]); ok {
			params.Add(key, joined)
			listed = append(listed, key)
			continue
		}
		v, set, err := scalar(members[key])
		if err != nil {
			return nil, nil, fail(fmt.Sprintf("%s %s: a parameter's value is a string, a number or a boolean", text.Truncate(key, 64), err), key)
		}
		if set {
			params.Add(key, v)
		}
	}
	return params, listed, nil
}
