package web

import (
	"embed"
	"html/template"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

//go:embed templates/*.html
var templateFS embed.FS

// pageTemplates are parsed once; their asset function writes the hashed
// asset URLs, which depend only on the embedded files.
var pageTemplates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"asset": embeddedAssets().url,
		"prose": prose,
	}).ParseFS(templateFS, "templates/*.html"))
})

// prose is a description as the page shows it: escaped, with the values
// it quotes in backticks, as the API reference marks them (`wpa`), set
// as code. Unpaired backticks are left as written.
func prose(s string) template.HTML {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		return template.HTML(template.HTMLEscapeString(s))
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + template.HTMLEscapeString(p) + "</code>")
		} else {
			b.WriteString(template.HTMLEscapeString(p))
		}
	}
	return template.HTML(b.String())
}

// pageView is what the page template renders.
type pageView struct {
	Tool     *tool
	Home     bool
	Fields   []fieldView  // the kind's required fields and those its example uses
	More     []fieldView  // the other, optional fields
	MoreOpen bool         // one of More has a value or an error
	Shapes   []optionView // swatch pickers
	Colours  []optionView
	Settings []optionView // numbers and lists
	Texts    []optionView
	// Example is a page nobody has typed in: the preview shows the
	// kind's example, marked so, and nothing offers to download or copy
	// it.
	Example     bool
	ExampleURL  string // the example's image with the page's options
	ExamplePath string // the example's image, for the script; "" for none
	PreviewURL  string // the API call of the state, relative; "" for an example
	Downloads   []downloadView
	APIURL      string // the API call of the state, absolute
	Snippets    []snippet
	BaseURL     string
	Problems    []Problem
	HasProblems bool
	// Warnings say why the code, which the API draws, may not scan and
	// have no control of their own to stand beside.
	Warnings []Problem
	// Ignored are the parameters of the page's link that it does not
	// read, each with what the API makes of it.
	Ignored    []ignoredView
	Groups     []kindGroup
	KindCount  int
	DownloadAs string // file name without extension
	LogoUpload string // the logo file limit; empty: no upload
	VerifyPath string // the verify endpoint the score panel asks; "" for no panel
}

// ignoredView is a parameter of a page's link that the page does not
// read: a misspelt name, with the API's suggestion, or an option only the
// API takes.
type ignoredView struct {
	Name string // as the link gave it
	Near string // the parameter the API suggests; "" for none
	// NearURL is the page with the value under Near; "" when the page does
	// not take Near, the fix drops the value, or Given.
	NearURL string
	Given   bool // the link gives Near already
	APIOnly bool // the API takes the parameter (or Near) and the page does not
	Format  bool // the parameter is the format, which the downloads choose
	// APIURL is the API call of the page's state with the parameter;
	// "" for an example, which has no call of its own.
	APIURL string
	// Pasted says the value is a whole payload in the kind's form;
	// PastedURL is the page with what it holds under the fields, "" when
	// PastedWhy says why not.
	Pasted    bool
	PastedURL string
	PastedWhy string
}

type downloadView struct {
	Download
	ID   string
	Href string // "" for an example or a state the API refuses
	File string // the saved file's name
	// Drops names the options this format leaves out (a colour in a json
	// matrix), for the script that rebuilds Href as the form changes.
	Drops string
}

// snippet is a way to use the code elsewhere, offered to copy: the API
// URL, an HTML image, Markdown and a curl command.
type snippet struct {
	ID     string
	CopyID string // the copy button is copy-<CopyID>
	Label  string
	Value  string
}

// kindGroup is the kinds of one purpose on the home page.
type kindGroup struct {
	ID    string
	Title string
	Kinds []kindCard
}

type fieldView struct {
	field
	ID    string
	Value string
	Error string
	Enum  []choice
	// Was is Value percent-encoded when it has a line break: a text area
	// gives its value with LF, and a form sends it with CRLF, whatever
	// the link had, so the script and a submitted form read the value's
	// own line breaks from it while the text is unchanged.
	Was string
}

type optionView struct {
	Option
	ID       string
	Param    string
	Value    string
	Error    string
	Picker   string // Colour: the value as #rrggbb for the colour picker
	Choices  []choice
	Disabled bool   // the kind's standard fixes the value
	Note     string // why it is disabled
	// Warning says why the code, drawn with this value, may not scan:
	// the API's X-QR-Warning on it.
	Warning string
}

type choice struct {
	Value    string
	Label    string
	Swatch   string
	Selected bool
}

