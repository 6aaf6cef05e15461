package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/service"
	"github.com/qrforge/qrforge/web"
)

// genericPath is the endpoint that encodes free text.
const genericPath = "/api/v1/qr"

// verifyPath is the endpoint that renders, decodes and scores a code.
const verifyPath = "/api/v1/verify"

// pageRoutes mounts the tool pages: / and one page per registered kind at
// /<kind>, the gallery of designs at /gallery, and their assets. Only
// registered kind names get a page, so any other path still reaches
// notFound.
func (s *Server) pageRoutes() {
	gallery := pageGallery()
	gallery.Score = s.galleryScore(gallery)
	site := web.New(web.Config{
		BaseURL:     s.baseURL,
		GenericPath: genericPath,
		Data:        web.Option{Name: options.Data.Name, Aliases: options.Data.Aliases},
		Kinds:       registry.All(),
		Options:     pageOptions(),
		Check:       s.checkPage,
		Warn:        s.warnPage,
		Meant:       service.MeantParam,
		Pasted:      pastedOnPage,
		APIOnly:     apiOnlyOptions(),
		Gallery:     gallery,
		LogoUpload:  service.SizeText(service.MaxLogoBytes),
		VerifyPath:  verifyPath,
		Downloads:   pageDownloads(),
		Example:     s.pageExample,
	})
	for _, p := range site.Pages() {
		get(s.engine, p.Path, gin.WrapH(p.Handler))
	}
	get(s.engine, web.GalleryPath, gin.WrapH(site.Gallery()))
	get(s.engine, web.GalleryImages+":name", s.galleryImage(gallery))
	get(s.engine, web.AssetsPath+":name", func(c *gin.Context) {
		if !site.ServeAsset(c.Writer, c.Request, c.Param("name")) {
			s.notFound(c)
		}
	})
}

// pageOptions is the table of rendering options the pages edit, with the
// API's names, aliases, values and bounds: those with an editor control.
// The rest are left out (README "Web editor" names them): the
// compatibility options (chld, cht, choe); format, as a page offers each
// format as a download; eci, whose default readers need; and structured
// append's (append, appendlayout), which answer several symbols where a
// page previews one.
func pageOptions() []web.Option {
	controls := map[string]web.OptionType{"shape": web.Shape, "colour": web.Colour, "integer": web.Integer, "choice": web.Choice, "text": web.Text}
	var out []web.Option
	form := map[string]int{}
	for _, o := range options.Rendering {
		if o.Control == "" {
			continue
		}
		form[o.Name] = o.Form
		w := web.Option{Name: o.Name, Aliases: o.Aliases, Title: o.Title, Hint: o.Hint, Type: controls[o.Control],
			Values: o.Enum, Unit: o.Unit, Min: o.Min, Max: o.Max, Level: o.Name == options.EC.Name, Outputs: o.Outputs,
			Lengths: o.PatternName == "length"}
		if o.Type == "boolean" {
			w.Values = []string{"false", "true"}
		}
		if o.Default != nil {
			w.Default = fmt.Sprint(o.Default)
		}
		if len(w.Values) == 0 {
			// Values the editor offers of an open set: the built-in logos.
			w.Values = o.Offered
		}
		if o.Name == options.Logo.Name {
			w.EmptyLabel = "none"
		}
		if o.MaxLength > 0 {
			w.Max = o.MaxLength
		}
		if aliases := valueAliases[o.Name]; aliases != nil {
			w.ValueAliases = aliases()
		}
		out = append(out, w)
	}
	sort.SliceStable(out, func(i, j int) bool { return form[out[i].Name] < form[out[j].Name] })
	return out
}

// apiOnlyOptions are the rendering options the API takes and the pages
// do not edit (pageOptions leaves them out): a link that carries one
// opens its page with a notice linking the API call that takes it.
func apiOnlyOptions() []web.Option {
	var out []web.Option
	for _, o := range options.Rendering {
		if o.Control == "" {
			out = append(out, web.Option{Name: o.Name, Aliases: o.Aliases})
		}
	}
	return out
}

// pageDownloads are the formats the editor offers as downloads: every
// output format, PNG first and the module matrix last. SVG Tiny is saved
// as .tiny.svg beside the SVG, the PNG data URI as a text file.
func pageDownloads() []web.Download {
	labels := map[string]string{"json": "JSON data", "jpeg": "JPEG", "svg-tiny": "SVG Tiny", "base64": "Data URI"}
	exts := map[string]string{"svg-tiny": "tiny.svg"}
	var out []web.Download
	for _, f := range options.Formats {
		label := labels[f]
		if label == "" {
			label = strings.ToUpper(f)
		}
		ext := exts[f]
		if ext == "" {
			ext = options.Extension(f)
		}
		out = append(out, web.Download{Format: f, Label: label, Ext: ext})
	}
	// Images, then print pages, raster copies, the data URI and the
	// module matrix; the catalogue's order within each.
	rank := map[string]int{"png": 0, "svg": 0, "svg-tiny": 0, "pdf": 1, "eps": 1, "gif": 2, "jpeg": 2, "base64": 3}
	sort.SliceStable(out, func(i, j int) bool {
		ri, ok := rank[out[i].Format]
		if !ok {
			ri = 4
		}
		rj, ok := rank[out[j].Format]
		if !ok {
			rj = 4
		}
		return ri < rj
	})
	return out
}

