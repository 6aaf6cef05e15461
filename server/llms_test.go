package server

// In package server to compare the texts with the option table itself.

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

func llmsText(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	resp := serve(h, httptest.NewRequest(http.MethodGet, path, nil))
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") && !strings.HasPrefix(ct, "text/markdown") {
		t.Errorf("GET %s: Content-Type %q, want text", path, ct)
	}
	return string(body)
}

// llmsLink is a list item of an llms.txt file list: "- [name](url)" with
// optional ": notes" (llmstxt.org).
var llmsLink = regexp.MustCompile(`^- \[([^\]]+)\]\(([^)\s]+)\)(: .+)?$`)

// TestLLMSTxtShape checks the llmstxt.org layout: an H1 with the name, a
// blockquote summary, then H2 sections whose list items are links, each on
// this service and none dead.
func TestLLMSTxtShape(t *testing.T) {
	h := describedHandler()
	text := llmsText(t, h, "/llms.txt")
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "# ") || len(lines[0]) < 3 {
		t.Fatalf("first line %q is not an H1", lines[0])
	}
	i := 1
	for i < len(lines) && lines[i] == "" {
		i++
	}
	if i == len(lines) || !strings.HasPrefix(lines[i], "> ") {
		t.Fatalf("the H1 is not followed by a blockquote summary")
	}
	section, links := "", 0
	for n, line := range lines[i+1:] {
		switch {
		case strings.HasPrefix(line, "# "):
			t.Errorf("line %d: a second H1 %q", n+i+2, line)
		case strings.HasPrefix(line, "## "):
			section = line
		case section != "" && strings.HasPrefix(line, "- "):
			m := llmsLink.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("%s: %q is not a link item \"- [name](url): notes\"", section, line)
				continue
			}
			links++
			target, ours := strings.CutPrefix(m[2], docBase)
			if !ours || !strings.HasPrefix(target, "/") {
				t.Errorf("%s: link %s is not on %s", section, m[2], docBase)
				continue
			}
			// A link may name a POST endpoint (batch, MCP); it must
			// still exist.
			if resp := serve(h, httptest.NewRequest(http.MethodGet, target, nil)); resp.StatusCode == http.StatusNotFound {
				t.Errorf("%s: link %s is dead", section, m[2])
			}
		}
	}
	if section == "" || links == 0 {
		t.Error("llms.txt has no H2 section with links")
	}
	full := llmsText(t, h, "/llms-full.txt")
	if !strings.HasPrefix(full, lines[0]+"\n") {
		t.Error("llms-full.txt does not open with the same H1")
	}
}

// TestLLMSFullMentionsEverything checks llms-full.txt against the registry
// and the option table: each kind has its section listing every field,
// and each option is listed with every alias.
func TestLLMSFullMentionsEverything(t *testing.T) {
	full := llmsText(t, describedHandler(), "/llms-full.txt")
	sections := strings.Split(full, "\n### ")
	byKind := map[string]string{}
	for _, s := range sections[1:] {
		name, body, _ := strings.Cut(s, "\n")
		byKind[name] = body
	}
	for _, k := range registry.All() {
		body, ok := byKind[k.Name()]
		if !ok {
			t.Errorf("no section ### %s", k.Name())
			continue
		}
		if !strings.Contains(body, k.Summary()) {
			t.Errorf("%s: the summary %q is missing", k.Name(), k.Summary())
		}
		for _, f := range k.Fields() {
			want := "- `" + f.Name + "` (optional)"
			if f.Required {
				want = "- `" + f.Name + "` (required)"
			}
			if !strings.Contains(body, want) {
				t.Errorf("%s: field %s is not listed as %q", k.Name(), f.Name, want)
			}
			for _, v := range f.Enum {
				if !strings.Contains(body, v) {
					t.Errorf("%s: value %s of %s is missing", k.Name(), v, f.Name)
				}
			}
		}
		if !strings.Contains(body, "Example: "+docBase+k.Path()+"?") {
			t.Errorf("%s: no example call", k.Name())
		}
	}

	lines := strings.Split(full, "\n")
	for _, o := range append([]options.Option{options.Data}, options.Rendering...) {
		var line string
		for _, l := range lines {
			if strings.HasPrefix(l, "- `"+o.Name+"`") {
				line = l
				break
			}
		}
		if line == "" {
			t.Errorf("option %s has no line", o.Name)
			continue
		}
		for _, a := range o.Aliases {
			if !regexp.MustCompile(`[(:,] ` + regexp.QuoteMeta(a) + `[,;)]`).MatchString(line) {
				t.Errorf("option %s: alias %s is not listed in %q", o.Name, a, line)
			}
		}
	}
}

// TestLLMSTxtNamesEveryOption checks the short index's Generate and path
// form lines against the catalogue: an option or extension added there
// shows here.
func TestLLMSTxtNamesEveryOption(t *testing.T) {
	text := llmsText(t, describedHandler(), "/llms.txt")
	generate, pathForm := "", ""
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "- [Generate]"):
			generate = line
		case strings.HasPrefix(line, "- [Path form]"):
			pathForm = line
		}
	}
	for _, o := range options.Rendering {
		if o.Compat == "" && !regexp.MustCompile(`[ ,]`+o.Name+`[ ,]`).MatchString(generate) {
			t.Errorf("llms.txt's Generate line does not name %s: %q", o.Name, generate)
		}
	}
	for _, ext := range options.Extensions() {
		if !strings.Contains(pathForm, "."+ext+"`") && !strings.Contains(pathForm, "."+ext+"|") {
			t.Errorf("llms.txt's path form line does not name .%s: %q", ext, pathForm)
		}
	}
}

// llms-full.txt says what verify does with a format: a 400 whose fix
// drops it, as verify answers (README "Verify"), not that it is accepted
// and ignored, which a caller would take as leave to send one.
func TestLLMSFullVerifyFormatIsRefused(t *testing.T) {
	full := llmsText(t, describedHandler(), "/llms-full.txt")
	if strings.Contains(full, "accepted and ignored") || !strings.Contains(full, "a format (or a format under `type`) is a 400 whose fix drops it") {
		t.Errorf("llms-full.txt's Verify section does not say a format is refused")
	}
}
