package server_test

import (
	"net/http"
	"net/url"
	"testing"
)

// A drop-in's size or level that says nothing of what was meant is fixed
// to the API's documented default, as that API would draw the call
// (goqr.me/api/doc/create-qr-code: 200x200 and L; QuickChart: 150 and M,
// H with a centre image; Google: chld's L), never to qrforge's own, and
// the fix answers.
func TestDropinFixesTakeTheAPIsDefaults(t *testing.T) {
	for _, c := range []struct {
		call, field, option, want string
	}{
		{"/v1/create-qr-code/?data=Hi&size=abc", "size", "size", "200"},
		{"/v1/create-qr-code/?data=Hi&size=axb", "size", "size", "200"},
		{"/v1/create-qr-code/?data=Hi&ecc=X", "ecc", "ec", "L"},
		{"/qr?text=Hi&size=abc", "size", "size", "150"},
		{"/qr?text=Hi&ecLevel=X", "ecLevel", "ec", "M"},
		{"/qr?text=Hi&ecLevel=X&centerImageUrl=wifi&size=300", "ecLevel", "ec", "H"},
		{"/chart?cht=qr&chs=150x150&chl=Hi&chld=X", "chld", "ec", "L"},
		{"/chart?cht=qr&chs=150x150&chl=Hi&chld=X|2", "chld", "ec", "L"},
	} {
		p := readProblem(t, get(t, c.call), http.StatusBadRequest, "invalid-parameter")
		if p.Field != c.field {
			t.Errorf("%s: field %q, want %q", c.call, p.Field, c.field)
		}
		u, err := url.Parse(p.Fix)
		if err != nil || p.Fix == "" {
			t.Errorf("%s: fix %q", c.call, p.Fix)
			continue
		}
		if got := u.Query().Get(c.option); got != c.want {
			t.Errorf("%s: fix %s, whose %s is %q; want %q, the API's default", c.call, p.Fix, c.option, got, c.want)
		}
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("%s: the fix %s answers %d", c.call, p.Fix, rec.Code)
		}
	}
	// qrforge's own API keeps its own: the size's example and the level
	// chosen for the data.
	p := readProblem(t, get(t, "/api/v1/qr?data=Hi&size=abc&ec=X"), http.StatusBadRequest, "invalid-parameter")
	u, _ := url.Parse(p.Fix)
	if q := u.Query(); q.Get("size") != "512" || q.Has("ec") {
		t.Errorf("/api/v1/qr: fix %s, want size=512 and no ec", p.Fix)
	}
}
