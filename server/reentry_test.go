package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoAdapterReentersTheEngine: a gin handler, an MCP tool or a page
// calls the service core (package service) directly; none builds a request
// to serve through the HTTP engine in-process, which would run the
// middleware twice and need "is this internal" checks (README "Layout").
// It reads the non-test Go files of server/, mcp/ and web/ and refuses
// net/http/httptest, http.NewRequest, gin's HandleContext and any
// ServeHTTP call but the one that hands a mounted handler the request
// being served (c.Writer, c.Request).
func TestNoAdapterReentersTheEngine(t *testing.T) {
	read := 0
	for _, dir := range []string{".", "../mcp", "../web"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			read++
			for _, problem := range reentries(t, name) {
				t.Error(problem)
			}
		}
	}
	if read < 30 {
		t.Fatalf("read %d files; is the test in the server directory?", read)
	}
}

// reentries lists the calls of one file that would serve a synthetic
// request through an http.Handler.
func reentries(t *testing.T, name string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == "net/http/httptest" {
			out = append(out, fset.Position(imp.Pos()).String()+": imports net/http/httptest")
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		at := fset.Position(call.Pos()).String()
		switch sel.Sel.Name {
		case "NewRequest", "NewRequestWithContext":
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "http" {
				out = append(out, at+": builds an http.Request")
			}
		case "HandleContext":
			out = append(out, at+": re-enters gin with HandleContext")
		case "ServeHTTP":
			if !passesOn(call) {
				out = append(out, at+": calls ServeHTTP with a request other than the one being served")
			}
		}
		return true
	})
	return out
}

// passesOn reports whether a ServeHTTP call hands on the gin request being
// served, (c.Writer, c.Request), as mounting a handler (/metrics,
// /api/mcp) does.
func passesOn(call *ast.CallExpr) bool {
	if len(call.Args) != 2 {
		return false
	}
	w, ok1 := call.Args[0].(*ast.SelectorExpr)
	r, ok2 := call.Args[1].(*ast.SelectorExpr)
	if !ok1 || !ok2 || w.Sel.Name != "Writer" || r.Sel.Name != "Request" {
		return false
	}
	wc, ok1 := w.X.(*ast.Ident)
	rc, ok2 := r.X.(*ast.Ident)
	if !ok1 || !ok2 || wc.Name != rc.Name {
		return false
	}
	// The engine itself is never the receiver: that is re-entry even
	// with the caller's request.
	recv, _ := call.Fun.(*ast.SelectorExpr)
	inner, isField := recv.X.(*ast.SelectorExpr)
	return !isField || inner.Sel.Name != "engine"
}

// TestReentryCheckCatchesReentry: the check above refuses the forms of
// re-entry it names, so that it cannot pass by reading nothing.
func TestReentryCheckCatchesReentry(t *testing.T) {
	src := `package x
import (
	"net/http"
	"net/http/httptest"
)
func a(s *S, c *C) {
	req, _ := http.NewRequest("GET", "/api/v1/qr", nil)
	s.engine.ServeHTTP(httptest.NewRecorder(), req)
	s.engine.ServeHTTP(c.Writer, c.Request)
	s.engine.HandleContext(c)
	s.mcp.ServeHTTP(c.Writer, c.Request)
}
`
	dir := t.TempDir()
	name := filepath.Join(dir, "x.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := reentries(t, name)
	for _, want := range []string{"imports net/http/httptest", "builds an http.Request", "calls ServeHTTP with a request other", "re-enters gin"} {
		found := 0
		for _, g := range got {
			if strings.Contains(g, want) {
				found++
			}
		}
		if found == 0 {
			t.Errorf("the check did not report %q in %v", want, got)
		}
	}
	if len(got) != 5 {
		t.Errorf("%d reports, want 5 (s.mcp handing on c's request is allowed): %v", len(got), got)
	}
}
