package service

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/qrforge/qrforge/internal/text"
)

// imageMember is the one member of a JSON body to decode, as qr_decode's
// argument: the image file in base64 or a data URI.
const imageMember = "image"

// MaxImageJSON bounds a JSON body to decode: an upload of MaxUpload bytes
// in base64, grown by a third, with room for the data URI's header.
func (s *Service) MaxImageJSON() int64 { return s.MaxUpload*4/3 + 4<<10 }

// ImageJSON reads the image of a JSON body to decode, {"image": "<base64
// or data URI>"}, as scripts and agents send files. Any other member is
// refused, as it would be ignored; so is a body that is no such object.
func (s *Service) ImageJSON(body []byte) ([]byte, *Problem) {
	such := `{"image": "data:image/png;base64,iVBORw0KGgo..."}`
	fix := s.DecodeCurl("image/png", "code.png") + "  # or -H 'Content-Type: application/json' -d " + shellQuote(such)
	refuse := func(detail, field string) *Problem {
		return s.Problem(KindInvalidParameter, detail, field, fix)
	}
	if detail := bodyNotUTF8(body); detail != "" {
		return nil, refuse(detail, "body")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil || members == nil {
		detail := "the body must be a JSON object such as " + such
		if err != nil {
			detail = jsonErrorDetail(body, err, "holding the image") + "; send " + such
		}
		return nil, refuse(detail, "body")
	}
	var others []string
	for name := range members {
		if name != imageMember {
			others = append(others, name)
		}
	}
	if len(members) == 1 && len(others) == 1 {
		// One member holding an image file, under any name ("file",
		// "base64"), is the image, as a multipart file is under any
		// field name.
		if b, tooLarge, ok := s.imageUnder(members[others[0]]); ok {
			return b, tooLarge
		}
	}
	if len(others) > 0 {
		slices.Sort(others)
		return nil, refuse(fmt.Sprintf("a JSON body to decode holds the image file under %q alone (base64 or a data URI), and would ignore %s; decode takes no parameters: it always reads the whole image, inverted codes, Micro QR and rMQR codes", imageMember, quoteAll(others)), others[0])
	}
	var encoded string
	if json.Unmarshal(members[imageMember], &encoded) != nil || encoded == "" {
		return nil, refuse(fmt.Sprintf("%s must be the image file (PNG, JPEG, GIF, WebP or SVG) as a base64 string or a data: URI", imageMember), imageMember)
	}
	b, tooLarge, err := s.ImageText(encoded)
	if tooLarge != nil {
		return nil, tooLarge
	}
	if err != nil {
		return nil, refuse(fmt.Sprintf("%s is neither base64 nor a data: URI (%s): %s", imageMember, text.Truncate(strings.TrimSpace(encoded), 32), err), imageMember)
	}
	if len(b) == 0 {
		return nil, refuse(imageMember+" holds no bytes; send the image file", imageMember)
	}
	return b, nil
}

// imageUnder is the image file a JSON member holds: a string in base64 or
// a data: URI whose bytes begin as an image file does, held to MaxUpload
// as ImageText holds it (tooLarge).
func (s *Service) imageUnder(raw json.RawMessage) (file []byte, tooLarge *Problem, ok bool) {
	var encoded string
	if json.Unmarshal(raw, &encoded) != nil || encoded == "" {
		return nil, nil, false
	}
	return s.imageInText(encoded)
}

// imageInText is the image file encoded holds, in base64, a data: URI or
// as SVG markup, when its bytes begin as an image file does.
func (s *Service) imageInText(encoded string) (file []byte, tooLarge *Problem, ok bool) {
	b, tooLarge, err := s.ImageText(encoded)
	if tooLarge != nil {
		return nil, tooLarge, true
	}
	if err != nil || !looksLikeImage(b) {
		return nil, nil, false
	}
	return b, nil, true
}

// ImageInField is the image file a form's text field holds: the file's
// own bytes (curl -F 'image=<code.png' sends them without a file name),
// or its text in base64, a data: URI or SVG markup, as a script appends
// it to a form. Such a field is the image, as a JSON body's one member
// holding one is. Held to MaxUpload (tooLarge).
func (s *Service) ImageInField(value []byte) (file []byte, tooLarge *Problem, ok bool) {
	if looksLikeImage(value) && !looksLikeXML(value) {
		if int64(len(value)) > s.MaxUpload {
			return nil, s.imageFileTooLarge(), true
		}
		return value, nil, true
	}
	if !utf8.Valid(value) {
		return nil, nil, false
	}
	return s.imageInText(string(value))
}

// MayHoldImage reports whether a form field whose value begins with
// prefix may hold an image file (ImageInField): so that only such a
// field is read whole. It looks at the file's signature, as bytes, as
// the start of a data: URI or SVG markup, or in its first 16 base64
// characters, which hold 12 bytes: a WebP's "RIFF....WEBP".
func MayHoldImage(prefix []byte) bool {
	if looksLikeImage(prefix) {
		return true
	}
	t := bytes.TrimSpace(prefix)
	if len(t) >= 5 && strings.EqualFold(string(t[:5]), "data:") {
		return true
	}
	if len(t) < 16 {
		return false
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		if b, err := enc.DecodeString(string(t[:16])); err == nil && looksLikeImage(b) {
			return true
		}
	}
	return false
}

// looksLikeImage reports whether b begins as a file decode reads does:
// a logo's formats by their signatures, and GIF ("GIF87a", "GIF89a").
func looksLikeImage(b []byte) bool {
	return sniffLogo(b) != "" || bytes.HasPrefix(b, []byte("GIF8"))
}
