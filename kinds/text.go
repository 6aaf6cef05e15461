package kinds

import "github.com/qrforge/qrforge/registry"

// Text is free text, encoded exactly as given.
type Text struct {
	Text string `json:"text" also:"content,message,value" space:"exact" validate:"required" jsonschema_description:"The text to encode, UTF-8; at most 2953 bytes in byte mode (a version 40 symbol at level L, ISO/IEC 18004 Table 7), more when it is all digits or upper-case letters. Counted in bytes: 984 characters of CJK text take 2952." title:"Text"`
}

func init() {
	registry.Register(registry.Kind[Text]{
		Name:       "text",
		Title:      "Text",
		AlsoCalled: []string{"plain", "plaintext", "raw"},
		Purpose:    registry.LinksAndText,
		Common:     true,
		Summary:    "Plain text, encoded as given",
		Standard: registry.Standard{
			Name:    "ISO/IEC 18004",
			Version: "2015",
			Section: "§7.4.5 (8-bit byte mode)",
		},
		Examples: []Text{{Text: "Hello, world!"}},
		Encode:   func(t Text) string { return t.Text },
		Parse:    func(p string) (Text, bool) { return Text{Text: p}, p != "" },
	})
}
