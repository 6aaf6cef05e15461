package web

import (
	"embed"
	"html/template"
	"regexp"
	"strings"
	"sync"
)

//go:embed templates/*.html
var templateFS embed.FS

// pageTemplates are parsed once; their asset function writes the hashed
// asset URLs, which depend only on the embedded files.
var pageTemplates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"asset": embeddedAssets().url,
	}).ParseFS(templateFS, "templates/*.html"))
})

// pageView is what the page template renders.
type pageView struct {
	Tool        *tool
	Home        bool
	Fields      []fieldView  // the kind's required fields and those its example uses
	More        []fieldView  // the other, optional fields
	MoreOpen    bool         // one of More has a value or an error
	Shapes      []optionView // swatch pickers
	Colours     []optionView
	Settings    []optionView // numbers and lists
	Texts       []optionView
	PreviewURL  string // the API call of the state, relative
	SVGURL      string
	PDFURL      string // the print download: a vector page
	APIURL      string // the API call of the state, absolute
	BaseURL     string
	Problems    []Problem
	HasProblems bool
	Kinds       []kindCard
	DownloadAs  string // file name without extension
	LogoUpload  string // the logo file limit; empty: no upload
}

type fieldView struct {
	field
	ID    string
	Value string
	Error string
	Enum  []choice
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
}

type choice struct {
	Value    string
	Label    string
	Swatch   string
	Selected bool
}

type kindCard struct {
	Name    string
	Path    string
	Summary string
	Thumb   string
}

// swatchData is the fixed text the style swatches encode: short enough for
// a version 1 symbol.
const swatchData = "qrforge"

func (s *Site) view(t *tool, st state, problems []Problem) pageView {
	opts := s.cfg.Options
	v := pageView{
		Tool:        t,
		Home:        t == s.home,
		PreviewURL:  t.apiURL(st, opts),
		SVGURL:      t.apiURL(st, opts, pair{"format", "svg"}),
		PDFURL:      t.apiURL(st, opts, pair{"format", "pdf"}),
		HasProblems: len(problems) > 0,
		DownloadAs:  "qrcode",
		LogoUpload:  s.cfg.LogoUpload,
	}
	v.BaseURL = s.cfg.BaseURL
	v.APIURL = s.cfg.BaseURL + v.PreviewURL
	if t.Name != "" {
		v.DownloadAs = "qrcode-" + t.Name
	}
	errs := map[string]string{}
	attached := map[string]bool{}
	for _, f := range t.fields {
		attached[f.Name] = true
	}
	for _, o := range opts {
		attached[o.Name] = !(o.Level && t.Level != "")
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
		if len(f.Enum) > 0 {
			empty := "(not set)"
			if f.Required {
				empty = ""
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
	for _, o := range opts {
		// An option the state leaves out shows its default, so that a
		// number's arrows step from the value the API uses.
		value := st[o.Name]
		if value == "" {
			value = o.Default
		}
		ov := optionView{Option: o, ID: "o-" + o.Name, Param: paramName(o), Value: value, Error: errs[o.Name]}
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
		for _, k := range s.tools {
			v.Kinds = append(v.Kinds, kindCard{
				Name:    k.Name,
				Path:    k.Path,
				Summary: k.Summary,
				Thumb:   k.apiURL(k.example, nil, pair{"format", "svg"}, pair{"size", "160"}, pair{"margin", "1"}),
			})
		}
	}
	return v
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
