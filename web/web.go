// Package web serves qrforge's tool pages: a generic editor at / and one
// editor per registered kind at /<kind>, all derived from the registry, so a
// new kind gets its page without code here; and a gallery of designs at
// /gallery, from the list the server passes.
//
// A page keeps its whole state in the query string, with the API's names
// except for a few short ones (sec, fg); a link opens the editor prefilled.
// Pages are rendered on the server with html/template and work without
// JavaScript: the form submits with GET to the same page, and the preview is
// an <img> of the API URL of the same state. A small embedded script adds a
// live preview, error messages beside their field, downloads and copy
// buttons, and the scan-robustness score of the state with its best fix
// (Config.VerifyPath).
//
// The package does not know the HTTP API's option parser: the server passes
// its rendering options as a table and a Check function that validates a
// state exactly as the API would.
package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"github.com/qrforge/qrforge/internal/querystring"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// OptionType says what values a rendering option takes, and so which control
// edits it.
type OptionType int

// Option types.
const (
	// Text is free text, at most Max characters when Max is set.
	Text OptionType = iota
	// Integer is a whole number from Min to Max.
	Integer
	// Colour is a colour the API parses (hex with or without #, names).
	Colour
	// Choice is one of Values, picked from a list.
	Choice
	// Shape is one of Values, picked from swatches that show each value.
	Shape
)

// Option is one rendering option of the API as the pages edit it.
type Option struct {
	Name    string   // the API's canonical name, e.g. "color"
	Aliases []string // other names the API accepts for it
	Title   string   // what the control is called, e.g. "Colour"
	Hint    string   // one line on what values do
	Type    OptionType
	Values  []string // Choice and Shape: the allowed values
	// ValueAliases maps retired values the API still accepts to the value
	// it draws instead, so an old link shows the control set.
	ValueAliases map[string]string
	Default      string // the value the API uses when the option is absent
	// EmptyLabel names the choice of leaving a Choice unset, when its
	// default is not "auto" (a logo: none).
	EmptyLabel string
	Unit       string // what a number counts (px, modules, degrees, ratio); "" for none
	// Lengths says an Integer also takes a printed length (30mm, 1.2in),
	// so its control is text, not a number.
	Lengths bool
	Min     int // Integer: smallest value
	Max     int // Integer: largest value; Text: longest value in characters
	// Level marks the error-correction level, which a kind's standard may
	// fix; such a kind's page shows the level and does not send it.
	Level bool
	// Outputs are the formats the option changes; a download in another
	// leaves it out, as the API refuses it there. Empty is every format.
	Outputs []string
}

// reaches reports whether o changes the bytes of format.
func (o Option) reaches(format string) bool {
	return len(o.Outputs) == 0 || slices.Contains(o.Outputs, format)
}

// reaching is opts without those that change nothing in format (a colour
// in a json module matrix).
func reaching(opts []Option, format string) []Option {
	return slices.DeleteFunc(slices.Clone(opts), func(o Option) bool { return !o.reaches(format) })
}

// unreached names, space-separated, the options of opts that change
// nothing in format.
func unreached(opts []Option, format string) string {
	var names []string
	for _, o := range opts {
		if !o.reaches(format) {
			names = append(names, o.Name)
		}
	}
	return strings.Join(names, " ")
}

// Problem is one invalid parameter, as a problem document names it.
type Problem struct {
	Field  string // the API name of the parameter; "" when none applies
	Detail string
}

