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
	imports := importsOf(t, ".")
	for name, paths := range imports {
		for _, path := range paths {
			if httpImport(path) {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
	if len(imports) < 5 {
		t.Fatalf("read %d files; is the test in the service directory?", len(imports))
	}
}

// TestLowerLayersKnowNoHTTP: render, analysis, registry and kinds sit
// below the service core (README "Layout"). None imports net/http, gin or
// MCP, nor any package above it: render draws a matrix and knows no kind;
// analysis, registry and kinds know neither the core nor its adapters.
func TestLowerLayersKnowNoHTTP(t *testing.T) {
	const mod = "github.com/qrforge/qrforge/"
	adapters := []string{mod + "service", mod + "server", mod + "mcp", mod + "web", mod + "cmd", mod + "options"}
	layers := []struct {
		dir    string
		above  []string
		minGos int
	}{
		{"../render", append([]string{mod + "registry", mod + "kinds", mod + "analysis"}, adapters...), 30},
		{"../render/qrcode", append([]string{mod + "registry", mod + "kinds", mod + "analysis"}, adapters...), 3},
		{"../render/deflate", append([]string{mod + "registry", mod + "kinds", mod + "analysis"}, adapters...), 1},
		{"../analysis", adapters, 5},
		{"../registry", append([]string{mod + "kinds", mod + "analysis"}, adapters...), 3},
		{"../kinds", append([]string{mod + "analysis"}, adapters...), 30},
	}
	for _, l := range layers {
		imports := importsOf(t, l.dir)
		for name, paths := range imports {
			for _, path := range paths {
				if httpImport(path) {
					t.Errorf("%s imports %s", name, path)
				}
				for _, a := range l.above {
					if path == a || strings.HasPrefix(path, a+"/") {
						t.Errorf("%s imports %s, a layer above it", name, path)
					}
				}
			}
		}
		if len(imports) < l.minGos {
			t.Errorf("read %d files of %s, want at least %d; has the package moved?", len(imports), l.dir, l.minGos)
		}
	}
}

// importsOf reads the import paths of each non-test Go file in dir.
func importsOf(t *testing.T, dir string) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	out := map[string][]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		paths := []string{}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			paths = append(paths, path)
		}
		out[name] = paths
	}
	return out
}

// httpImport reports whether an import path is HTTP or an adapter's
// framework.
func httpImport(path string) bool {
	return path == "net/http" || strings.HasPrefix(path, "net/http/") || strings.Contains(path, "gin-gonic") || strings.Contains(path, "mcp-go")
}
