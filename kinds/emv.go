package kinds

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/qrforge/qrforge/registry"
)

// EMVCo Merchant-Presented Mode (EMV QR Code Specification for Payment
// Systems, Merchant-Presented Mode, "EMV QRCPS-MPM" v1.1), shared by the
// national schemes built on it: pix, paynow, promptpay, vietqr and the
// merchant-presented kinds of emvmpm.go (emvqr, qris, duitnow, sgqr, khqr,
// qrph, bharatqr). Every one writes its data objects with emvJoin and
// emvPayload; the kinds whose root follows §4's order use emvMerchant.
//
// A payload is a sequence of data objects, each a two-digit ID, a two-digit
// decimal length ("01" to "99") and that many characters of value. A
// template's value is itself a sequence of data objects. The Payload Format
// Indicator (ID "00") comes first and the CRC (ID "63") last; the spec
// fixes no other order, and each scheme's own documents and reference
// implementations are followed for it. The EMVCo text is not in the stored
// corpus: these rules are the ones every scheme document that restates them
// agrees on (NAPAS QR Switching v1.5.2 §5, the BCB Manual do BR Code).

// emvMaxValue is the largest value a data object can hold: its length has
// two decimal digits.
const emvMaxValue = 99

// emvObject is one data object: its two-digit ID and its value.
type emvObject struct{ id, value string }

// emvObjects is a sequence of data objects, a payload's root or a
// template's value.
type emvObjects []emvObject

// emvLength counts a value's characters, the unit of the length field.
// The kinds here keep values ASCII, where characters and bytes agree.
func emvLength(s string) int { return utf8.RuneCountInString(s) }

// emvJoin writes data objects as ID, length and value. An object with an
// empty value is an absent optional field and is left out. Values over 99
// characters are refused by each kind's Check; emvJoin panics on one, as
// an encoder that wrote it would produce a payload no reader can split.
func emvJoin(objs ...emvObject) string {
	var b strings.Builder
	for _, o := range objs {
		if o.value == "" {
			continue
		}
		n := emvLength(o.value)
		if n > emvMaxValue || len(o.id) != 2 {
			panic(fmt.Sprintf("emv: data object %q has %d characters", o.id, n))
		}
		b.WriteString(o.id)
		b.WriteString(fmt.Sprintf("%02d", n))
		b.WriteString(o.value)
	}
	return b.String()
}

// emvPayload writes the root data objects and closes them with the CRC
// data object: ID "63", length "04" and the CRC of everything before it,
// "6304" included, as four upper-case hex digits (EMV QRCPS-MPM, ID "63").
func emvPayload(objs ...emvObject) string {
	body := emvJoin(objs...) + "6304"
	return body + fmt.Sprintf("%04X", crc16CCITTFalse(body))
}

