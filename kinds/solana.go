package kinds

import (
	"net/url"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/qrforge/qrforge/registry"
)

// Solana is a Solana Pay transfer request: solana:<recipient>?amount=
// &spl-token=&reference=&label=&message=&memo= (Solana Pay Specification,
// Transfer Request). Solana addresses are bare base58 public keys with no
// checksum, so what can be checked is the alphabet and the 32-byte length.
type Solana struct {
	Address   string `json:"address" validate:"required" jsonschema_description:"Recipient: the base58 public key (32 bytes, usually 43 or 44 characters) of a native SOL account, not an associated token account; for a token payment set spl_token and the wallet derives the token account. Solana addresses carry no checksum: only the alphabet and the length are checked." identity:"true" title:"Recipient address"`
	Amount    string `json:"amount" jsonschema_description:"Amount in SOL, or in the token's own units (1.5 USDC, not 1500000) when spl_token is set: digits with '.' as decimal point and a leading 0 below 1 (0.01), no exponent. 0 is allowed. At most 9 decimals for SOL; a token's limit is its mint's decimals, which the wallet checks. Omit it to let the payer choose." title:"Amount"`
	SPLToken  string `json:"spl_token" jsonschema_description:"Mint address (base58, 32 bytes) of the SPL token to pay with, e.g. EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v for USDC. Written as spl-token=; omitted, the payment is in SOL." identity:"true" title:"SPL token mint"`
	Reference string `json:"reference" jsonschema_description:"One or more references (base58, 32 bytes each), separated by commas: keys the wallet adds to the transaction so the payee can find it. Each is written as its own reference= parameter, in order." identity:"true" title:"Reference keys"`
	Recipient string `json:"recipient" also:"label" jsonschema_description:"Who requests the payment (brand, store or person), shown by the wallet: Solana Pay's label= parameter. A call's label is refused, with a fix that renames it recipient: qrforge's label is the caption, which this kind's calls write as caption." identity:"true" title:"Requested by"`
	Message   string `json:"message" space:"keep" jsonschema_description:"What the payment is for (item, order ID, thank-you note), shown by the wallet." title:"Message"`
	Memo      string `json:"memo" space:"keep" jsonschema_description:"Text the wallet records on-chain in an SPL Memo instruction; public, so nothing private." title:"On-chain memo"`
}

const solanaPaySpec = "Solana Pay Specification, Transfer Request"

var solanaAmount = decimalAmount{
	unit:      "SOL",
	decimals:  9, // 1 lamport = 0.000000001 SOL
	allowZero: true,
	// Solana Pay §Amount: the amount is in SOL, "not lamports"; 1 SOL is
	// 10^9 lamports, and an amount given in lamports is that many SOL.
	smaller: map[string]int{"lamport": -9, "lamports": -9},
	names:   []string{"solana"},
	cite:    solanaPaySpec + " §Amount",
}

func init() {
	registry.Register(registry.Kind[Solana]{
		Name:       "solana",
		Title:      "Solana Pay",
		AlsoCalled: []string{"sol", "solanapay", "solana-pay"},
		Purpose:    registry.Crypto,
		Summary:    "Request a Solana payment in SOL or an SPL token (Solana Pay transfer request, solana: URI)",
		Standard: registry.Standard{
			Name:    "Solana Pay Specification",
			Version: "v1",
			Section: "Specification: Transfer Request",
			URL:     "https://docs.solanapay.com/spec",
		},
		Examples: []Solana{
			{Address: "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN", Amount: "1", Recipient: "Michael", Message: "Thanks for all the fish", Memo: "OrderId12345"},
			{Address: "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN", Amount: "0.01", SPLToken: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"},
			{Address: "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN", Reference: "82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny", Recipient: "Michael"},
		},
		Check:        checkSolana,
		SplitWord:    addressAsRecipient,
		Encode:       encodeSolana,
		ParseNotKept: parseSolana,
	})
}

// addressAsRecipient reads a public key given as recipient, the name the
// Solana Pay Transfer Request gives the address (solana:<recipient>),
// where qrforge's recipient is the label: it belongs in address.
func addressAsRecipient(word, value string) (map[string]string, bool) {
	if word != "recipient" || checkSolanaKey(value) != "" {
		return nil, false
	}
	return map[string]string{"address": value}, true
}

func checkSolana(s *Solana) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range []struct {
		name, clause string
		value        *string
	}{{"address", "§Recipient", &s.Address}, {"spl_token", "§SPL Token", &s.SPLToken}} {
		*f.value = strings.TrimSpace(*f.value)
		if *f.value == "" {
			continue
		}
		if problem := checkSolanaKey(*f.value); problem != "" {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " " + problem + " (" + solanaPaySpec + " " + f.clause + ")", Fix: solanaExample(f.name)})
		}
	}
	if s.Reference != "" {
		refs := strings.Split(s.Reference, ",")
		for i, r := range refs {
			refs[i] = strings.TrimSpace(r)
			if problem := checkSolanaKey(refs[i]); problem != "" {
				errs = append(errs, registry.FieldError{Field: "reference", Detail: "reference " + itoa(i+1) + " " + problem + "; separate several with commas (" + solanaPaySpec + " §Reference)", Fix: solanaExample("reference")})
				break
			}
		}
		s.Reference = strings.Join(refs, ",")
	}
	if s.Amount != "" {
		s.Amount = strings.TrimSpace(s.Amount)
		rule := solanaAmount
		if s.SPLToken != "" {
			// A token's decimals are its mint's; only the wallet knows.
			rule.unit, rule.decimals, rule.smaller, rule.names = "the token", 0, nil, nil
		}
		if problem, fix := rule.check(s.Amount); problem != "" {
			errs = append(errs, registry.FieldError{Field: "amount", Detail: problem, Fix: fix})
		}
	}
	return append(errs, checkTextFields(textField{"recipient", s.Recipient}, textField{"message", s.Message}, textField{"memo", s.Memo})...)
}

