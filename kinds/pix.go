package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Pix is a static Pix payment code, the Banco Central do Brasil's BR Code:
// an EMV QRCPS-MPM payload with the Pix merchant account template (ID "26",
// GUI br.gov.bcb.pix) that every Brazilian banking app reads.
//
// The BCB manuals themselves are not in the stored corpus; the rules below
// are those the BCB states in its own repositories and answers
// (bacen/pix-dict-api v1.8.0 key table; bacen/pix-api issues #77, #194,
// #212 quoting the Manual de Padrões para Iniciação do Pix §1.5.1-1.5.2),
// cross-checked against the two BCB example payloads.
type Pix struct {
	Key         string `json:"key" also:"chave,pix_key,pixkey" validate:"required" jsonschema_description:"Pix key (chave) of the receiver, one of: CPF (11 digits, 123.456.789-09 or 12345678909), CNPJ (14 characters, 11.222.333/0001-81), e-mail (at most 77 characters, written in lower case), mobile phone (+55, area code and number: +5511987654321) or random key (EVP, a UUID: 123e4567-e12b-12d1-a456-426655440000). Check digits are checked, and a CPF or CNPJ of one repeated digit (000.000.000-00), which Receita Federal never issues, is refused; punctuation is removed." identity:"true" title:"Pix key"`
	Name        string `json:"name" also:"merchant_name,recipient,payee" validate:"required" jsonschema_description:"Receiver's name (merchant name, ID 59), 1 to 25 characters. Accents are removed (José → Jose): the BR Code carries ASCII." identity:"true" title:"Receiver name"`
	City        string `json:"city" also:"merchant_city" validate:"required" jsonschema_description:"Receiver's city (ID 60), 1 to 15 characters, accents removed (São Paulo → Sao Paulo)." identity:"true" title:"City"`
	Amount      string `json:"amount" jsonschema_description:"Amount in reais with '.' and at most 2 decimals (10.50), greater than zero, at most 13 characters (ID 54). Omit it to let the payer enter the amount." title:"Amount (BRL)"`
	TxID        string `json:"txid" also:"transaction_id" jsonschema_description:"Transaction identifier (ID 62-05) for reconciliation: 1 to 25 letters and digits (A-Z, a-z, 0-9). Omit it for none (the code then carries ***)." identity:"true" title:"Transaction ID"`
	Description string `json:"description" also:"message,info" jsonschema_description:"Free text shown to the payer (ID 26-02, infoAdicional), accents removed. Key and description share the 99 characters of template 26: at most 73 minus the key's length." title:"Description"`
	CEP         string `json:"cep" jsonschema_description:"Receiver's postal code (CEP, ID 61): 8 digits, 01310-100 or 01310100." title:"Postal code (CEP)"`
}

const (
	// pixGUI names the Pix arrangement in template 26; the BCB example
	// writes it in lower case.
	pixGUI = "br.gov.bcb.pix"
	// pixExampleKey is the random key of the Manual do BR Code example,
	// offered as a fix when a key cannot be corrected without guessing.
	pixExampleKey = "123e4567-e12b-12d1-a456-426655440000"
	// pixNoTxID stands for "no transaction identifier" in ID 62-05.
	pixNoTxID = "***"
	pixManual = "BCB Manual de Padrões para Iniciação do Pix §1.5"
)