// crc16CCITTFalse is the CRC the EMV QRCPS-MPM data object "63" carries:
// ISO/IEC 13239 with polynomial 0x1021 and initial value 0xFFFF, no
// reflection and no final XOR (the catalogue name CRC-16/CCITT-FALSE; check
// value 0x29B1 for "123456789"). It is a dozen lines and the heart of every
// EMV payload, so it is written here rather than imported.
func crc16CCITTFalse(s string) uint16 {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// emvSplit reads a sequence of data objects. It reports false when the
// sequence does not split exactly into ID, length and value.
func emvSplit(s string) (emvObjects, bool) {
	r := []rune(s)
	var out emvObjects
	for i := 0; i < len(r); {
		if i+4 > len(r) || !allDigits(string(r[i:i+4])) {
			return nil, false
		}
		n, _ := strconv.Atoi(string(r[i+2 : i+4]))
		if n == 0 || i+4+n > len(r) {
			return nil, false
		}
		out = append(out, emvObject{id: string(r[i : i+2]), value: string(r[i+4 : i+4+n])})
		i += 4 + n
	}
	return out, len(out) > 0
}

// emvParse reads a payload's root data objects. It reports false unless
// the payload starts with the Payload Format Indicator, ends with the CRC
// data object and that CRC matches; the CRC object itself is not returned.
// Lower-case hex digits are accepted on reading.
func emvParse(p string) (emvObjects, bool) {
	if !strings.HasPrefix(p, "00") || len(p) < 8 || p[len(p)-8:len(p)-4] != "6304" {
		return nil, false
	}
	sum, err := strconv.ParseUint(p[len(p)-4:], 16, 16)
	if err != nil || uint16(sum) != crc16CCITTFalse(p[:len(p)-4]) {
		return nil, false
	}
	objs, ok := emvSplit(p[:len(p)-8])
	if !ok || objs[0].id != "00" {
		return nil, false
	}
	return objs, true
}

// emvMisread says why a payload that opens as an EMV merchant-presented
// code (Payload Format Indicator 01) is none: its CRC data object, ID 63,
// is missing or does not match what the characters before it give. Every
// payment app checks it, so such a code is refused on scanning.
func emvMisread(p string) (registry.FieldError, bool) {
	if !strings.HasPrefix(p, "000201") || len(p) < 14 {
		return registry.FieldError{}, false
	}
	if p[len(p)-8:len(p)-4] != "6304" {
		return registry.FieldError{Field: "crc", Detail: "an EMV payload ends with its CRC data object, 6304 and four hex digits (EMV QRCPS-MPM, ID 63); this one does not"}, true
	}
	body, sum := p[:len(p)-4], p[len(p)-4:]
	want := fmt.Sprintf("%04X", crc16CCITTFalse(body))
	if got, err := strconv.ParseUint(sum, 16, 16); err != nil || uint16(got) != crc16CCITTFalse(body) {
		return registry.FieldError{Field: "crc", Detail: fmt.Sprintf("its CRC (EMV QRCPS-MPM, ID 63, CRC-16/CCITT-FALSE) is %s, and the characters before it give %s: the payload was changed after its CRC was computed, and payment apps refuse it", sum, want)}, true
	}
	return registry.FieldError{}, false
}

// get returns the value of the first data object with the ID.
func (o emvObjects) get(id string) string {
	for _, x := range o {
		if x.id == id {
			return x.value
		}
	}
	return ""
}

// template finds the merchant account information template (IDs "26" to
// "51") whose Globally Unique Identifier, its data object "00", is gui
// (compared without regard to case, as reverse domain names are), and
// returns the template's data objects.
func (o emvObjects) template(gui string) (emvObjects, bool) {
	for _, x := range o {
		if x.id < "26" || x.id > "51" {
			continue
		}
		sub, ok := emvSplit(x.value)
		if ok && strings.EqualFold(sub.get("00"), gui) {
			return sub, true
		}
	}
	return nil, false
}

// emvTemplateLength is the length of a template's value: each present
// object's ID, length field and value.
func emvTemplateLength(objs ...emvObject) int {
	n := 0
	for _, o := range objs {
		if o.value != "" {
			n += 4 + emvLength(o.value)
		}
	}
	return n
}

// emvText checks a text data object such as the merchant name (ID "59") or
// city (ID "60"). EMV QRCPS-MPM gives these the "ans" format, the printable
// ASCII characters; Latin letters with accents are written without them
// (São Paulo → Sao Paulo), as Brazilian banks and the other schemes' apps
// do, so that a length in characters is also one in bytes. A character
// with no ASCII form is refused with a fix that leaves it out. A value
// over max characters is refused without a fix (emvTooLong). rule cites
// the clause.
func emvText(field, value string, max int, rule string) (string, *registry.FieldError) {
	// Trimmed again after folding: a lone combining mark leaves a space.
	folded := strings.TrimSpace(asciiFold(strings.TrimSpace(value)))
	printable := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e {
			return -1
		}
		return r
	}, spacedLineBreaks(folded))
	switch {
	case printable != folded:
		return "", &registry.FieldError{Field: field, Detail: field + " has characters with no ASCII form; EMV QRCPS-MPM text is printable ASCII (" + rule + ")", Fix: truncateBytes(printable, max)}
	case len(folded) > max:
		return "", &registry.FieldError{Field: field, Detail: field + " is at most " + itoa(max) + " characters; this one has " + itoa(len(folded)) + " (" + rule + ")" + emvTooLong}
	}
	return folded, nil
}

// emvTooLong says why a text past its data object's length has no fix: a
// fix cut to fit ended a message mid-word ("Invoice 42 for the repair of
// the Inv"), another text than the caller's, and a name cut to fit names
// another payee. Which words to leave out only the caller can tell.
const emvTooLong = "; what to leave out is yours to choose, so there is no fix"

// emvTextField is a text data object for emvTexts: the field, where its
// value lives (normalised in place), its most characters and the clause.
// example, when set, makes the field required: a value empty once trimmed
// is refused with the example as the fix.
type emvTextField struct {
	name    string
	value   *string
	max     int
	rule    string
	example string
}

// emvTexts checks text data objects with emvText and writes the
// normalised values back.
func emvTexts(fields ...emvTextField) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range fields {
		v, err := emvText(f.name, *f.value, f.max, f.rule)
		switch {
		case err != nil && err.Fix == "" && f.example != "" && !strings.HasSuffix(err.Detail, emvTooLong):
			// Nothing of a required value survives: offer the example.
			err.Fix = f.example
			errs = append(errs, *err)
		case err != nil:
			errs = append(errs, *err)
		case v == "" && f.example != "":
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is empty once trimmed (" + f.rule + ")", Fix: f.example})
		default:
			*f.value = v
		}
	}
	return errs
}

