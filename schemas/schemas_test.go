package schemas_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/schemas"
)

// TestCommittedSchemasAreCurrent regenerates every schema in memory and
// compares it with the committed file, so that a kind's change cannot land
// without its schema.
func TestCommittedSchemasAreCurrent(t *testing.T) {
	files := schemas.Files()
	for name, want := range files {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("schemas/%s is missing (%v); run go generate ./...", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("schemas/%s is stale; run go generate ./... and commit it", name)
		}
	}
	committed, err := filepath.Glob("*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range committed {
		if _, ok := files[name]; !ok {
			t.Errorf("schemas/%s belongs to no registered kind; run go generate ./... to remove it", name)
		}
	}
}

// TestEveryKindHasASchema checks the file set against the registry, so the
// generator cannot silently skip a kind.
func TestEveryKindHasASchema(t *testing.T) {
	files := schemas.Files()
	for _, k := range registry.All() {
		b, ok := files[k.Name()+".json"]
		if !ok {
			t.Errorf("no schema file for kind %s", k.Name())
			continue
		}
		var s struct {
			ID         string                     `json:"$id"`
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s.json: %v", k.Name(), err)
		}
		if want := schemas.BaseID + k.Name() + ".json"; s.ID != want {
			t.Errorf("%s.json has $id %q, want %q (batch.json refers to it by that name)", k.Name(), s.ID, want)
		}
		for _, f := range k.Fields() {
			if _, ok := s.Properties[f.Name]; !ok {
				t.Errorf("%s.json lacks field %s", k.Name(), f.Name)
			}
		}
	}
}

// TestBatchSchema checks the batch body's shape against README "Batch, decode, verify" and the
// README "Batch, decode, verify" on batch outputs.
func TestBatchSchema(t *testing.T) {
	var s struct {
		Properties struct {
			Output struct {
				Enum    []string `json:"enum"`
				Default string   `json:"default"`
			} `json:"output"`
			Items struct {
				MaxItems int `json:"maxItems"`
			} `json:"items"`
		} `json:"properties"`
		Defs struct {
			Item struct {
				Properties map[string]struct {
					Enum []string `json:"enum"`
				} `json:"properties"`
				AllOf []json.RawMessage `json:"allOf"`
			} `json:"item"`
			Style struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"style"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schemas.Files()["batch.json"], &s); err != nil {
		t.Fatal(err)
	}
	if got, want := s.Properties.Output.Enum, []string{"url", "base64", "svg", "json", "zip"}; !slices.Equal(got, want) {
		t.Errorf("output enum %v, want %v", got, want)
	}
	if s.Properties.Output.Default != "url" {
		t.Errorf("output default %q, want url", s.Properties.Output.Default)
	}
	if s.Properties.Items.MaxItems != 1000 {
		t.Errorf("items maxItems %d, want 1000", s.Properties.Items.MaxItems)
	}
	for _, name := range []string{"data", "type", "fields", "id", "style"} {
		if _, ok := s.Defs.Item.Properties[name]; !ok {
			t.Errorf("an item has no %s", name)
		}
	}
	if got, want := s.Defs.Item.Properties["type"].Enum, registry.Names(); !slices.Equal(got, want) {
		t.Errorf("item type enum %v, want the registered kinds %v", got, want)
	}
	if len(s.Defs.Item.AllOf) != len(registry.All()) {
		t.Errorf("%d per-kind field rules, want one per kind (%d)", len(s.Defs.Item.AllOf), len(registry.All()))
	}
	for _, name := range []string{"size", "format", "color", "bg", "style", "eye", "ec", "margin"} {
		if _, ok := s.Defs.Style.Properties[name]; !ok {
			t.Errorf("style has no %s (README, Options)", name)
		}
	}
}

// TestCommittedReferenceIsCurrent holds docs/reference.md to the option
// catalogue and the kinds' declarations it is generated from.
func TestCommittedReferenceIsCurrent(t *testing.T) {
	got, err := os.ReadFile(schemas.ReferenceFile)
	if err != nil || !bytes.Equal(got, schemas.Reference()) {
		t.Errorf("docs/reference.md is missing or stale (%v); run cd schemas && go generate, and commit it", err)
	}
}

// TestReferenceTypesSayWhatOptionsTake: the reference's type column names
// the string an integer option also takes as that option reads it (size
// a length, append and version auto), and the bare type for every other option.
func TestReferenceTypesSayWhatOptionsTake(t *testing.T) {
	also := map[string]string{options.Size.Name: "integer or length", options.Append.Name: "integer or `auto`", options.Version.Name: "integer or `auto`"}
	ref := string(schemas.Reference())
	for _, o := range options.Rendering {
		want, ok := also[o.Name]
		if !ok {
			want = o.Type
		}
		row := "| `" + o.Name + "` | "
		i := strings.Index(ref, row)
		if i < 0 {
			t.Errorf("the reference has no row for %s", o.Name)
			continue
		}
		cells := strings.Split(ref[i+len(row):], " | ")
		if len(cells) < 2 || cells[1] != want {
			t.Errorf("%s: type %q, want %q", o.Name, cells[1], want)
		}
	}
}