var (
	// pixEmail and pixEVP are the DICT key-type patterns (bacen/pix-dict-api
	// v1.8.0, tag Key).
	pixEmail = regexp.MustCompile("^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$")
	pixEVP   = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	pixTxID  = regexp.MustCompile(`^[A-Za-z0-9]{1,25}$`)
	// pixCPFOrCNPJ is a CPF or CNPJ with the usual punctuation.
	pixCPFOrCNPJ = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z. /-]*$`)
	pixAmount    = decimalAmount{unit: "BRL", decimals: 2, cite: "Manual do BR Code, ID 54 Transaction Amount"}
)

func init() {
	registry.Register(registry.Kind[Pix]{
		Name:     "pix",
		Currency: "BRL",
		Title:    "Pix (Brazil)",
		Purpose:  registry.PaymentsAmericas,
		Common:   true,
		Summary:  "Receive a Pix payment in Brazil (static BR Code)",
		Standard: registry.Standard{
			Name:    "Banco Central do Brasil, Manual do BR Code and Manual de Padrões para Iniciação do Pix, on EMV QRCPS Merchant-Presented Mode",
			Version: "BR Code 2.0.0; Manual de Padrões 2.x; EMV QRCPS-MPM 1.1",
			Section: "Manual de Padrões §1.5 (QR Code estático: template 26, txid 62-05); Manual do BR Code, data objects 00-63",
			URL:     "https://www.bcb.gov.br/content/estabilidadefinanceira/spb_docs/ManualBRCode.pdf",
		},
		Examples: []Pix{
			{Key: pixExampleKey, Name: "Fulano de Tal", City: "BRASILIA"},
			{Key: "12345678909", Name: "Padaria São João", City: "São Paulo", Amount: "12.50", TxID: "PEDIDO42", Description: "Pao de queijo", CEP: "01310-100"},
			{Key: "+5511987654321", Name: "Maria Silva", City: "Recife", Amount: "100"},
			{Key: "pix@bcb.gov.br", Name: "Banco Central", City: "Brasilia"},
			{Key: "11.222.333/0001-81", Name: "Empresa Ltda", City: "Curitiba", TxID: "NF2024001"},
		},
		Check:        checkPix,
		Encode:       encodePix,
		ParseNotKept: emvParseNotKept(parsePix, checkPix, encodePix),
	})
}

func checkPix(p *Pix) []registry.FieldError {
	var errs []registry.FieldError
	key, kerr := pixKey(p.Key)
	if kerr != nil {
		errs = append(errs, *kerr)
	} else {
		p.Key = key
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &p.Name, 25, "Manual do BR Code, ID 59 Merchant Name: 1 to 25 characters", "Fulano de Tal"},
		emvTextField{"city", &p.City, 15, "Manual do BR Code, ID 60 Merchant City: 1 to 15 characters", "BRASILIA"},
		emvTextField{"description", &p.Description, emvMaxValue, pixManual + ": template 26, infoAdicional", ""},
	)...)
	if kerr == nil && p.Description != "" {
		// Template 26 holds GUI, key and description in at most 99
		// characters (Manual de Padrões §1.5.1).
		room := emvMaxValue - emvTemplateLength(emvObject{"00", pixGUI}, emvObject{"01", p.Key}) - 4
		if emvLength(p.Description) > room {
			errs = append(errs, registry.FieldError{Field: "description", Detail: "template 26 holds the Pix GUI, the key and the description in at most 99 characters (" + pixManual + ".1); with this key the description has room for " + itoa(max(room, 0)) + ", it has " + itoa(emvLength(p.Description)) + emvTooLong})
		}
	}
	if err := checkAmount(pixAmount, &p.Amount, 13); err != nil {
		errs = append(errs, *err)
	}
	if p.TxID = strings.TrimSpace(p.TxID); p.TxID == pixNoTxID {
		p.TxID = ""
	}
	if p.TxID != "" && !pixTxID.MatchString(p.TxID) {
		errs = append(errs, registry.FieldError{Field: "txid", Detail: "txid is 1 to 25 letters A-Z, a-z and digits 0-9, no spaces or punctuation (" + pixManual + ".2, ID 62-05)", Fix: truncateBytes(asciiAlnum(p.TxID), 25)})
	}
	if p.CEP != "" {
		cep := strings.NewReplacer("-", "", " ", "", ".", "").Replace(p.CEP)
		if len(cep) != 8 || !allDigits(cep) {
			errs = append(errs, registry.FieldError{Field: "cep", Detail: "cep is a Brazilian postal code of 8 digits (Manual do BR Code, ID 61 Postal Code)", Fix: ""})
		} else {
			p.CEP = cep
		}
	}
	return errs
}

// pixKey detects the type of a Pix key and writes it the way the DICT
// stores it (bacen/pix-dict-api v1.8.0, tag Key): a CPF or CNPJ as its
// characters alone, an e-mail in lower case, a phone as +55 and digits, a
// random key as a lower-case UUID with dashes.
func pixKey(raw string) (string, *registry.FieldError) {
	label, rest, labelled := strings.Cut(raw, ":")
	want, known := pixKeyLabels[strings.ToLower(strings.Join(strings.Fields(label), " "))]
	if !labelled || !known {
		return pixBareKey(raw)
	}
	// A key copied with its type label (CPF: 123.456.789-09, chave: ...)
	// is that key: BCB's Manual de Padrões para Iniciação do Pix writes
	// the key alone (ID 26, sub-ID 01), so the label is left out where it
	// names the key's own type.
	key, err := pixBareKey(rest)
	if err != nil {
		return key, err
	}
	if got := pixKeyType(key); want != "" && got != want {
		return "", &registry.FieldError{Field: "key", Detail: "key is labelled " + strings.TrimSpace(label) + " but is a key of type " + got + ": which one is meant only you can tell (DICT API v1.8.0, key types)", Fix: ""}
	}
	return key, nil
}

// pixKeyLabels are the labels a Pix key is shown with in banking apps
// and on invoices, with the DICT key type each names ("" for any).
var pixKeyLabels = map[string]string{
	"chave": "", "chave pix": "", "pix": "", "pix key": "", "key": "",
	"cpf": "CPF", "cnpj": "CNPJ", "e-mail": "EMAIL", "email": "EMAIL",
	"telefone": "PHONE", "celular": "PHONE", "phone": "PHONE",
	"chave aleatória": "EVP", "aleatória": "EVP", "chave aleatoria": "EVP", "aleatoria": "EVP", "evp": "EVP",
}

// pixKeyType is the DICT type of a key as pixBareKey writes it.
func pixKeyType(key string) string {
	switch {
	case strings.Contains(key, "@"):
		return "EMAIL"
	case strings.HasPrefix(key, "+"):
		return "PHONE"
	case len(key) == 36:
		return "EVP"
	case len(key) == 11:
		return "CPF"
	}
	return "CNPJ"
}

// pixBareKey is pixKey for a key without a label.
func pixBareKey(raw string) (string, *registry.FieldError) {
	k := strings.TrimSpace(raw)
	fail := func(detail, fix string) (string, *registry.FieldError) {
		return "", &registry.FieldError{Field: "key", Detail: "key " + detail, Fix: fix}
	}
	switch {
	case strings.Contains(k, "@"):
		k = strings.ToLower(k)
		if len(k) > 77 {
			return fail("is an e-mail of "+itoa(len(k))+" characters; a Pix e-mail key has at most 77 (DICT API v1.8.0, key type EMAIL)", pixExampleKey)
		}
		if !pixEmail.MatchString(k) {
			return fail("is not an e-mail address the DICT accepts: letters, digits and .!#$&'*+/=?^_`{|}~- before the @, a domain after it (DICT API v1.8.0, key type EMAIL)", pixExampleKey)
		}
		return k, nil
	case strings.HasPrefix(k, "+"):
		_, digits, bad := splitPhoneNumber(k)
		if bad != noBadRune {
			return fail("is a phone number with "+describeRune(bad)+"; a Pix phone key is +55, the area code and the number, digits only (DICT API v1.8.0, key type PHONE)", pixExampleKey)
		}
		national, ok := strings.CutPrefix(digits, "55")
		switch {
		case !ok:
			return fail("is a phone number outside Brazil; a Pix phone key starts with +55 (DICT API v1.8.0, key type PHONE)", pixExampleKey)
		case len(national) != 10 && len(national) != 11 || national[0] == '0' || national[1] == '0':
			return fail("is +55 and "+itoa(len(national))+" digits; a Brazilian number is a two-digit area code (DDD, 11 to 99) and 8 or 9 digits (DICT API v1.8.0, key type PHONE)", pixExampleKey)
		}
		return "+" + digits, nil
	case isUUIDShape(k):
		k = strings.ToLower(k)
		if len(k) == 32 {
			k = k[:8] + "-" + k[8:12] + "-" + k[12:16] + "-" + k[16:20] + "-" + k[20:]
		}
		return k, nil
	case pixCPFOrCNPJ.MatchString(k):
		id := strings.ToUpper(strings.NewReplacer(".", "", "-", "", "/", "", " ", "").Replace(k))
		switch {
		case len(id) == 11 && oneRepeatedDigit(id):
			return fail("is one digit repeated: a CPF of one repeated digit is not issued by Receita Federal, though its check digits add up; give the receiver's own CPF or another key", "")
		case len(id) == 14 && oneRepeatedDigit(id):
			return fail("is one digit repeated: a CNPJ of one repeated digit is not issued by Receita Federal; give the receiver's own CNPJ or another key", "")
		case len(id) == 11 && allDigits(id):
			if !cpfValid(id) {
				detail := "is 11 digits but not a valid CPF: its check digits " + id[9:] + " do not match the first nine (Receita Federal CPF modulo-11 check digits; DICT API v1.8.0, key type CPF)"
				if fix := pixCPFFix(id); strings.HasPrefix(fix, "+55") {
					// Two readings: a CPF mistyped, or a mobile number
					// without its country code; only the caller knows.
					return fail(detail+"; it also has the shape of a Brazilian mobile number written without +55, and a phone key is written with it: if it is the receiver's phone, write it "+fix+", else check the CPF", "")
				}
				return fail(detail, pixExampleKey)
			}
			return id, nil
		case len(id) == 14:
			if !cnpjValid(id) {
				return fail("is 14 characters but not a valid CNPJ: its check digits "+id[12:]+" do not match the first twelve (Receita Federal CNPJ modulo-11 check digits; DICT API v1.8.0, key type CNPJ)", pixExampleKey)
			}
			return id, nil
		case allDigits(id):
			return fail("has "+itoa(len(id))+" digits; a CPF key has 11 and a CNPJ key 14, and a phone key starts with +55 (DICT API v1.8.0, key types CPF, CNPJ, PHONE)", pixExampleKey)
		}
	}
	return fail("is none of the Pix key types: CPF (11 digits), CNPJ (14 characters), e-mail, phone (+55...) or random key (UUID) (DICT API v1.8.0, tag Key)", pixExampleKey)
}