type kindCard struct {
	Name    string
	Title   string
	Path    string
	Summary string
	Thumb   string
	Search  string // what the search box matches, lower case
}

// swatchData is the fixed text the style swatches encode: short enough for
// a version 1 symbol.
const swatchData = "qrforge"

func (s *Site) view(t *tool, st state, problems, warnings []Problem, example bool) pageView {
	opts := s.cfg.Options
	v := pageView{
		Tool:        t,
		Home:        t == s.home,
		Example:     example,
		HasProblems: len(problems) > 0,
		DownloadAs:  "qrcode",
		LogoUpload:  s.cfg.LogoUpload,
		VerifyPath:  s.cfg.VerifyPath,
		BaseURL:     s.cfg.BaseURL,
	}
	if t.Name != "" {
		v.DownloadAs = "qrcode-" + t.Name
	}
	if s.cfg.Example != nil {
		v.ExamplePath = t.examplePath()
		v.ExampleURL = withQuery(v.ExamplePath, t.pairs(t.withoutFields(st), opts, true))
	}
	if !example {
		// The preview is the PNG: options only other formats draw (cmyk)
		// wait for their downloads.
		v.PreviewURL = t.apiURL(st, reaching(opts, "png"))
		v.APIURL = s.cfg.BaseURL + v.PreviewURL
	}
	for _, d := range s.cfg.Downloads {
		dv := downloadView{Download: d, ID: "download-" + d.Format, File: v.DownloadAs + "." + d.Ext, Drops: unreached(opts, d.Format)}
		// A state the API refuses has no file to download either: the
		// link would save its problem document.
		if !example && len(problems) == 0 {
			dv.Href = t.apiURL(st, reaching(opts, d.Format), pair{"format", d.Format})
			if d.Format == "png" {
				// PNG is the API's default: the preview's own URL.
				dv.Href = v.PreviewURL
			}
		}
		v.Downloads = append(v.Downloads, dv)
	}
	v.Snippets = snippets(v.APIURL, v.DownloadAs)
	errs := map[string]string{}
	attached := map[string]bool{}
	for _, f := range t.fields {
		attached[f.Name] = true
	}
	for _, o := range opts {
		attached[t.optionKey(o.Name)] = !(o.Level && t.Level != "")
	}
	for _, p := range problems {
		if attached[p.Field] {
			errs[p.Field] = strings.TrimSpace(errs[p.Field] + " " + p.Detail)
		} else {
			v.Problems = append(v.Problems, p)
		}
	}
	for _, f := range t.fields {
		fv := fieldView{field: f, ID: "f-" + f.Name, Value: st[f.Name], Error: errs[f.Name]}
		// A one-line input drops a value's line breaks, and the next
		// edit would send the value without them: a value with one is
		// shown in a text area.
		if strings.ContainsAny(fv.Value, "\r\n") {
			fv.Multiline, fv.Was = true, url.PathEscape(fv.Value)
		}
		if len(f.Enum) > 0 {
			// A list starts unset too, even a required one: a first
			// choice picked by the browser would be a value the person
			// never chose.
			empty := "(not set)"
			if f.Required {
				empty = "Choose…"
			}
			fv.Enum = choices(f.Enum, "", fv.Value, empty)
		}
		if f.Required || t.example[f.Name] != "" {
			v.Fields = append(v.Fields, fv)
		} else {
			v.More = append(v.More, fv)
			v.MoreOpen = v.MoreOpen || fv.Value != "" || fv.Error != ""
		}
	}
	if len(v.Fields) == 0 {
		v.Fields, v.More = v.More, nil
	}
	warned := map[string]string{}
	for _, w := range warnings {
		if attached[w.Field] && slices.ContainsFunc(opts, func(o Option) bool { return o.Name == w.Field }) {
			if warned[w.Field] != "" {
				warned[w.Field] += "; "
			}
			warned[w.Field] += w.Detail
		} else {
			v.Warnings = append(v.Warnings, w)
		}
	}
	for _, o := range opts {
		// An option the state leaves out shows its default, so that a
		// number's arrows step from the value the API uses.
		key := t.optionKey(o.Name)
		value := st[key]
		if value == "" {
			value = o.Default
		}
		ov := optionView{Option: o, ID: "o-" + o.Name, Param: t.paramName(o), Value: value, Error: errs[key], Warning: warned[key]}
		// The control's API name, which the page's script writes calls with.
		ov.Name = t.apiName(o.Name)
		switch o.Type {
		case Shape:
			// An unknown shape has no swatch to show: the API's error
			// explains it.
			ov.Choices = choices(o.Values, o.Default, ov.Value, "")[:len(o.Values)]
			for i := range ov.Choices {
				ov.Choices[i].Swatch = withQuery(s.cfg.GenericPath, []pair{
					{s.cfg.Data.Name, swatchData}, {"format", "svg"}, {"size", "96"}, {"margin", "0"}, {o.Name, ov.Choices[i].Value}})
			}
			v.Shapes = append(v.Shapes, ov)
		case Colour:
			ov.Picker = pickerValue(ov.Value, o.Default)
			v.Colours = append(v.Colours, ov)
		case Choice:
			empty := ""
			if o.Default == "" {
				empty = "auto"
				if o.EmptyLabel != "" {
					empty = o.EmptyLabel
				}
			}
			ov.Choices = choices(o.Values, o.Default, ov.Value, empty)
			if o.Level && t.Level != "" {
				ov.Disabled = true
				ov.Choices = []choice{{Value: t.Level, Label: t.Level, Selected: true}}
				ov.Note = "Fixed at " + t.Level + " by " + t.Standard.Name + "."
			}
			v.Settings = append(v.Settings, ov)
		case Integer:
			v.Settings = append(v.Settings, ov)
		default:
			v.Texts = append(v.Texts, ov)
		}
	}
	if v.Home {
		v.Groups, v.KindCount = s.groups()
	}
	return v
}

