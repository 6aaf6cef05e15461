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
		if o.PatternName != "" {
			typ += " or " + o.PatternName
		}
		outputs := "all"
		if len(o.Outputs) < len(options.Formats) {
			outputs = strings.Join(o.Outputs, ", ")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s | %s |\n", o.Name, codes(o.Aliases), typ, def, values, o.Unit, outputs, cell(o.Doc()))
	}

	b.WriteString(structuredAppend)

	b.WriteString("\n## Kinds\n\n")
	b.WriteString("`GET /api/v1/<kind>?<fields>` draws the code; `GET /api/v1/<kind>/payload` returns\n")
	b.WriteString("the payload only. Identity fields (a person, an account, an address, a network\n")
	b.WriteString("or a secret) never receive a value in a fix that the caller did not write.\n")
	b.WriteString("White space around a value is dropped, and white space alone is no value (a\n")
	b.WriteString("required field is then missing); free message text (a note, a message body,\n")
	b.WriteString("a description) keeps the spaces around it, and Wi-Fi's ssid, password,\n")
	b.WriteString("identity and anonymous_identity and text's text keep every byte.\n")
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

// structuredAppend documents the structured append options and the
// decode endpoint's sets, which the table above names only.
const structuredAppend = `
## Structured append

ISO/IEC 18004:2015 §8 divides data over up to 16 QR Codes that a reader
joins: each symbol starts with a header (mode 0011, its position and the
total less one in four bits each, and 8 bits of parity, the exclusive or of
every byte the whole set carries, a Kanji-mode character as its two Shift
JIS bytes, §8.3), then its share of the data.

**Names.** The options follow the catalogue's spelling, one lower-case word:
` + "`append`" + ` (aliases ` + "`structuredappend`, `structured_append`, `structured-append`, `parts`" + `) asks
for a set, ` + "`auto`" + ` or a count from 2 to 16; ` + "`appendlayout`" + ` (aliases
` + "`append_layout`, `append-layout`" + `) arranges the answer. Without ` + "`append`" + ` nothing changes.

**How the data is divided.** In order: (1) the fewest symbols that hold the
data at version 40, or the count asked for; (2) the smallest version at which
that many symbols hold it, which every symbol takes, so that the set prints
evenly; (3) parts as even as that version allows: the smallest budget of bits
a part at which that many parts hold the data, each part taking as many whole
characters as fit it. Parts end between whole UTF-8 characters, each is
written in the fewest bits (numeric, alphanumeric, byte and Kanji segments),
and each carries the ECI header the data needs (ECI 26 for UTF-8 with
` + "`eci=utf8`" + `) so that it reads right alone. A part that one symbol would write
in Kanji mode, which has no header, is written as UTF-8 after the header when
an earlier part has one: zbar keeps ECI 26 in effect into the next symbols of
a set, read the Kanji mode's Shift JIS bytes as UTF-8 and gave nothing for the
whole set. Every symbol has the same level: with no
` + "`ec`" + ` the set is planned at M (L when M would need more symbols), then takes the
highest level that keeps every symbol's version. ` + "`append=auto`" + ` draws one plain
symbol, without a header, when one holds the data.

**Answers.** ` + "`X-QR-Symbols`" + ` gives the count; ` + "`X-QR-Symbol`" + `, ` + "`X-QR-Version`" + ` and
` + "`X-QR-EC`" + ` describe each symbol.

| appendlayout | answer |
|---|---|
| ` + "`zip`" + ` (default) | ` + "`application/zip`" + `: ` + "`part-1-of-3.png`" + `, ` + "`part-2-of-3.png`" + ` ... in the format asked for |
| ` + "`json`" + ` | ` + "`{\"symbols\": 3, \"structured_append\": true, \"parity\": 78, \"parts\": [{\"part\": 1, \"of\": 3, \"parity\": 78, \"symbol\": \"12-M\", \"text\": \"...\", \"image\": \"data:image/png;base64,...\"}]}`" + ` |
| ` + "`row`" + ` | one PNG, GIF, JPEG or PNG data URI: the symbols side by side, each as it is drawn alone at ` + "`size`" + `, one quiet zone apart |

**Refused (400, with a fix).** ` + "`symbol=micro`" + ` (Micro QR Code has no structured append);
a logo; a count outside 2 to 16, or more symbols than the data has characters,
or fewer than it needs (the fix gives the count it needs); a kind whose
standard reads one symbol (an emblem, a largest version or a fixed level,
such as ` + "`epc`" + `); ` + "`GET /api/v1/verify`" + `, which judges one symbol; for ` + "`row`" + `, a vector or
matrix format, a frame, a label or ` + "`margin=0`" + `. Data past 16 symbols is
` + "`data-too-long`" + `, whose fix lowers the level when that holds it. Data too long
for one symbol without ` + "`append`" + ` keeps its ` + "`data-too-long`" + ` problem, whose fix
lowers the level, or else, when a set holds the data, is the same call with
` + "`append=auto`" + `, which keeps all of it; a ` + "`hint`" + ` member names ` + "`append=auto`" + ` and
the call. A fix never shortens the data, which would encode another payload
(README "Errors"): data that no level or set holds has no fix, as what to
leave out is yours to choose, and shows an ` + "`example`" + `.

**Decoding.** ` + "`POST /api/v1/decode`" + ` reads every symbol of a set found in one image
(a row). A result from a set has ` + "`append`" + `: ` + "`{\"part\": 2, \"of\": 3, \"parity\": 78}`" + `; its
` + "`text`" + ` is that symbol's own part. The answer then also has ` + "`sets`" + `, one for each
set, its parts ordered by their position:
` + "`{\"of\": 3, \"parity\": 78, \"complete\": true, \"parity_matches\": true, \"text\": \"<joined>\", \"parts\": [{\"part\": 1, \"result\": 0, \"text\": \"...\"}], \"detail\": \"...\"}`" + `.
` + "`result`" + ` is the part's index in ` + "`results`" + `. A set with a part missing has
` + "`complete: false`" + `, ` + "`missing`" + ` (the part numbers not read) and no ` + "`text`" + `; ` + "`parity_matches`" + `
compares the header's parity with the exclusive or of the bytes the parts
carry (§8.3: byte mode's bytes, digits and letters as ASCII, a Kanji-mode
character as its two Shift JIS bytes).
`
