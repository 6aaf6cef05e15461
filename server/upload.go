package server

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/service"
)

// maxFormFields bounds the fields of a multipart generation body, and
// maxFieldBytes each field's value: the data of a version 40 symbol
// percent-encoded is well under it.
const (
	maxFormFields = 256
	maxFieldBytes = 64 << 10
)

// generateUpload serves POST /api/v1/qr and POST /api/v1/<kind>: the
// parameters of the GET, with a logo file (docs/logos.md). The body is a
// multipart form whose logo file part is the logo, JSON whose "logo" may
// be a data URI, or a URL-encoded form; parameters in the query string
// count too. The service reads the logo; this handler only carries it.
func (s *Server) generateUpload(kind, path string) gin.HandlerFunc {
	return func(c *gin.Context) {
		req, release, p := s.readUpload(c, kind, path)
		if release != nil {
			defer release()
		}
		if p != nil {
			writeProblem(c, p)
			return
		}
		// A POST is never answered 304 (RFC 9110 §13.1.2 asks 412 of a
		// matching If-None-Match on other methods); its ETag still names
		// the canonical request.
		img, p := s.svc.Generate(c.Request.Context(), req, "")
		if p != nil {
			writeProblem(c, p)
			return
		}
		h := c.Writer.Header()
		h.Set("X-QR-Version", strconv.Itoa(img.Version))
		h.Set("X-QR-EC", img.Level)
		h.Set("X-QR-Symbol", img.Symbol)
		setSymbols(h, img)
		if img.Warning != "" {
			h.Set("X-QR-Warning", warningHeader(img.Warning))
		}
		h.Set("Cache-Control", "no-store")
		h.Set("ETag", img.ETag)
		h.Set("Content-Length", strconv.Itoa(len(img.Body)))
		c.Data(http.StatusOK, img.ContentType, img.Body)
	}
}

// documentUpload adds the POST of a generation path to the OpenAPI
// document: kind is "" for /api/v1/qr.
func (s *Server) documentUpload(path, operationID, kind string) {
	scalar := obj{"type": []string{"string", "number", "boolean"}}
	// Each body names the rendering options with their schemas; a kind's
	// fields, and aliases, pass as further members.
	props, jsonProps, formProps := optionProperties(), optionProperties(), optionProperties()
	props["logo"] = obj{"type": "string", "contentMediaType": "image/*",
		"description": fmt.Sprintf("The logo file: PNG, JPEG, WebP or SVG, at most %s (docs/logos.md).", service.SizeText(service.MaxLogoBytes))}
	jsonProps["logo"] = obj{"type": "string",
		"description": fmt.Sprintf("A built-in icon's name, or the logo as a data URI of a PNG, JPEG, WebP or SVG file of at most %s.", service.SizeText(service.MaxLogoBytes))}
	if kind == "" {
		data := obj{"type": "string", "minLength": 1, "description": "The exact string to encode."}
		props["data"], jsonProps["data"], formProps["data"] = data, data, data
	}
	what := "the same parameters as the GET"
	if kind != "" {
		what = "the kind's fields and the rendering options, as the GET takes them"
	}
	responses := imageResponses()
	delete(responses, "304")
	responses["413"] = problemResponse(fmt.Sprintf("The body is larger than %s, the logo file larger than %s, or its declared pixels or its decoding too large.", service.SizeText(service.MaxGenerateBody), service.SizeText(service.MaxLogoBytes)))
	responses["415"] = problemResponse("The body is not multipart/form-data, JSON or a URL-encoded form.")
	op := obj{
		"operationId": operationID,
		"summary":     "Generate with a logo file",
		"description": "Takes " + what + " in the query string, in the body, or both, with a logo file: a multipart form whose `logo` file part is the logo, JSON whose `logo` is a data URI or an icon's name, or a URL-encoded form. The answer is the GET's, never a 304; a problem's fix is a curl call that uploads the file again. An SVG logo is checked and rasterised, never served as sent (docs/logos.md).",
		"tags":        []string{"generate"},
		"requestBody": obj{"required": false, "content": obj{
			"multipart/form-data": obj{"schema": obj{"type": "object", "properties": props,
				"additionalProperties": obj{"type": "string"}, "description": "Any parameter of the GET as a field; the logo as a file part named logo."}},
			"application/json": obj{"schema": obj{"type": "object", "properties": jsonProps,
				"additionalProperties": scalar, "description": "Any parameter of the GET as a member."}},
			"application/x-www-form-urlencoded": obj{"schema": obj{"type": "object", "properties": formProps,
				"additionalProperties": obj{"type": "string"}, "description": "Any parameter of the GET as a field."}},
		}},
		"responses": responses,
	}
	s.extraOperations[path] = obj{"post": op}
	if kind != "" {
		return
	}
	s.addDocs(
		fmt.Sprintf("[Logos](%s/api/v1/qr?data=Hello&logo=wifi): `logo=<icon>` or a data URI on any generation call; `POST /api/v1/qr` (and `/api/v1/<kind>`) uploads a logo file", s.baseURL),
		"## Logos\n\n"+
			fmt.Sprintf("`logo` puts a picture over the centre of any code: a built-in icon (%s; aliases %s), or a PNG, JPEG, WebP or SVG file as a data URI (at most %s in a parameter). `POST %s/api/v1/qr` takes the GET's parameters in the query or the body with the logo as a multipart file part (`curl -X POST '%s/api/v1/qr?data=Hello' -F 'logo=@logo.png'`) or as a data URI in JSON, up to %s. A URL is fetched only where the operator turned `--logo-fetch` on, from public addresses only; otherwise it is a 400.\n\n",
				strings.Join(render.IconNames, ", "), strings.Join(render.IconAliases(), ", "), service.SizeText(service.MaxLogoParam), s.baseURL, s.baseURL, service.SizeText(service.MaxLogoBytes))+
			"- The modules under the logo's box and `logopadding` modules around it are cleared whole. Without `ec` the level rises to H; the symbol grows, from the version the data needs, until the codewords the cleared modules touch take at most half of any Reed-Solomon block's correction capacity (ISO/IEC 18004:2015 §7.5.1, Table 9). A logo no version can hold is a 400 whose fix raises `ec` or gives the largest `logosize` that fits.\n"+
			"- `logosize` is the box's side as a fraction of the code's (0.05 to 0.3, default 0.2); `logobg` a plate colour under the cleared modules (default none); `logoplate` square or rounded.\n"+
			"- A file logo is named in the ETag by the SHA-256 of its bytes. SVG is checked (no DOCTYPE, scripts, event handlers, foreignObject, images, animation or external references; bounded depth, elements and work) and rasterised; SVG output embeds a PNG qrforge encodes, never the caller's bytes. The JSON matrix shows the cleared modules.\n"+
			"- Errors: 400 for a file that is not a logo or is refused; 413 for a file over the limits or whose declared pixels or decoding exceed them (checked from its header before decoding).",
	)
}

