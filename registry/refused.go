package registry

import (
	"maps"
	"slices"
)

// Refused names the kind whose form a payload is written in and which
// refuses it (geo:52.5,200 is geo's form, with a longitude out of range;
// an EMV payload whose CRC does not match is misread), with its first
// error: the payload is not what its form promises, and a
// scanner may read it otherwise or refuse it. It is false when no kind but
// the loose ones (which read almost anything: text, a link) reads the
// payload, or when one of them accepts it. gs1 says the symbol marks the
// data as GS1's (FNC1 in first position), as the kinds that read it must.
func Refused(payload string, gs1 bool, loose ...string) (Entry, FieldError, bool) {
	var kind Entry
	var first FieldError
	for _, k := range All() {
		if slices.Contains(loose, k.Name()) {
			continue
		}
		fields, _, ok := k.Read(payload)
		if !ok {
			if e, misread := k.Misread(payload); misread && kind == nil && !gs1 {
				kind, first = k, e
			}
			continue
		}
		if k.GS1(fields) != gs1 {
			continue
		}
		_, errs := BuildRead(k, fields)
		if len(errs) == 0 {
			return nil, FieldError{}, false
		}
		if kind == nil {
			kind, first = k, errs[0]
		}
	}
	return kind, first, kind != nil
}

// BuildRead builds the fields a kind's parser read, as a call of them would:
// a stamp left out (an event's DTSTAMP, which ZXing's calendar codes and
// bare VEVENTs leave out) is the moment the code is made, so it is filled
// with a fixed one here rather than refused. The fields themselves are
// left as read.
func BuildRead(k Entry, fields map[string]string) (string, []FieldError) {
	stamped := fields
	for _, f := range k.Fields() {
		if f.Stamp && fields[f.Name] == "" {
			if len(stamped) == len(fields) {
				stamped = maps.Clone(fields) // once: the fields stay as read
			}
			stamped[f.Name] = readStamp
		}
	}
	return k.Build(stamped)
}

// readStamp is the stamp BuildRead gives a payload without one.
const readStamp = "2000-01-01T00:00:00Z"
