package server_test

import (
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
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

// A drop-in's problem quotes only what the caller sent: an option given
// under the API's name and qrforge's is quoted under both as they were
// written (chs="150x150", not the size read from it), and goQR's default
// quiet zone, which the call did not give, is never named. qrforge's
// quiet on goQR's path, where qzone gives the quiet zone, is fixed to
// qzone; the same value under both names is read once.
func TestDropinProblemsQuoteOnlyWhatWasSent(t *testing.T) {
	quoted := regexp.MustCompile(`([A-Za-z][\w-]*)="([^"]*)"`)
	for _, c := range []struct {
		call, field string
		fixed       string // a parameter the fix gives, "" for no fix
	}{
		{"/v1/create-qr-code/?data=Hi&quiet=2", "quiet", "qzone=2"},
		{"/v1/create-qr-code/?data=Hi&quietzone=500", "quietzone", "qzone=100"},
		{"/v1/create-qr-code/?data=Hi&qzone=1&quiet=2", "qzone", ""},
		{"/v1/create-qr-code/?data=Hi&size=300x300&s=200", "size", ""},
		{"/v1/create-qr-code/?data=Hi&ecc=H&ec=M", "ecc", ""},
		{"/chart?cht=qr&chs=150x150&chl=Hi&width=300", "chs", ""},
		{"/chart?cht=qr&chs=150x150&chl=Hi&chld=L|2&quiet=3", "chld", ""},
		{"/qr?text=Hi&captionFontFamily=monospace&font=bold&caption=Hey", "captionFontFamily", ""},
	} {
		u, err := url.Parse(c.call)
		if err != nil {
			t.Fatal(err)
		}
		sent := u.Query()
		p := readProblem(t, get(t, c.call), http.StatusBadRequest, "invalid-parameter")
		if p.Field != c.field {
			t.Errorf("%s: field %q, want %q (%s)", c.call, p.Field, c.field, p.Detail)
		}
		for _, m := range quoted.FindAllStringSubmatch(p.Detail, -1) {
			if !slices.ContainsFunc(slices.Collect(maps.Keys(sent)), func(k string) bool { return strings.EqualFold(k, m[1]) && sent.Get(k) == m[2] }) {
				t.Errorf("%s: the problem quotes %s=%q, which the call did not send: %s", c.call, m[1], m[2], p.Detail)
			}
		}
		switch {
		case c.fixed == "" && p.Fix != "":
			t.Errorf("%s: fix %s; which value is meant is the caller's to say", c.call, p.Fix)
		case c.fixed != "" && !strings.Contains(p.Fix, c.fixed):
			t.Errorf("%s: fix %q, want one with %s", c.call, p.Fix, c.fixed)
		case c.fixed != "":
			if rec := follow(t, p); rec.Code != http.StatusOK {
				t.Errorf("%s: the fix %s answers %d", c.call, p.Fix, rec.Code)
			}
		}
	}
	for _, call := range []string{
		"/v1/create-qr-code/?data=Hi&qzone=2&quiet=2",
		"/chart?cht=qr&chs=300x300&chl=Hi&width=300",
		"/chart?cht=qr&chs=150x150&chl=Hi&chld=L|2&quiet=2",
		"/qr?text=Hi&quiet=2",
	} {
		if rec := get(t, call); rec.Code != http.StatusOK {
			t.Errorf("%s: %d, want the one value read once; %s", call, rec.Code, rec.Body.String())
		}
	}
}
