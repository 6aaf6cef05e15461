package kinds

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/qrforge/qrforge/registry"
	"golang.org/x/crypto/sha3"
)

// Monero is a monero: payment URI as the Monero project documents it
// (monero-project/monero docs/URI_SCHEME.md, "URI Formatting", §TX Scheme):
// monero:<address>?tx_amount=&recipient_name=&tx_description=, the
// parameters in the order wallet2::make_uri writes them.
//
// The address is checked as wallet2 checks it: Monero's block-wise Base58,
// a network prefix of a known address type, the length of that type, and
// the first four bytes of the Keccak-256 hash of the rest as checksum
// (cryptonote_basic_impl.cpp get_account_address_from_str). Whether the
// two keys are points of the curve is left to the wallet.
type Monero struct {
	Address     string `json:"address" validate:"required" jsonschema_description:"Monero address: a standard address (95 characters, 4... on mainnet), a subaddress (95, 8...) or an integrated address (106, 4... with a payment ID inside); testnet (9.../B...) and stagenet (5.../7...) are accepted too. The Keccak-256 checksum and the length of the type are verified." identity:"true" title:"Monero address"`
	Amount      string `json:"amount" also:"tx_amount" jsonschema_description:"Amount in XMR, greater than zero, with '.' as decimal point and at most 12 decimals (1 piconero = 0.000000000001 XMR), written as tx_amount=. Omit it to let the payer choose." title:"Amount (XMR)"`
	Recipient   string `json:"recipient" also:"recipient_name,name" jsonschema_description:"Name of the payee shown by the wallet (recipient_name= parameter)." identity:"true" title:"Payee name"`
	Description string `json:"description" also:"tx_description" space:"keep" jsonschema_description:"What the payment is for, shown by the wallet and kept in its history (tx_description= parameter)." title:"Description"`
}

// moneroNetworks maps a network prefix byte to the address type it
// starts, from cryptonote_config.h (CRYPTONOTE_PUBLIC_ADDRESS_BASE58_PREFIX,
// _INTEGRATED_ADDRESS_, _SUBADDRESS_ of mainnet, testnet and stagenet).
// Every prefix is below 0x80, so its varint is that one byte.
var moneroNetworks = map[byte]struct{ what string }{
	18: {"mainnet standard"}, 19: {"mainnet integrated"}, 42: {"mainnet subaddress"},
	53: {"testnet standard"}, 54: {"testnet integrated"}, 63: {"testnet subaddress"},
	24: {"stagenet standard"}, 25: {"stagenet integrated"}, 36: {"stagenet subaddress"},
}

const moneroAddressDoc = "Monero address format: cryptonote_config.h prefixes, Base58 in 8-byte blocks, Keccak-256 checksum"

// moneroAmount: an amount is a uint64 count of piconero in wallet2
// (parse_uri refuses a larger tx_amount), so that is the largest.
var moneroAmount = decimalAmount{
	unit:     "XMR",
	decimals: 12,
	max:      mustRat("18446744.073709551615"),
	// The piconero, 10^-12 XMR, is the atomic unit wallet2 counts in.
	smaller: map[string]int{"piconero": -12, "piconeros": -12},
	names:   []string{"monero"},
	cite:    "Monero URI Formatting §TX Scheme tx_amount; wallet2 amounts are uint64 piconero, 1 piconero = 0.000000000001 XMR",
}

func mustRat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

func init() {
	registry.Register(registry.Kind[Monero]{
		Name:       "monero",
		Currency:   "XMR",
		Title:      "Monero",
		AlsoCalled: []string{"xmr"},
		Purpose:    registry.Crypto,
		Summary:    "Request a Monero payment (monero: URI with amount, payee name and description; address checksum verified)",
		Standard: registry.Standard{
			Name:    "Monero URI Formatting",
			Version: "(monero-project/monero docs/URI_SCHEME.md)",
			Section: "§TX Scheme",
			URL:     "https://github.com/monero-project/monero/blob/master/docs/URI_SCHEME.md",
		},
		Examples: []Monero{
			{Address: "46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em", Amount: "239.39014", Description: "donation"},
			{Address: "888tNkZrPN6JsEgekjMnABU4TBzc2Dt29EPAvkRxbANsAnjyPbb3iQ1YBRk1UXcdRsiKc9dhwMVgN5S9cQUiyoogDavup3H", Recipient: "Monero General Fund"},
		},
		Check:        checkMonero,
		Encode:       encodeMonero,
		ParseNotKept: parseMonero,
	})
}

func checkMonero(m *Monero) []registry.FieldError {
	var errs []registry.FieldError
	m.Address = strings.TrimSpace(m.Address)
	if problem := checkMoneroAddress(m.Address); problem != "" {
		errs = append(errs, registry.FieldError{Field: "address", Detail: "address " + problem})
	}
	if m.Amount != "" {
		m.Amount = strings.TrimSpace(m.Amount)
		if problem, fix := moneroAmount.check(m.Amount); problem != "" {
			errs = append(errs, registry.FieldError{Field: "amount", Detail: problem, Fix: fix})
		}
	}
	return append(errs, checkTextFields(textField{"recipient", m.Recipient}, textField{"description", m.Description})...)
}