// pixCPFFix suggests a key for 11 digits that are no CPF: a mobile number
// written without +55 (area code, then 9 and eight digits) is offered with
// it; otherwise the example key.
func pixCPFFix(id string) string {
	if id[0] != '0' && id[1] != '0' && id[2] == '9' {
		return "+55" + id
	}
	return pixExampleKey
}

// isUUIDShape reports whether s is a UUID with dashes (36 characters) or
// without (32 hex digits), in either case.
func isUUIDShape(s string) bool {
	if len(s) == 32 {
		return isHexString(s)
	}
	return len(s) == 36 && pixEVP.MatchString(strings.ToLower(s))
}

// encodePix writes the static BR Code in the order of the Manual do BR
// Code's example: 00, 26 {00 GUI, 01 key, 02 description}, 52 (MCC 0000,
// not informed), 53 (986, BRL), 54, 58 BR, 59, 60, 61, 62 {05 txid or ***},
// 63. ID 01 (point of initiation) is left out, as in the example: a static
// code is reusable.
func encodePix(p Pix) string {
	txid := p.TxID
	if txid == "" {
		txid = pixNoTxID
	}
	return emvPayload(
		emvObject{"00", "01"},
		emvObject{"26", emvJoin(emvObject{"00", pixGUI}, emvObject{"01", p.Key}, emvObject{"02", p.Description})},
		emvObject{"52", "0000"},
		emvObject{"53", "986"},
		emvObject{"54", p.Amount},
		emvObject{"58", "BR"},
		emvObject{"59", p.Name},
		emvObject{"60", p.City},
		emvObject{"61", p.CEP},
		emvObject{"62", emvJoin(emvObject{"05", txid})},
	)
}

// parsePix reads a static BR Code. A dynamic one (a payload URL in 26-25
// instead of a key) is left alone: its key and amount live on the PSP's
// server, not in the code.
func parsePix(payload string) (Pix, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" {
		return Pix{}, false
	}
	pix, ok := root.template(pixGUI)
	if !ok || pix.get("01") == "" {
		return Pix{}, false
	}
	if c := root.get("53"); c != "" && c != "986" {
		return Pix{}, false
	}
	p := Pix{
		Key:         pix.get("01"),
		Description: pix.get("02"),
		Amount:      root.get("54"),
		Name:        root.get("59"),
		City:        root.get("60"),
		CEP:         root.get("61"),
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		if t := extra.get("05"); t != pixNoTxID {
			p.TxID = t
		}
	}
	return p, true
}