// ignored says, for each parameter of a page's link that the page does not
// read (unread), what the API makes of it: the name it suggests, as its
// own error would, or that the API takes it where the page does not.
func (s *Site) ignored(t *tool, st state, unread []pair, example bool) []ignoredView {
	opts := s.cfg.Options
	var out []ignoredView
	for _, p := range unread {
		iv := ignoredView{Name: text.Truncate(p.name, 64)}
		name, value := strings.ToLower(p.name), p.value
		o, apiOnly := s.apiOnly(name)
		if !apiOnly && s.cfg.Meant != nil {
			near, fixed := s.cfg.Meant(t.Name, name, value)
			iv.Near = text.Truncate(near, 64)
			switch {
			case near == "":
			case st[near] != "":
				iv.Given = true
			case t.reads(near, opts):
				if fixed != "" {
					next := maps.Clone(st)
					next[near] = fixed
					iv.NearURL = t.pageURL(next, opts)
				}
			default:
				// A near miss of an option only the API takes (eci).
				o, apiOnly = s.apiOnly(near)
				value = fixed
			}
		}
		if fields, why, reads := s.pasted(t, name, value); reads {
			iv.Near, iv.NearURL, iv.Given = "", "", false
			iv.Pasted, iv.PastedWhy = true, why
			if why == "" && !slices.ContainsFunc(slices.Collect(maps.Keys(fields)), func(f string) bool { return st[f] != "" && st[f] != fields[f] }) {
				next := maps.Clone(st)
				maps.Copy(next, fields)
				iv.PastedURL = t.pageURL(next, opts)
			}
		}
		if apiOnly {
			iv.APIOnly, iv.Format = true, o.Name == "format"
			if !example && value != "" {
				iv.APIURL = t.apiURL(st, reaching(opts, s.formatOf(o, value)), pair{t.apiName(o.Name), value})
			}
		}
		out = append(out, iv)
	}
	return out
}

// pasted reads value, given under name on t's page, as a payload in the
// kind's form (Config.Pasted); reads is false on the generic page, or
// when it is none.
func (s *Site) pasted(t *tool, name, value string) (map[string]string, string, bool) {
	if s.cfg.Pasted == nil || t.Name == "" {
		return nil, "", false
	}
	return s.cfg.Pasted(t.Name, name, value)
}

// apiOnly is the option only the API takes that name, in lower case,
// names.
func (s *Site) apiOnly(name string) (Option, bool) {
	for _, o := range s.cfg.APIOnly {
		if strings.EqualFold(o.Name, name) || slices.ContainsFunc(o.Aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return o, true
		}
	}
	return Option{}, false
}

// formatOf is the format of an API call that gives option o value: value
// itself when o is the format and a download offers it, else the PNG,
// which the preview is.
func (s *Site) formatOf(o Option, value string) string {
	if o.Name == "format" {
		for _, d := range s.cfg.Downloads {
			if strings.EqualFold(d.Format, value) {
				return d.Format
			}
		}
	}
	return "png"
}