// Config is what the pages need from the server.
type Config struct {
	// BaseURL is the public address, without a trailing slash; the API URL
	// a page offers to copy is written on it.
	BaseURL string
	// GenericPath is the endpoint that encodes free text, e.g. /api/v1/qr.
	GenericPath string
	// Data is the generic endpoint's text parameter.
	Data Option
	// Kinds are the registered kinds; each gets a page at /<name>.
	Kinds []registry.Entry
	// Options are the rendering options every page edits, in the order the
	// API lists them.
	Options []Option
	// Check validates a state as the API would: kind is a kind's name, or
	// "" for the generic endpoint, and values are keyed by API names. It
	// lets a page without JavaScript show the API's errors. It may be nil.
	Check func(kind string, values url.Values) []Problem
	// Warn says why a state the API draws may not scan or be read (its
	// X-QR-Warning: a colour too close to bg, a narrow quiet zone, a thin
	// module style), each on its option, so that a page without
	// JavaScript shows it beside the control. It may be nil.
	Warn func(kind string, values url.Values) []Problem
	// Meant is the parameter the API suggests for name, which kind's
	// endpoint does not read, with value ("did you mean color?"), and the
	// value its fix gives it there, "" for none: a page's link that
	// carries name is opened with the same suggestion. It may be nil.
	Meant func(kind, name, value string) (near, fixed string)
	// Pasted reads value, under name on kind's page, as a whole payload
	// in the kind's form (data=WIFI:…), as the API's error does: the
	// fields it holds, and why no fix writes them ("" when one does);
	// reads is false when it is no such payload. It may be nil.
	Pasted func(kind, name, value string) (fields map[string]string, why string, reads bool)
	// APIOnly are the rendering options the API takes and the pages do
	// not edit (format, eci, append): a link that carries one is opened
	// with a notice that links the API call taking it.
	APIOnly []Option
	// Gallery is what the gallery page shows; nil leaves the page out.
	Gallery *Gallery
	// VerifyPath is the API's verify endpoint, e.g. /api/v1/verify: the
	// editor's scan-robustness panel asks it for the score of the state
	// shown (docs/robustness.md). Empty leaves the panel out.
	VerifyPath string
	// LogoUpload is the largest logo file the API takes, as a person reads
	// it ("1 MiB"); empty leaves the editor without a logo upload.
	LogoUpload string
	// Downloads are the formats a page offers as download buttons, the
	// first as the main one.
	Downloads []Download
	// Example answers the image of a page's example at /<kind>/example.svg:
	// kind is "" for the generic editor and values are the API's (the
	// example's fields, the page's options, format=svg). Nil leaves the
	// route out and a page without values without a preview.
	Example func(w http.ResponseWriter, r *http.Request, kind string, values url.Values)
}

// Download is one output format a page offers.
type Download struct {
	Format string // the API's format value: "png", "pdf", "json"
	Label  string // the button's text: "PNG", "JSON data"
	Ext    string // the saved file's extension
}

// Page is a route the server mounts.
type Page struct {
	Path    string
	Handler http.Handler
}

// Site is the pages of one server: the generic editor and one per kind.
type Site struct {
	cfg    Config
	home   *tool
	tools  []*tool
	assets *assets
	pages  []Page
}

// AssetsPath is the path prefix of the embedded assets; the name after it
// carries a content hash, so assets are cached for a year.
const AssetsPath = "/assets/"

// shortNames are the page names that differ from the API's (README "Web
// pages"): fg for color, sec for a field named security. label and tpl are
// already the API's names.
var shortNames = map[string]string{"color": "fg", "security": "sec"}

// New builds the pages of every kind in cfg.Kinds. It panics on a template
// or asset error, which is a programming error any test catches.
func New(cfg Config) *Site {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	s := &Site{cfg: cfg, assets: embeddedAssets()}
	pageTemplates()
	s.home = newGenericTool(cfg)
	s.pages = append(s.pages, Page{Path: "/", Handler: s.handler(s.home)})
	for _, k := range cfg.Kinds {
		t := newKindTool(cfg, k)
		s.tools = append(s.tools, t)
		s.pages = append(s.pages, Page{Path: t.Path, Handler: s.handler(t)})
	}
	if cfg.Example != nil {
		for _, t := range append([]*tool{s.home}, s.tools...) {
			s.pages = append(s.pages, Page{Path: t.examplePath(), Handler: s.exampleHandler(t)})
		}
	}
	return s
}