// readUpload reads a generation body within service.MaxGenerateBody, its
// bytes reserved from the memory budget first.
func (s *Server) readUpload(c *gin.Context, kind, path string) (service.Request, func(), *Problem) {
	req := service.Request{Kind: kind, Body: true, Params: url.Values{}}
	if q, err := url.ParseQuery(service.SanitizeQuery(c.Request.URL.RawQuery)); err == nil {
		req.Params = q
	}
	again := uploadAgain{s: s, path: path, kind: kind, params: req.Params}
	contentType := c.GetHeader("Content-Type")
	mediaType, _, err := mime.ParseMediaType(contentType)
	if contentType == "" {
		mediaType = "application/x-www-form-urlencoded"
	} else if err != nil {
		mediaType = strings.ToLower(strings.TrimSpace(contentType))
	}
	switch mediaType {
	case "multipart/form-data", "application/json", "application/x-www-form-urlencoded":
	default:
		return req, nil, again.problem(service.KindUnsupportedMediaType, http.StatusUnsupportedMediaType,
			fmt.Sprintf("Content-Type %s is not read here; send multipart/form-data (a logo file part and the fields), application/json or application/x-www-form-urlencoded", text.Truncate(contentType, 100)),
			"Content-Type")
	}
	tooLarge := func() *Problem {
		return again.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the body is larger than %s; a logo file may have %s (docs/logos.md)", service.SizeText(service.MaxGenerateBody), service.SizeText(service.MaxLogoBytes)),
			"logo")
	}
	n := c.Request.ContentLength
	if n > service.MaxGenerateBody {
		return req, nil, tooLarge()
	}
	if n < 0 {
		n = service.MaxGenerateBody // chunked: as much as may come
	}
	// The body, and the logo as a parameter beside it.
	release, p := s.svc.ReserveUpload(c.Request.Context(), 3*n)
	if p != nil {
		return req, nil, p
	}
	body := http.MaxBytesReader(c.Writer, c.Request.Body, service.MaxGenerateBody)
	if mediaType == "multipart/form-data" {
		c.Request.Body = body
		return req, release, s.readForm(c, &req, again)
	}
	b, err := readBody(body, n)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return req, release, tooLarge()
		}
		return req, release, again.problem(service.KindInvalidParameter, http.StatusBadRequest, "the body could not be read: "+err.Error(), "")
	}
	if mediaType == "application/json" {
		params, listed, nested, p := s.svc.JSONParams(b, kind)
		if p != nil {
			return req, release, p
		}
		req.Listed, req.Nested = listed, nested
		for k, vs := range params {
			req.Params[k] = append(req.Params[k], vs...)
		}
		return req, release, nil
	}
	if form, err := url.ParseQuery(service.SanitizeQuery(string(b))); err == nil {
		for k, vs := range form {
			req.Params[k] = append(req.Params[k], vs...)
		}
	}
	return req, release, nil
}