// pageExample draws a page's example (web.Config.Example). Its link is a
// page's, the same in every release, so caches revalidate it by its ETag.
func (s *Server) pageExample(w http.ResponseWriter, r *http.Request, kind string, values url.Values) {
	img, p := s.svc.Generate(r.Context(), service.Request{Kind: kind, Params: values}, r.Header.Get("If-None-Match"))
	h := w.Header()
	if p != nil {
		// The API's fix would be a call with the example's fields: the
		// detail and the field are what the page shows.
		only := *p
		only.Fix, only.Example = "", ""
		p = &only
		h.Set("Content-Type", "application/problem+json")
		h.Set("Cache-Control", "no-store")
		if p.RetryAfter > 0 {
			h.Set("Retry-After", strconv.Itoa(p.RetryAfter))
		}
		w.WriteHeader(p.Status)
		w.Write(service.EncodeProblem(p))
		return
	}
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", img.ETag)
	if img.NotModified {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", img.ContentType)
	h.Set("Content-Length", strconv.Itoa(len(img.Body)))
	w.Write(img.Body)
}

// pageGallery is the catalogue's gallery (options.Gallery) as the gallery
// page shows it.
func pageGallery() *web.Gallery {
	g := &web.Gallery{Data: options.GalleryData}
	for _, sec := range options.Gallery() {
		ws := web.GallerySection{ID: sec.ID, Title: sec.Title, Hint: sec.Hint}
		for _, d := range sec.Designs {
			ws.Designs = append(ws.Designs, web.GalleryDesign{Name: d.Name, Query: d.Query(), Text: d.Text(), Default: d.Default, Data: d.Data})
		}
		g.Sections = append(g.Sections, ws)
	}
	return g
}

// valueAliases are, for the options that have them, the retired or other
// names the API accepts for a value, each mapped to the value it stands
// for.
var valueAliases = map[string]func() map[string]string{
	options.Eye.Name:      func() map[string]string { return aliasesOf(render.EyeNames(), render.ParseEye) },
	options.EyeFrame.Name: func() map[string]string { return aliasesOf(render.EyeFrameNames(), render.ParseEyeFrame) },
	options.EyeBall.Name:  func() map[string]string { return aliasesOf(render.EyeBallNames(), render.ParseEyeBall) },
}

func aliasesOf[T ~string](names []string, parse func(string) (T, bool)) map[string]string {
	out := map[string]string{}
	for _, name := range names {
		if v, _ := parse(name); string(v) != name {
			out[name] = string(v)
		}
	}
	return out
}

// warnPage is why a page's state, which the API draws, may not scan or
// be read (the API's X-QR-Warning), each on its option, so that a page
// without JavaScript shows it beside its control.
func (s *Server) warnPage(kind string, values url.Values) []web.Problem {
	if kind != "" {
		if _, ok := registry.Lookup(kind); !ok {
			return nil
		}
	}
	var out []web.Problem
	for _, w := range s.svc.Warnings(context.Background(), service.Request{Kind: kind, Params: values}) {
		out = append(out, web.Problem{Field: w.Field, Detail: w.String()})
	}
	return out
}

// checkPage validates a page's state as the API endpoint would, so that a
// page rendered without JavaScript shows the API's own errors.
func (s *Server) checkPage(kind string, values url.Values) []web.Problem {
	if kind != "" {
		if _, ok := registry.Lookup(kind); !ok {
			return nil
		}
	}
	// The editor's callback carries no request; a check draws only for a
	// size that may not fit, and waits for memory no longer than any.
	p := s.svc.Check(context.Background(), service.Request{Kind: kind, Params: values})
	if p == nil {
		return nil
	}
	if len(p.Errors) > 0 {
		out := make([]web.Problem, len(p.Errors))
		for i, e := range p.Errors {
			out[i] = web.Problem{Field: e.Field, Detail: e.Detail}
		}
		return out
	}
	return []web.Problem{{Field: p.Field, Detail: strings.TrimSpace(p.Detail)}}
}

// pastedOnPage is service.PastedPayload for a kind's page, by name.
func pastedOnPage(kind, name, value string) (map[string]string, string, bool) {
	k, ok := registry.Lookup(kind)
	if !ok {
		return nil, "", false
	}
	return service.PastedPayload(k, name, value)
}
