package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// PixDynamic is a dynamic Pix code: instead of a key, merchant account
// template 26 carries the location (ID 26-25) of a charge that the
// receiver's PSP created through the Pix API; the payer's app fetches the
// signed charge there, with its amount, key and txid.
//
// BCB Manual de Padrões para Iniciação do Pix §1.5 (as the BCB quotes it
// in bacen/pix-api's issues and README): template 26 holds GUI
// br.gov.bcb.pix and the location URL without "https://" in ID 25, no key;
// ID 62-05 is "***", the txid living in the charge.
type PixDynamic struct {
	Location string `json:"location" validate:"required" jsonschema_description:"Location of the charge (the Pix API's cob or cobv \"location\", such as pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25), with or without https://: the code carries it without the scheme. At most 77 characters, host and path, no query, spaces or accents." identity:"true" title:"Charge location URL"`
	Name     string `json:"name" validate:"required" jsonschema_description:"Receiver's name (merchant name, ID 59), 1 to 25 characters, accents removed." identity:"true" title:"Receiver name"`
	City     string `json:"city" validate:"required" jsonschema_description:"Receiver's city (ID 60), 1 to 15 characters, accents removed." identity:"true" title:"City"`
	Once     string `json:"once" validate:"omitempty,oneofci=true false 1 0 yes no" jsonschema:"enum=true,enum=false" jsonschema_description:"Whether the code is for one payment only: true writes point of initiation 12 (ID 01), false (default) leaves it out like a reusable code." title:"Single use"`
}

// pixLocation is a host and path, the unreserved and path characters of
// RFC 3986 §3.3 without query or fragment.
var pixLocation = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$`)

func init() {
	registry.Register(registry.Kind[PixDynamic]{
		Name:       "pixdynamic",
		Title:      "Pix dynamic charge (Brazil)",
		AlsoCalled: []string{"pix-dynamic"},
		Purpose:    registry.PaymentsAmericas,
		Summary:    "Point a Pix payer to a charge created through the Pix API (dynamic BR Code)",
		Standard: registry.Standard{
			Name:    "Banco Central do Brasil, Manual de Padrões para Iniciação do Pix and Manual do BR Code, on EMV QRCPS Merchant-Presented Mode",
			Version: "Manual de Padrões 2.x; EMV QRCPS-MPM 1.1",
			Section: "Manual de Padrões §1.5 (QR Code dinâmico: template 26, ID 25 URL); Manual do BR Code, data objects 00-63",
			URL:     "https://www.bcb.gov.br/estabilidadefinanceira/pix",
		},
		Examples: []PixDynamic{
			{Location: "pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25", Name: "Fulano de Tal", City: "BRASILIA"},
			{Location: "https://qr.psp.example.com.br/cobv/7f6844d0de8947e59ef7e0a35a681615", Name: "Loja Exemplo", City: "São Paulo", Once: "true"},
		},
		Check:        checkPixDynamic,
		Encode:       encodePixDynamic,
		ParseNotKept: emvParseNotKept(parsePixDynamic, checkPixDynamic, encodePixDynamic),
	})
}

func checkPixDynamic(p *PixDynamic) []registry.FieldError {
	var errs []registry.FieldError
	loc := strings.TrimSpace(p.Location)
	if rest, ok := cutSchemeFold(loc, "https://"); ok {
		loc = rest
	}
	// GUI (4 + 14) and ID 25's header (4) leave 77 of template 26's 99.
	room := emvMaxValue - emvTemplateLength(emvObject{"00", pixGUI}) - 4
	switch {
	case strings.HasPrefix(strings.ToLower(loc), "http://"):
		errs = append(errs, registry.FieldError{Field: "location", Detail: "location is served over https (Pix API, location of a cob); the code carries it without the scheme", Fix: ""})
	case !pixLocation.MatchString(loc) || strings.ContainsAny(loc, "?#"):
		errs = append(errs, registry.FieldError{Field: "location", Detail: "location is a host and path such as pix.example.com/qr/v2/<id>, without query, spaces or accents (" + pixManual + ", ID 26-25)", Fix: ""})
	case len(loc) > room:
		errs = append(errs, registry.FieldError{Field: "location", Detail: "location has " + itoa(len(loc)) + " characters; template 26 holds the Pix GUI and at most " + itoa(room) + " for the URL (" + pixManual + ", ID 26 at most 99)", Fix: ""})
	default:
		p.Location = loc
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &p.Name, 25, "Manual do BR Code, ID 59 Merchant Name: 1 to 25 characters", "Fulano de Tal"},
		emvTextField{"city", &p.City, 15, "Manual do BR Code, ID 60 Merchant City: 1 to 15 characters", "BRASILIA"},
	)...)
	return errs
}

// encodePixDynamic writes 00, 01 (12, single use, when asked), 26 {00
// GUI, 25 location}, 52 0000, 53 986, 58 BR, 59, 60, 62 {05 ***}, 63. No
// amount: the charge at the location holds it.
func encodePixDynamic(p PixDynamic) string {
	initiation := ""
	if parseBool(p.Once) {
		initiation = "12"
	}
	return emvPayload(
		emvObject{"00", "01"},
		emvObject{"01", initiation},
		emvObject{"26", emvJoin(emvObject{"00", pixGUI}, emvObject{"25", p.Location})},
		emvObject{"52", "0000"},
		emvObject{"53", "986"},
		emvObject{"58", "BR"},
		emvObject{"59", p.Name},
		emvObject{"60", p.City},
		emvObject{"62", emvJoin(emvObject{"05", pixNoTxID})},
	)
}

// parsePixDynamic reads a dynamic BR Code: template 26 with a location in
// 25 and no key.
func parsePixDynamic(payload string) (PixDynamic, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" {
		return PixDynamic{}, false
	}
	pix, ok := root.template(pixGUI)
	if !ok || pix.get("25") == "" || pix.get("01") != "" || root.get("54") != "" {
		return PixDynamic{}, false
	}
	p := PixDynamic{Location: pix.get("25"), Name: root.get("59"), City: root.get("60")}
	if root.get("01") == "12" {
		p.Once = "true"
	}
	return p, true
}
