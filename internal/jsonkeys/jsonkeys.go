// Package jsonkeys finds what encoding/json reads from a JSON text without
// a word: keys given twice, of which it keeps the last value, and escaped
// halves of surrogate pairs, which it reads as U+FFFD.
package jsonkeys

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/qrforge/qrforge/internal/text"
)

// Duplicate is a key that one object of a JSON text gives twice with
// different values. encoding/json would keep the last value and drop the
// first, where qrforge refuses a query parameter given two values.
type Duplicate struct {
	Path          string // as a problem's field: style.size, fields.ssid
	First, Second string // the values as written, compacted
}

// Detail says what is wrong, naming the key by where, its path in the
// body. No fix goes with it: which value the caller meant is theirs to
// say, and a fix that dropped one would be the silent choice refused here.
func (d *Duplicate) Detail(where string) string {
	return fmt.Sprintf("%s is given twice with different values (%s and %s); give it once, keeping the value you mean, as qrforge does not choose between them",
		where, text.Truncate(d.First, 64), text.Truncate(d.Second, 64))
}

// level is an object or array being read.
type level struct {
	object  bool
	checked bool // its keys are looked at (not under an opaque member)
	wantKey bool // an object's next string is a key
	// keys holds, for each key of an object so far, where its value lies
	// in the text; made at the first key.
	keys map[string]span
	// compacted holds the first value of each key given again, compacted
	// once however often the key is repeated; made at the first repeat.
	compacted map[string]string
	key       string // the member being read
	from      int64  // where that member's value starts, its ':' included
	// index is an array's element being read.
	index int
}

type span struct{ from, to int64 }

// FirstDuplicate returns the first key that an object of doc, at any
// depth, gives twice with different values; nil when none does. doc must
// be valid JSON: on an error it returns nil, and the reader that decodes
// doc says what is wrong. The values of the outermost object's members
// named in opaque are not looked into (a batch's items, each checked on
// its own). The same value twice is accepted, as a query accepts
// data=a&data=a; the same means the same JSON text, spaces between tokens
// aside.
//
// One pass over doc's tokens: each object keeps one set of its keys, so
// the time is linear in doc's length, however many keys it has.
func FirstDuplicate(doc []byte, opaque ...string) *Duplicate {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber() // 1e999 is a number, not an error
	var stack []level
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		delim, isDelim := tok.(json.Delim)
		switch {
		case isDelim && (delim == '}' || delim == ']'):
			stack = stack[:len(stack)-1]
		case len(stack) > 0 && stack[len(stack)-1].wantKey:
			top := &stack[len(stack)-1]
			top.key, _ = tok.(string)
			top.from, top.wantKey = dec.InputOffset(), false
			continue
		case isDelim:
			checked := len(stack) == 0
			if n := len(stack); n > 0 {
				parent := stack[n-1]
				checked = parent.checked && !(n == 1 && parent.object && slices.Contains(opaque, parent.key))
			}
			stack = append(stack, level{object: delim == '{', wantKey: delim == '{', checked: checked})
			continue
		}
		// A value has ended: a scalar, or the object or array just closed.
		if len(stack) == 0 {
			return nil
		}
		top := &stack[len(stack)-1]
		if !top.object {
			top.index++
			continue
		}
		top.wantKey = true
		if !top.checked {
			continue
		}
		value := span{top.from, dec.InputOffset()}
		earlier, given := top.keys[top.key]
		if !given {
			if top.keys == nil {
				top.keys = map[string]span{}
			}
			top.keys[top.key] = value
			continue
		}
		first, compacted := top.compacted[top.key]
		if !compacted {
			if top.compacted == nil {
				top.compacted = map[string]string{}
			}
			first = compactValue(doc, earlier)
			top.compacted[top.key] = first
		}
		if second := compactValue(doc, value); first != second {
			return &Duplicate{Path: jsonPath(stack), First: first, Second: second}
		}
	}
}

// compactValue is a member's value as JSON text without spaces between
// tokens; the span starts at the member's ':'.
func compactValue(doc []byte, s span) string {
	raw := bytes.TrimLeft(doc[s.from:s.to], " \t\r\n:")
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// jsonPath names the member being read at the innermost level, as
// problems name fields: style.size, items[0].fields.ssid.
func jsonPath(stack []level) string {
	path := ""
	for _, l := range stack {
		if !l.object {
			path += "[" + strconv.Itoa(l.index) + "]"
			continue
		}
		if path != "" {
			path += "."
		}
		path += l.key
	}
	return path
}