// readForm reads a multipart form's fields into req.Params and its logo
// file part into req.Logo.
func (s *Server) readForm(c *gin.Context, req *service.Request, again uploadAgain) *Problem {
	bad := func(format string, args ...any) *Problem {
		return again.problem(service.KindInvalidParameter, http.StatusBadRequest, fmt.Sprintf(format, args...), "")
	}
	mr, err := c.Request.MultipartReader()
	if err != nil {
		return bad("the multipart/form-data body cannot be read (%v); let the client write the boundary", err)
	}
	for fields := 0; ; fields++ {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return s.formError(err, again)
		}
		if fields >= maxFormFields {
			return bad("the form has more than %d fields", maxFormFields)
		}
		name := part.FormName()
		if part.FileName() != "" {
			if !strings.EqualFold(name, "logo") {
				return bad("the form has a file in field %q; only a logo file is read (-F 'logo=@logo.png')", text.Truncate(name, 64))
			}
			b, err := io.ReadAll(io.LimitReader(part, service.MaxLogoBytes+1))
			if err != nil {
				return s.formError(err, again)
			}
			if len(b) > service.MaxLogoBytes {
				return again.withoutLogo(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
					fmt.Sprintf("the logo file %q is larger than %s; a logo needs no more than 1024 pixels a side: send it smaller (the fix leaves it out)", text.Truncate(part.FileName(), 100), service.SizeText(service.MaxLogoBytes)), "logo")
			}
			if len(b) == 0 {
				return bad("the logo file %q is empty", text.Truncate(part.FileName(), 100))
			}
			if req.Logo != nil {
				return bad("the form has two logo files; send one")
			}
			req.Logo = b
			continue
		}
		b, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
		if err != nil {
			return s.formError(err, again)
		}
		if len(b) > maxFieldBytes {
			return bad("the form field %q is longer than %s", text.Truncate(name, 64), service.SizeText(maxFieldBytes))
		}
		req.Params.Add(name, string(b))
	}
}

func (s *Server) formError(err error, again uploadAgain) *Problem {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return again.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the body is larger than %s; a logo file may have %s", service.SizeText(service.MaxGenerateBody), service.SizeText(service.MaxLogoBytes)), "logo")
	}
	return again.problem(service.KindInvalidParameter, http.StatusBadRequest, "the multipart/form-data body is malformed: "+err.Error(), "")
}

// uploadAgain makes the problems of an upload's body: the fix is the
// caller's upload again, as a curl call with the parameters read so far
// in its URL and the logo as a file part. With none read, there is no
// fix, and the problem shows a documented upload as its example.
type uploadAgain struct {
	s          *Server
	path, kind string
	params     url.Values // the request's, as read so far
}

func (u uploadAgain) problem(kind string, status int, detail, field string) *Problem {
	own := u.own()
	curl := func(q url.Values) string {
		return "curl -X POST '" + u.s.baseURL + u.path + "?" + q.Encode() + "' -F 'logo=@logo.png'"
	}
	if len(own) > 0 {
		return u.s.problem(kind, status, detail, field, curl(own))
	}
	return u.example(u.s.problem(kind, status, detail, field, ""), curl)
}

// withoutLogo is the problem of a logo file that cannot be taken as it
// is (too large): the same file sent again would meet it again, so the
// fix is the call without it, as for a logo that declares too many
// pixels.
func (u uploadAgain) withoutLogo(kind string, status int, detail, field string) *Problem {
	if own := u.own(); len(own) > 0 {
		return u.s.problem(kind, status, detail, field, u.s.baseURL+u.path+"?"+own.Encode())
	}
	return u.example(u.s.problem(kind, status, detail, field, ""), func(q url.Values) string {
		return u.s.baseURL + u.path + "?" + q.Encode()
	})
}

// own are the parameters read so far but the logo: the file part
// carries it, and a data URI would only swell the URL.
func (u uploadAgain) own() url.Values {
	own := url.Values{}
	for k, vs := range u.params {
		if !strings.EqualFold(k, "logo") {
			own[k] = vs
		}
	}
	return own
}

// example gives p a documented call of the endpoint, written by call.
func (u uploadAgain) example(p *Problem, call func(url.Values) string) *Problem {
	example := url.Values{"data": {"Hello"}}
	if k, ok := registry.Lookup(u.kind); ok {
		example = url.Values{}
		for name, v := range k.Example() {
			example.Set(name, v)
		}
	}
	p.Example = call(example)
	return p
}
