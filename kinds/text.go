package kinds

import "github.com/qrforge/qrforge/registry"

// Text is free text, encoded exactly as given.
type Text struct {
	Text string `json:"text" validate:"required,max=2953" jsonschema_description:"The text to encode, UTF-8; at most 2953 bytes, the byte-mode capacity of a version-40 symbol at level L."`
}

func init() {
	registry.Register(registry.Kind[Text]{
		Name:    "text",
		Summary: "Plain text, encoded as given",
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
