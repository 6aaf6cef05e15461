package server

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/web"
)

// genericPath is the endpoint that encodes free text.
const genericPath = "/api/v1/qr"

// pageRoutes mounts the tool pages: / and one page per registered kind at
// /<kind>, and their assets. Only registered kind names get a page, so any
// other path still reaches notFound.
func (s *Server) pageRoutes() {
	site := web.New(web.Config{
		BaseURL:     s.baseURL,
		GenericPath: genericPath,
		Data:        web.Option{Name: optData.name, Aliases: optData.aliases},
		Kinds:       registry.All(),
		Options:     pageOptions(),
		Check:       s.checkPage,
	})
	for _, p := range site.Pages() {
		get(s.engine, p.Path, gin.WrapH(p.Handler))
	}
	get(s.engine, web.AssetsPath+":name", func(c *gin.Context) {
		if !site.ServeAsset(c.Writer, c.Request, c.Param("name")) {
			s.notFound(c)
		}
	})
}

// pageOptions is the table of rendering options the pages edit, with the
// API's names, aliases, values and bounds. The compatibility options (chld,
// cht, choe) and format are left out: a page previews an image and offers
// each format as a download.
func pageOptions() []web.Option {
	levels := make([]string, len(render.Levels))
	for i, l := range render.Levels {
		levels[i] = l.String()
	}
	opt := func(o option, title, hint string, t web.OptionType) web.Option {
		return web.Option{Name: o.name, Aliases: o.aliases, Title: title, Hint: hint, Type: t}
	}
	style := opt(optStyle, "Module style", "", web.Shape)
	style.Values, style.Default = stringsOf(render.ModuleStyles), string(render.ModuleSquare)
	eye := opt(optEye, "Eye style", "", web.Shape)
	eye.Values, eye.Default = stringsOf(render.EyeStyles), string(render.EyeSquare)
	eye.ValueAliases = map[string]string{}
	for _, name := range render.EyeNames() {
		if e, _ := render.ParseEye(name); string(e) != name {
			eye.ValueAliases[name] = string(e)
		}
	}
	color := opt(optColor, "Colour", "Hex (1d3557), with or without #, or a CSS name.", web.Colour)
	color.Default = render.HexColor(render.DefaultOptions().Foreground)
	bg := opt(optBg, "Background", "As colour, or transparent.", web.Colour)
	bg.Default = render.HexColor(render.DefaultOptions().Background)
	size := opt(optSize, "Size", fmt.Sprintf("Pixels, %d to %d.", render.MinSize, render.MaxSize), web.Integer)
	size.Min, size.Max, size.Default = render.MinSize, render.MaxSize, fmt.Sprint(render.DefaultSize)
	margin := opt(optMargin, "Margin", fmt.Sprintf("Quiet zone in modules, 0 to %d.", render.MaxMargin), web.Integer)
	margin.Min, margin.Max, margin.Default = 0, render.MaxMargin, fmt.Sprint(render.DefaultMargin)
	ec := opt(optEC, "Error correction", "H survives the most damage; auto picks the smallest code.", web.Choice)
	ec.Values, ec.Level = levels, true
	tpl := opt(optTpl, "Frame", "scanme adds a border and a banner.", web.Choice)
	tpl.Values, tpl.Default = stringsOf(render.Frames), string(render.FrameNone)
	label := opt(optLabel, "Label", fmt.Sprintf("Caption under the code, or the banner's text; at most %d characters.", maxLabel), web.Text)
	label.Max = maxLabel
	return []web.Option{style, eye, color, bg, size, margin, ec, tpl, label}
}

// checkPage validates a page's state as the API endpoint would, so that a
// page rendered without JavaScript shows the API's own errors.
func (s *Server) checkPage(kind string, values url.Values) []web.Problem {
	q := newQuery(values)
	var (
		r      *Rendering
		p      *Problem
		target fixTarget
	)
	if kind == "" {
		target = s.apiTarget(genericPath)
		r, p = s.prepareGeneric(q, nil, target, "")
	} else {
		k, ok := registry.Lookup(kind)
		if !ok {
			return nil
		}
		target = s.apiTarget(k.Path(), fieldNames(k)...)
		r, p = s.prepareKind(k, q, nil, target)
	}
	if p == nil {
		_, p = s.encode(r, target)
	}
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