// checkMoneroAddress returns what is wrong with addr, or "".
func checkMoneroAddress(addr string) string {
	if i := strings.IndexFunc(addr, func(r rune) bool { return !strings.ContainsRune(base58Alphabet, r) }); i >= 0 {
		return fmt.Sprintf("is Base58: %q is not in the alphabet, which leaves out 0, O, I and l (%s)", []rune(addr[i:])[0], moneroAddressDoc)
	}
	raw, ok := moneroBase58Decode(addr)
	if !ok || len(raw) < 5 {
		return "is not valid Monero Base58: it is read in blocks of 11 characters for 8 bytes, and its last block has a length no block has (" + moneroAddressDoc + ")"
	}
	net, known := moneroNetworks[raw[0]]
	if !known {
		return fmt.Sprintf("starts with network prefix %d, which is no Monero address type (%s)", raw[0], moneroAddressDoc)
	}
	// A prefix byte, the public spend and view keys (32 bytes each), for an
	// integrated address an 8-byte payment ID, and the checksum.
	want := 1 + 64 + 4
	if strings.HasSuffix(net.what, "integrated") {
		want += 8
	}
	if len(raw) != want {
		return fmt.Sprintf("is a %s address, which decodes to %d bytes; this one gives %d: a character is missing or extra (%s)", net.what, want, len(raw), moneroAddressDoc)
	}
	body, sum := raw[:len(raw)-4], raw[len(raw)-4:]
	h := sha3.NewLegacyKeccak256()
	h.Write(body)
	if string(h.Sum(nil)[:4]) != string(sum) {
		return "checksum (the first 4 bytes of the Keccak-256 hash of the rest) does not match: the address has a typo (" + moneroAddressDoc + ")"
	}
	return ""
}

// moneroBlockSizes[n] is the number of Base58 characters of an n-byte
// block (Monero src/common/base58.cpp encoded_block_sizes).
var moneroBlockSizes = [...]int{0, 2, 3, 5, 6, 7, 9, 10, 11}

// moneroBase58Decode reverses Monero's Base58: the data is cut in 8-byte
// blocks, each written as exactly 11 characters (the last, shorter block
// as many as moneroBlockSizes gives), so that addresses have a fixed
// length. Each block is a big-endian number that must fit its bytes.
func moneroBase58Decode(s string) ([]byte, bool) {
	var out []byte
	for len(s) > 0 {
		n := min(len(s), 11)
		size := -1
		for bytes, chars := range moneroBlockSizes {
			if chars == n {
				size = bytes
			}
		}
		if size < 0 {
			return nil, false
		}
		v := new(big.Int)
		for _, c := range s[:n] {
			v.Mul(v, big.NewInt(58))
			v.Add(v, big.NewInt(int64(strings.IndexRune(base58Alphabet, c))))
		}
		if v.BitLen() > 8*size {
			return nil, false
		}
		out = append(out, v.FillBytes(make([]byte, size))...)
		s = s[n:]
	}
	return out, true
}

// encodeMonero writes the URI with its values percent-encoded as UTF-8,
// %20 for a space (the functional tests of wallet2's make_uri: "spaces
// must be encoded as %20").
func encodeMonero(m Monero) string {
	return withQuery("monero:"+m.Address,
		uriQueryPair{"tx_amount", m.Amount},
		uriQueryPair{"recipient_name", pctEncode(m.Recipient)},
		uriQueryPair{"tx_description", pctEncode(m.Description)})
}

// parseMonero reads a single-recipient URI as wallet2::parse_uri does: a
// repeated parameter or the deprecated tx_payment_id makes it invalid,
// unknown parameters are ignored and named as not kept. Several recipients (addresses joined by
// ';') are not a payload this kind writes, and are left alone.
func parseMonero(p string) (Monero, []string, bool) {
	rest, ok := cutSchemeFold(p, "monero:")
	if !ok {
		return Monero{}, nil, false
	}
	addr, query, _ := strings.Cut(rest, "?")
	if addr == "" || strings.Contains(addr, ";") || base58.Decode(addr) == nil {
		return Monero{}, nil, false
	}
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return Monero{}, nil, false
	}
	m := Monero{Address: addr}
	seen := map[string]bool{}
	raw, left := strings.Split(query, "&"), notKept{}
	for i, pair := range pairs {
		if seen[pair.name] || pair.name == "tx_payment_id" {
			return Monero{}, nil, false
		}
		seen[pair.name] = true
		switch pair.name {
		case "tx_amount":
			m.Amount = pair.value
		case "recipient_name":
			m.Recipient = pair.value
		case "tx_description":
			m.Description = pair.value
		default:
			if raw[i] != "" {
				left[i] = raw[i]
			}
		}
	}
	return m, left.list(), true
}
