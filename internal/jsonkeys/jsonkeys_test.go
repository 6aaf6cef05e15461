package jsonkeys

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func TestFirstDuplicate(t *testing.T) {
	tests := []struct {
		name          string
		doc           string
		opaque        []string
		path          string // "" for none
		first, second string
	}{
		{"none", `{"data":"a","size":300,"style":{"size":1},"items":[{"data":"a"},{"data":"a"}]}`, nil, "", "", ""},
		{"top level", `{"data":"hello","data":"bye"}`, nil, "data", `"hello"`, `"bye"`},
		{"same value", `{"data":"a","data":"a"}`, nil, "", "", ""},
		{"same value, other spaces", `{"style":{"size":300},"style":{ "size" : 300 }}`, nil, "", "", ""},
		{"same value, then another", `{"a":[ 1 ],"a":[1],"a":[1],"a":[2]}`, nil, "a", `[1]`, `[2]`},
		{"a number and its string", `{"size":300,"size":"300"}`, nil, "size", `300`, `"300"`},
		{"an escape of the same key", `{"data":"a","d\u0061ta":"b"}`, nil, "data", `"a"`, `"b"`},
		{"keys differ in case", `{"data":"a","Data":"b"}`, nil, "", "", ""},
		{"objects", `{"style":{"size":300},"style":{"color":"red"},"items":[{"data":"a"}]}`, nil, "style", `{"size":300}`, `{"color":"red"}`},
		{"nested", `{"items":[{"type":"wifi","fields":{"ssid":"A","ssid":"B","password":"abcdefgh1"}}]}`, nil, "items[0].fields.ssid", `"A"`, `"B"`},
		{"second item", `{"items":[{"data":"a"},{"data":"b","id":"x","id":"y"}]}`, nil, "items[1].id", `"x"`, `"y"`},
		{"opaque member", `{"items":[{"data":"a","data":"b"}]}`, []string{"items"}, "", "", ""},
		{"opaque member twice", `{"items":[{"data":"a"}],"items":[{"data":"b"}]}`, []string{"items"}, "items", `[{"data":"a"}]`, `[{"data":"b"}]`},
		{"opaque only at the top", `{"style":{"items":{"a":1,"a":2}}}`, []string{"items"}, "style.items.a", `1`, `2`},
		{"first of several", `{"a":1,"b":{"c":1,"c":2},"a":2}`, nil, "b.c", `1`, `2`},
		{"huge number", `{"size":1e999,"size":2}`, nil, "size", `1e999`, `2`},
		{"not JSON", `{"data":"a","data":`, nil, "", "", ""},
		{"not an object", `[1,1]`, nil, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := FirstDuplicate([]byte(tt.doc), tt.opaque...)
			switch {
			case tt.path == "" && d != nil:
				t.Errorf("found %+v, want none", d)
			case tt.path != "" && d == nil:
				t.Errorf("found none, want %s", tt.path)
			case d != nil && (d.Path != tt.path || d.First != tt.first || d.Second != tt.second):
				t.Errorf("found %s (%s, %s), want %s (%s, %s)", d.Path, d.First, d.Second, tt.path, tt.first, tt.second)
			}
		})
	}
}

// distinctKeys is an object of n distinct keys, each holding an object of
// two.
func distinctKeys(n int) []byte {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d":{"a":%d,"b":"v"}`, i, i)
	}
	b.WriteString("}")
	return []byte(b.String())
}

// A body of many distinct keys is read in one pass, with one set of keys
// an object: the bytes it allocates grow with the keys, not with their
// square (eight times the keys, at most twelve times the bytes; a copy of
// the keys so far at each key would be sixty-four), and a duplicate after
// all of them is still found.
func TestFirstDuplicateIsLinear(t *testing.T) {
	allocated := func(doc []byte) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if d := FirstDuplicate(doc); d != nil {
			t.Fatalf("found %+v among distinct keys", d)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	const n = 5_000
	wide := distinctKeys(8 * n)
	small, large := allocated(distinctKeys(n)), allocated(wide)
	if small == 0 || large > 12*small {
		t.Errorf("%d keys allocate %d bytes, %d keys %d: more than linear", n, small, 8*n, large)
	}
	last := append(wide[:len(wide)-1:len(wide)-1], `,"k0":{"a":0,"b":"w"}}`...)
	if d := FirstDuplicate(last); d == nil || d.Path != "k0" {
		t.Errorf("a duplicate after %d keys: found %+v, want k0", 8*n, d)
	}
}
