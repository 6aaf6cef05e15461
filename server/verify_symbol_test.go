package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

// Verify's answer for a Micro QR Code or an rMQR fits the schema the
// OpenAPI document gives it: M1 has no error-correction level (ISO/IEC
// 18004:2015 §6.5.1, Table 8), so its ec is "none", as X-QR-EC and the
// JSON matrix say, and the symbol and designator that name these symbols
// are described members.
func TestVerifyAnswerFitsItsSchemaForMicroAndRMQR(t *testing.T) {
	schema := verificationSchema()
	props := schema["properties"].(obj)
	h := describedHandler()
	for _, q := range []string{"data=12345&symbol=micro", "data=LOT-4711&symbol=rmqr&rmqrheight=7"} {
		resp := serve(h, httptest.NewRequest(http.MethodGet, "/api/v1/verify?robustness=off&"+q, nil))
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", q, resp.StatusCode, body)
		}
		var answer map[string]any
		if err := json.Unmarshal(body, &answer); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"symbol", "designator"} {
			if _, ok := answer[name]; !ok {
				t.Errorf("%s: the answer has no %s: %s", q, name, body)
			}
		}
		for name := range answer {
			if _, ok := props[name]; !ok {
				t.Errorf("%s: the answer's %q is not in the schema", q, name)
			}
		}
		ec, _ := answer["ec"].(string)
		if enum, _ := props["ec"].(obj)["enum"].([]string); !slices.Contains(enum, ec) {
			t.Errorf("%s: ec %q is not one of the schema's %v", q, ec, enum)
		}
	}
}