// exampleHandler draws a tool's example with the options of the query, as
// the preview of its page before the person types.
func (s *Site) exampleHandler(t *tool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st, _ := t.read(querystring.Parse(r.URL.RawQuery), s.cfg.Options)
		values := t.apiValues(t.withExample(st), s.cfg.Options)
		values.Set("format", "svg")
		s.cfg.Example(w, r, t.Name, values)
	})
}

// Pages lists the routes of the pages: / and /<kind> for each kind.
func (s *Site) Pages() []Page { return s.pages }

// ServeAsset answers a request for the asset called name (the part after
// AssetsPath) and reports whether there is one; when not, nothing is
// written and the caller answers 404.
func (s *Site) ServeAsset(w http.ResponseWriter, r *http.Request, name string) bool {
	return s.assets.serve(w, r, name)
}

// handler serves one tool's page.
func (s *Site) handler(t *tool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The query as the API reads it: a pair with a ';' or a stray
		// '%' is kept, where net/url dropped it (and a password with it).
		query := querystring.Parse(r.URL.RawQuery)
		st, submitted := t.read(query, s.cfg.Options)
		// A form submitted without JavaScript sends every control, empty or
		// not; redirect to the short link of the same state so that the
		// address bar holds a link worth sharing.
		if submitted {
			t.keepLineBreaks(st, query)
			http.Redirect(w, r, t.pageURL(st, s.cfg.Options), http.StatusSeeOther)
			return
		}
		// A page whose fields are all empty opens with empty fields and
		// the kind's example as their placeholders and in the preview,
		// marked as an example, rather than with an error; nothing the
		// person could download or copy holds the example's values.
		example := len(t.fieldsOf(st)) == 0
		// A value given twice with different values is refused by the
		// API, which does not choose between them: the page does not
		// either, and draws nothing until one is given.
		conflicts := t.conflicts(query, s.cfg.Options)
		problems := conflicts
		var warnings []Problem
		if s.cfg.Check != nil && !example && len(problems) == 0 {
			// As the preview draws it: the PNG's options.
			problems = s.cfg.Check(t.Name, t.apiValues(st, reaching(s.cfg.Options, "png")))
		}
		if s.cfg.Warn != nil && !example && len(problems) == 0 {
			warnings = s.cfg.Warn(t.Name, t.apiValues(st, reaching(s.cfg.Options, "png")))
		}
		view := s.view(t, st, problems, warnings, example)
		if len(conflicts) > 0 {
			// The state holds one of the two values: no preview or call
			// shows it as if it were the one meant.
			view.PreviewURL, view.APIURL = "", ""
			view.Snippets = snippets("", view.DownloadAs)
		}
		// No parameter of a link is dropped without a word: the API
		// refuses what it does not read, and the page says what it left
		// out.
		view.Ignored = s.ignored(t, st, t.unread(query, s.cfg.Options), example)
		var buf bytes.Buffer
		if err := pageTemplates().ExecuteTemplate(&buf, "page", view); err != nil {
			panic("web: render " + t.Path + ": " + err.Error())
		}
		writePage(w, r, buf.Bytes())
	})
}

// writePage answers with a rendered page, or 304 when the client holds it.
func writePage(w http.ResponseWriter, r *http.Request, body []byte) {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// Pages change with the binary, so caches revalidate with the ETag.
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	setSecurityHeaders(h)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// contentSecurityPolicy allows only the site's own scripts, styles and
// images: with no inline script or style, a value that slipped past escaping
// still could not run.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

func setSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
}

// etagMatches implements If-None-Match's weak comparison (RFC 9110
// §13.1.2) for one ETag.
func etagMatches(header, etag string) bool {
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimPrefix(strings.TrimSpace(part), "W/")
		if part == etag || part == "*" {
			return true
		}
	}
	return false
}
