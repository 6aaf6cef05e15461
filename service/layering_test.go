package service

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestServiceKnowsNoHTTP: the core is adapted to HTTP by package server and
// to MCP by package mcp; it imports neither net/http nor a web framework,
// so neither adapter's concerns can leak into it.
func TestServiceKnowsNoHTTP(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	read := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		read++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "net/http" || strings.HasPrefix(path, "net/http/") || strings.Contains(path, "gin-gonic") || strings.Contains(path, "mcp-go") {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
	if read < 5 {
		t.Fatalf("read %d files; is the test in the service directory?", read)
	}
}
