package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

// shout is a throwaway kind declared only here: it proves that a kind is
// one declaration, with routes, listing and schema all derived from it.
type shout struct {
	Word string `json:"word" validate:"required,max=10" jsonschema_description:"A word to shout."`
}

func TestAddingAKindTouchesNoOtherFile(t *testing.T) {
	registry.Register(registry.Kind[shout]{
		Name:     "shout",
		Summary:  "A word in capitals",
		Standard: registry.Standard{Name: "qrforge test kind"},
		Examples: []shout{{Word: "hello"}},
		Encode:   func(s shout) string { return strings.ToUpper(s.Word) + "!" },
	})
	defer registry.Unregister("shout")
	h := server.New(server.Config{BaseURL: "http://qr.test"})

	get := func(target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		return rec
	}

	// The route exists and renders.
	if rec := get("/api/v1/shout?word=hey"); rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("GET /api/v1/shout: %d %s", rec.Code, rec.Body)
	}
	// Its payload endpoint applies the encoder.
	rec := get("/api/v1/shout/payload?word=hey")
	var payload struct{ Kind, Payload string }
	if err := json.Unmarshal(rec.Body.Bytes(), &payload); err != nil || payload.Payload != "HEY!" || payload.Kind != "shout" {
		t.Fatalf("payload: %d %s", rec.Code, rec.Body)
	}
	// Validation comes from its tags. No fix can be made from a word too
	// long, so none is offered; its example is shown apart, and works.
	rec = get("/api/v1/shout?word=waytoolongforit")
	var problem server.Problem
	if err := json.Unmarshal(rec.Body.Bytes(), &problem); err != nil || rec.Code != 400 || problem.Field != "word" {
		t.Fatalf("bad word: %d %s", rec.Code, rec.Body)
	}
	if problem.Fix != "" {
		t.Fatalf("fix %s invents a word", problem.Fix)
	}
	if example := strings.TrimPrefix(problem.Example, "http://qr.test"); example == "" || get(example).Code != 200 {
		t.Fatalf("example %q does not work", problem.Example)
	}
	// It is listed, and its schema is served.
	if body := get("/api/v1/kinds").Body.String(); !strings.Contains(body, `"name":"shout"`) {
		t.Fatalf("kinds list lacks shout: %s", body)
	}
	rec = get("/api/v1/kinds/shout")
	var described struct {
		Schema struct {
			Required   []string                   `json:"required"`
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"schema"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &described); err != nil {
		t.Fatal(err)
	}
	if _, ok := described.Schema.Properties["word"]; !ok || len(described.Schema.Required) != 1 || described.Schema.Required[0] != "word" {
		t.Fatalf("schema: %s", rec.Body)
	}
}