// asciiAlnum keeps the ASCII letters and digits of s, accents removed
// first: the suggestion for a field of that alphabet.
func asciiAlnum(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return r
		}
		return -1
	}, asciiFold(s))
}

// asciiFold writes Latin letters without their accents: canonical
// decomposition (golang.org/x/text/unicode/norm) with the combining marks
// removed, and the few letters that do not decompose spelled out.
func asciiFold(s string) string {
	if isASCII(s) {
		return s
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		return s
	}
	return unaccented.Replace(out)
}

// unaccented spells the Latin letters that have no canonical decomposition.
var unaccented = strings.NewReplacer(
	"Đ", "D", "đ", "d", "Ð", "D", "ð", "d", "Ø", "O", "ø", "o", "Ł", "L", "ł", "l",
	"Æ", "AE", "æ", "ae", "Œ", "OE", "œ", "oe", "ß", "ss", "Þ", "TH", "þ", "th",
)

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// emvParseNotKept makes a kind's EMV parser a registry.Kind.ParseNotKept:
// the fields read are checked and written again, and the data objects of
// the payload the new one has no place for are named (emvNotKept). Fields
// its check refuses name nothing: decode does not name the kind then.
func emvParseNotKept[F any](parse func(string) (F, bool), check func(*F) []registry.FieldError, encode func(F) string) func(string) (F, []string, bool) {
	return func(payload string) (F, []string, bool) {
		f, ok := parse(payload)
		if !ok {
			return f, nil, false
		}
		g := f
		if len(check(&g)) > 0 {
			return f, nil, true
		}
		return f, emvNotKept(payload, encode(g)), true
	}
}

// emvNotKept names, as written (ID, length and value), the data objects of
// payload that rebuilt, the payload its fields write, does not carry: a
// root object whose ID rebuilt lacks (a merchant account template,
// IDs 26 to 51, is matched by its Globally Unique Identifier instead, as
// a kind may write it under another ID), and within a template both
// carry (26 to 51, the Additional Data Field Template 62, the Merchant
// Information Language Template 64 and 80 to 99, EMV QRCPS-MPM v1.1
// §4.1) a sub-object whose ID the rebuilt template lacks. An ID given n
// times is carried n times; a point of initiation 11 is carried by a
// payload without one. Values are compared by ID only: one the
// fields spell otherwise is carried. The CRC (ID 63) is not named.
func emvNotKept(payload, rebuilt string) []string {
	if len(payload) < 8 || len(rebuilt) < 8 {
		return nil
	}
	// Both end with the CRC object, "6304" and four hex digits.
	root, ok := emvSplit(payload[:len(payload)-8])
	again, ok2 := emvSplit(rebuilt[:len(rebuilt)-8])
	if !ok || !ok2 {
		return nil
	}
	left := notKept{}
	emvUnmatched(root, again, 0, true, left)
	return left.list()
}

// emvUnmatched adds to left the objects of objs, whose text starts at the
// character at, that again does not carry; at the root (root set) the
// objects both carry that are templates are compared the same way.
func emvUnmatched(objs, again emvObjects, at int, root bool, left notKept) {
	key := func(o emvObject) string {
		if root && o.id >= "26" && o.id <= "51" {
			if sub, ok := emvSplit(o.value); ok && sub[0].id == "00" {
				return "gui " + strings.ToLower(sub[0].value)
			}
		}
		return o.id
	}
	pool := map[string][]emvObject{}
	for _, o := range again {
		pool[key(o)] = append(pool[key(o)], o)
	}
	for _, o := range objs {
		text := o.id + fmt.Sprintf("%02d", emvLength(o.value)) + o.value
		k := key(o)
		match := pool[k]
		switch {
		case len(match) == 0 && root && o.id == "01" && o.value == "11":
			// A reusable code (§4.2.2), as one without ID 01 is: a
			// static Pix leaves it out (pix.go).
		case len(match) == 0:
			left[at] = text
		case root && emvTemplateID(o.id):
			sub, ok := emvSplit(o.value)
			subAgain, ok2 := emvSplit(match[0].value)
			if ok && ok2 {
				emvUnmatched(sub, subAgain, at+4, false, left)
			}
			fallthrough
		default:
			pool[k] = match[1:]
		}
		at += emvLength(text)
	}
}

// emvTemplateID reports whether a root ID is a template's (§4.1).
func emvTemplateID(id string) bool {
	return id >= "26" && id <= "51" || id == "62" || id == "64" || id >= "80"
}
