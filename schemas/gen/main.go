// Command gen writes qrforge's JSON Schemas into the current directory
// (schemas/, when run by go generate): one file per registered kind and
// batch.json, and the API reference, docs/reference.md. Files of kinds
// that no longer exist are removed.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	_ "github.com/qrforge/qrforge/kinds" // every payload kind registers itself
	"github.com/qrforge/qrforge/schemas"
)

func main() {
	if err := generate("."); err != nil {
		fmt.Fprintln(os.Stderr, "schemas/gen:", err)
		os.Exit(1)
	}
}

func generate(dir string) error {
	files := schemas.Files()
	old, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	for _, path := range old {
		if _, keep := files[filepath.Base(path)]; !keep {
			if err := os.Remove(path); err != nil {
				return err
			}
		}
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, schemas.ReferenceFile), schemas.Reference(), 0o644)
}
