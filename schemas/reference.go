package schemas

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// ReferenceFile is where Reference is committed, from schemas/.
const ReferenceFile = "../docs/reference.md"

// Reference is the API reference in Markdown, generated from the option
// catalogue and the registry: every rendering option, and every kind with
// its standard, fields and example call.
func Reference() []byte {
	var b strings.Builder
	b.WriteString("# API reference\n\n")
	b.WriteString("Generated from the option catalogue (`options/catalogue.go`) and the kinds'\n")
	b.WriteString("declarations (`kinds/`) by `cd schemas && go generate`; do not edit by hand.\n")
	b.WriteString("README.md explains the API; this page lists it.\n\n")

	b.WriteString("## Rendering options\n\n")
	b.WriteString("Every generation endpoint takes these. Names are case-insensitive.\n\n")
	b.WriteString("| option | aliases | type | default | values | unit | outputs | description |\n|---|---|---|---|---|---|---|---|\n")
	for _, o := range options.Rendering {
		def := ""
		if o.Default != nil {
			def = fmt.Sprintf("`%v`", o.Default)
		}
		values := ""
		switch {
		case len(o.Enum) > 0:
			values = "`" + strings.Join(o.Enum, "`, `") + "`"
		case options.RangeText(o) != "":
			values = options.RangeText(o)
		case o.MaxLength > 0:
			values = fmt.Sprintf("at most %d characters", o.MaxLength)
		}
		typ := o.Type
		if o.Pattern != "" {
			typ += " or length"
		}
		outputs := "all"
		if len(o.Outputs) < len(options.Formats) {
			outputs = strings.Join(o.Outputs, ", ")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s | %s |\n", o.Name, codes(o.Aliases), typ, def, values, o.Unit, outputs, cell(o.Description))
	}

	b.WriteString("\n## Kinds\n\n")
	b.WriteString("`GET /api/v1/<kind>?<fields>` draws the code; `GET /api/v1/<kind>/payload` returns\n")
	b.WriteString("the payload only. Identity fields (a person, an account, an address, a network\n")
	b.WriteString("or a secret) never receive a value in a fix that the caller did not write.\n")
	for _, k := range registry.All() {
		fmt.Fprintf(&b, "\n### %s\n\n%s. Standard: %s", k.Name(), k.Summary(), k.Standard())
		if u := k.Standard().URL; u != "" {
			fmt.Fprintf(&b, " (<%s>)", u)
		}
		b.WriteString(".\n\n| field | required | identity | description |\n|---|---|---|---|\n")
		for _, f := range k.Fields() {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", f.Name, yes(f.Required), yes(f.Identity), cell(f.Description))
		}
		ex := url.Values{}
		for name, v := range k.Example() {
			ex.Set(name, v)
		}
		fmt.Fprintf(&b, "\nExample: `GET %s?%s`\n", k.Path(), ex.Encode())
	}
	return []byte(b.String())
}

func codes(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return "`" + strings.Join(names, "`, `") + "`"
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

// cell keeps a table cell on one line and its pipes literal.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