// checkSolanaKey checks a base58 public key: the Base58 alphabet and a
// decoded length of 32 bytes (an ed25519 public key).
func checkSolanaKey(k string) string {
	if i := strings.IndexFunc(k, func(r rune) bool { return !strings.ContainsRune(base58Alphabet, r) }); i >= 0 {
		return "is a base58 public key; " + strings.ToValidUTF8(string([]rune(k[i:])[0]), "?") + " is not in the Base58 alphabet, which leaves out 0, O, I and l"
	}
	if n := len(base58.Decode(k)); n != 32 {
		return "is a base58 public key of 32 bytes; this one decodes to " + itoa(n)
	}
	return ""
}

// solanaExample is a valid value offered as the fix for a key field.
func solanaExample(field string) string {
	switch field {
	case "spl_token":
		return "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
	case "reference":
		return "82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny"
	}
	return "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN"
}

// encodeSolana writes the parameters in the order of the reference
// implementation's encodeURL (amount, spl-token, references, label,
// message, memo). Text is percent-encoded UTF-8 with %20 for spaces, as
// encodeURIComponent does.
func encodeSolana(s Solana) string {
	params := []uriQueryPair{{"amount", s.Amount}, {"spl-token", s.SPLToken}}
	if s.Reference != "" {
		for _, r := range strings.Split(s.Reference, ",") {
			params = append(params, uriQueryPair{"reference", r})
		}
	}
	params = append(params, uriQueryPair{"label", pctEncode(s.Recipient)}, uriQueryPair{"message", pctEncode(s.Message)}, uriQueryPair{"memo", pctEncode(s.Memo)})
	return withQuery("solana:"+s.Address, params...)
}

// parseSolana reads a transfer request. Values are decoded as wallets do,
// with URLSearchParams, where '+' is a space (the reference encoder writes
// spaces that way). A transaction request (solana:<https URL>) has no
// fields here and is left alone.
func parseSolana(p string) (Solana, []string, bool) {
	rest, ok := cutSchemeFold(p, "solana:")
	if !ok {
		return Solana{}, nil, false
	}
	addr, query, _ := strings.Cut(rest, "?")
	if checkSolanaKey(addr) != "" {
		return Solana{}, nil, false
	}
	if _, err := url.ParseQuery(query); err != nil {
		return Solana{}, nil, false
	}
	sol := Solana{Address: addr}
	var references []string
	fields := map[string]*string{"amount": &sol.Amount, "spl-token": &sol.SPLToken, "label": &sol.Recipient, "message": &sol.Message, "memo": &sol.Memo}
	left := notKept{}
	seen := map[string]bool{}
	for i, part := range strings.Split(query, "&") {
		name, value, _ := strings.Cut(part, "=")
		name, _ = url.QueryUnescape(name)
		value, _ = url.QueryUnescape(value)
		switch {
		case part == "":
		case name == "reference":
			references = append(references, value)
		case fields[name] == nil || seen[name]:
			left[i] = part // no field, or after the first value, the one read
		default:
			*fields[name], seen[name] = value, true
		}
	}
	sol.Reference = strings.Join(references, ",")
	return sol, left.list(), true
}
