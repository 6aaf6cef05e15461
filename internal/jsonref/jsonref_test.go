package jsonref

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestInline(t *testing.T) {
	doc := `{"components":{"schemas":{"a/b":{"type":"string"},"list":{"items":{"$ref":"#/components/schemas/a~1b"}}}},
	"paths":{"x":{"schema":{"$ref":"#/components/schemas/list","description":"kept"}},"n":{"$ref":"#/components/schemas/a~1b/type"}}}`
	got, err := Inline([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	json.Unmarshal(got, &v)
	paths := v["paths"].(map[string]any)
	want := map[string]any{"schema": map[string]any{"items": map[string]any{"type": "string"}, "description": "kept"}}
	if !reflect.DeepEqual(paths["x"], want) {
		t.Errorf("x: %v, want %v", paths["x"], want)
	}
	if paths["n"] != "string" {
		t.Errorf("n: %v, want the string the pointer names", paths["n"])
	}
	for _, bad := range []string{`{"a":{"$ref":"#/b"},"b":{"$ref":"#/a"}}`, `{"a":{"$ref":"#/nothing"}}`} {
		if _, err := Inline([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