// groups are the kinds by purpose, in the registry's order of purposes,
// the common ones of each first, then by title.
func (s *Site) groups() ([]kindGroup, int) {
	byPurpose := map[registry.Purpose][]*tool{}
	for _, t := range s.tools {
		byPurpose[t.Purpose] = append(byPurpose[t.Purpose], t)
	}
	var out []kindGroup
	n := 0
	for _, p := range registry.Purposes() {
		tools := byPurpose[p]
		if len(tools) == 0 {
			continue
		}
		sort.SliceStable(tools, func(i, j int) bool {
			if tools[i].Common != tools[j].Common {
				return tools[i].Common
			}
			return strings.ToLower(tools[i].Title) < strings.ToLower(tools[j].Title)
		})
		g := kindGroup{ID: "kinds-" + slug(p.String()), Title: p.String()}
		for _, t := range tools {
			// The thumbnail is the example's image: a page path, as for
			// the editor's own example; without one, no thumbnail.
			thumb := ""
			if s.cfg.Example != nil {
				thumb = withQuery(t.examplePath(), []pair{{"size", "160"}, {"margin", "1"}})
			}
			g.Kinds = append(g.Kinds, kindCard{
				Name: t.Name, Title: t.Title, Path: t.Path, Summary: t.Summary, Thumb: thumb,
				Search: t.searchText(p),
			})
		}
		n += len(tools)
		out = append(out, g)
	}
	return out, n
}

// searchText is what the home page's search box matches for a tool: its
// names, summary, purpose and field labels ("IBAN" finds the payments
// that take one), in lower case.
func (t *tool) searchText(p registry.Purpose) string {
	words := []string{t.Name, t.Title, t.Summary, p.String()}
	for _, f := range t.fields {
		words = append(words, f.Title)
	}
	return strings.ToLower(strings.Join(words, " "))
}

// slug is s in lower case with runs of other characters as one '-'.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// snippets are the ways to use an API URL elsewhere; with no URL (an
// example), their values are empty.
func snippets(apiURL, file string) []snippet {
	out := []snippet{
		{ID: "api-url", CopyID: "api", Label: "API URL"},
		{ID: "snippet-html", CopyID: "html", Label: "HTML"},
		{ID: "snippet-markdown", CopyID: "markdown", Label: "Markdown"},
		{ID: "snippet-curl", CopyID: "curl", Label: "curl"},
	}
	if apiURL == "" {
		return out
	}
	out[0].Value = apiURL
	out[1].Value = `<img src="` + attrEscaper.Replace(apiURL) + `" alt="QR code">`
	out[2].Value = "![QR code](" + markdownURL(apiURL) + ")"
	out[3].Value = "curl -o " + file + ".png " + shellQuote(apiURL)
	return out
}

// attrEscaper writes a URL as a double-quoted HTML attribute value; the
// page's script writes the same.
var attrEscaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;")

// markdownURL escapes the characters that end a Markdown link destination
// (CommonMark §6.3): spaces and parentheses.
func markdownURL(u string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29").Replace(u)
}

// shellQuote makes s one word of a POSIX shell (POSIX.1-2017 XCU §2.2.3):
// in single quotes, each single quote closing them, escaped, and
// reopening them.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// choices lists values for a select or radio group with the one matching
// current (without case, as the API reads them) selected. A current value
// that is not among them is kept as an extra choice, so that the form sends
// back what the link held and the API's error explains it. With an
// emptyLabel, a first choice of "" stands for leaving the value unset.
func choices(values []string, def, current, emptyLabel string) []choice {
	var out []choice
	if emptyLabel != "" {
		out = append(out, choice{Value: "", Label: emptyLabel})
	}
	if current == "" {
		current = def
	}
	found := false
	for _, val := range values {
		sel := strings.EqualFold(val, current)
		found = found || sel
		out = append(out, choice{Value: val, Label: val, Selected: sel})
	}
	if !found && current != "" {
		out = append(out, choice{Value: current, Label: current, Selected: true})
	}
	return out
}

var hexColour = regexp.MustCompile(`^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$`)

// pickerValue is a colour as <input type=color> takes it, #rrggbb; values
// the picker cannot show (names, transparent) fall back to the default.
func pickerValue(v, def string) string {
	for _, c := range []string{v, def, "000000"} {
		m := hexColour.FindStringSubmatch(strings.TrimSpace(c))
		if m == nil {
			continue
		}
		h := strings.ToLower(m[1])
		if len(h) == 3 {
			h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
		}
		return "#" + h
	}
	return "#000000"
}
