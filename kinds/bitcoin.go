package kinds

import (
	"math/big"
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Bitcoin is a BIP21 payment request: bitcoin:<address>?amount=&label=&message=.
//
// The address is checked the way a wallet checks it before paying: the
// Base58Check or bech32/bech32m checksum, the version byte or human-readable
// part, and the witness program rules. Bech32 addresses go into the code in
// uppercase (see encodeBIP21).
type Bitcoin struct {
	Address   string `json:"address" also:"addr,wallet" validate:"required" jsonschema_description:"Bitcoin address, mainnet or testnet: legacy Base58Check P2PKH (1...) or P2SH (3...), or native segwit bech32 v0 (bc1q...) or bech32m v1+ taproot (bc1p...); testnet m.../n.../2.../tb1.... The checksum is verified; a bech32 address is all lowercase or all uppercase." identity:"true" title:"Bitcoin address"`
	Amount    string `json:"amount" jsonschema_description:"Amount in BTC (not satoshis), greater than zero, with '.' as decimal point and at most 8 decimals (0.00125). Omit it to let the payer choose." title:"Amount (BTC)"`
	Recipient string `json:"recipient" also:"name,payee,label" jsonschema_description:"Name of the payee shown by the wallet, written as BIP21's label= parameter. A call's label is refused, with a fix that renames it recipient: qrforge's label is the caption, which this kind's calls write as caption." identity:"true" title:"Payee name"`
	Message   string `json:"message" also:"memo" space:"keep" jsonschema_description:"Note describing the payment, shown to the payer (BIP21 message= parameter)." title:"Message"`
	Lightning string `json:"lightning" jsonschema_description:"Optional Lightning payment for a unified code: a wallet that speaks Lightning pays it, any other pays the address on-chain. A BOLT #11 invoice (lnbc...), an LNURL or a Lightning Address (user@domain, written as its LNURL) goes in lightning=, a BOLT #12 offer (lno1...) in lno= (BIP321), in uppercase. An invoice must be of the address's network (mainnet lnbc with bc1/1/3, test lntb/lntbs/lnbcrt with tb1/m/n/2), and when it names an amount, amount must be the same." identity:"true" title:"Lightning invoice"`
}

var bitcoinChain = coinChain{
	coin: "Bitcoin",
	// Bitcoin Core's chainparams; BIP13 §Specification fixes 5 and 196
	// for P2SH.
	versions: map[byte]string{0x00: "mainnet P2PKH (1...)", 0x05: "mainnet P2SH (3...)", 0x6f: "testnet P2PKH (m.../n...)", 0xc4: "testnet P2SH (2...)"},
	hrps:     map[string]string{"bc": "mainnet", "tb": "testnet"},
	rules:    "BIP13 §Specification and Bitcoin Core's chain parameters",
}

// bitcoinURI is the BIP21 scheme for Bitcoin.
var bitcoinURI = bip21Scheme{
	scheme: "bitcoin",
	chain:  bitcoinChain,
	amount: decimalAmount{
		unit:     "BTC",
		decimals: 8, // 1 satoshi = 0.00000001 BTC
		max:      big.NewRat(21_000_000, 1),
		cite:     "BIP21 §Transfer amount; 1 satoshi = 0.00000001 BTC",
		smaller:  map[string]int{"sat": -8, "sats": -8, "satoshi": -8, "satoshis": -8},
		names:    []string{"bitcoins", "bitcoin"},
	},
}

func init() {
	registry.Register(registry.Kind[Bitcoin]{
		Name:       "bitcoin",
		Currency:   "BTC",
		Title:      "Bitcoin",
		AlsoCalled: []string{"btc"},
		Purpose:    registry.Crypto,
		Common:     true,
		Summary:    "Request a Bitcoin payment (BIP21 bitcoin: URI with amount, payee name and message; address checksum verified)",
		Standard: registry.Standard{
			Name:    "BIP21",
			Version: "(URI Scheme, 2012) with BIP13, BIP173 and BIP350 addresses",
			Section: "§Specification",
			URL:     "https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki",
		},
		Examples: []Bitcoin{
			{Address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", Amount: "0.001", Recipient: "Luke-Jr", Message: "Donation for project xyz"},
			{Address: "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", Amount: "20.3", Recipient: "Luke-Jr"},
			{Address: "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"},
			{Address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", Amount: "0.0025", Message: "cup of coffee", Lightning: "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"},
		},
		Check: func(b *Bitcoin) []registry.FieldError {
			errs := bitcoinURI.check(&b.Address, &b.Amount, b.Recipient, b.Message)
			if b.Lightning != "" {
				canon, problem, fix := checkLightning(b.Lightning)
				if problem != "" {
					return append(errs, registry.FieldError{Field: "lightning", Detail: "lightning: " + problem, Fix: fix})
				}
				b.Lightning = canon
			}
			if len(errs) == 0 && b.Lightning != "" {
				errs = checkUnified(b.Address, b.Amount, b.Lightning)
			}
			return errs
		},
		Encode: func(b Bitcoin) string {
			// A BOLT #12 offer goes in lno=, an invoice or LNURL in
			// lightning= (BIP321 §Lightning).
			key := "lightning"
			if strings.HasPrefix(b.Lightning, "lno1") {
				key = "lno"
			}
			return bitcoinURI.encode(b.Address, b.Amount, b.Recipient, b.Message, uriQueryPair{key, strings.ToUpper(b.Lightning)})
		},
		ParseNotKept: func(p string) (Bitcoin, []string, bool) {
			var b Bitcoin
			left, ok := bitcoinURI.parse(p, &b.Address, &b.Amount, &b.Recipient, &b.Message, map[string]*string{"lightning": &b.Lightning, "lno": &b.Lightning})
			if canon, problem, _ := checkLightning(b.Lightning); ok && b.Lightning != "" && problem == "" {
				b.Lightning = canon
			}
			return b, left, ok
		},
	})
}

// bip21Scheme is a BIP21-style payment URI for one chain: Bitcoin's own,
// or a chain that copied it (litecoin:).
type bip21Scheme struct {
	scheme string
	chain  coinChain
	amount decimalAmount
}

// check validates the fields and puts the address in canonical form.
func (s bip21Scheme) check(address, amount *string, recipient, message string) []registry.FieldError {
	var errs []registry.FieldError
	*address = strings.TrimSpace(*address)
	if canon, bad := s.chain.check(*address); bad != nil {
		errs = append(errs, registry.FieldError{Field: "address", Detail: "address: " + bad.detail, Fix: bad.fix})
	} else {
		*address = canon
	}
	if *amount != "" {
		*amount = strings.TrimSpace(*amount)
		if problem, fix := s.amount.check(*amount); problem != "" {
			errs = append(errs, registry.FieldError{Field: "amount", Detail: problem, Fix: fix})
		}
	}
	return append(errs, checkTextFields(textField{"recipient", recipient}, textField{"message", message})...)
}

// encode writes scheme:ADDRESS?amount=&label=&message=. The scheme stays
// lowercase, as every wallet matches it. A bech32 address is written in
// uppercase: BIP173 §Uppercase/lowercase says QR codes SHOULD, since it
// lets the address use QR alphanumeric mode, and BOLT11 and the unified-QR
// convention do the same. Base58 addresses are case-sensitive and stay as
// they are, and so does the query: BIP21 §ABNF grammar makes keys
// case-sensitive. Values are UTF-8 percent-encoded with %20 for spaces
// (BIP21 §General Format). extra parameters follow, written as given.
func (s bip21Scheme) encode(address, amount, recipient, message string, extra ...uriQueryPair) string {
	if s.chain.isSegwit(address) {
		address = strings.ToUpper(address)
	}
	params := []uriQueryPair{{"amount", amount}, {"label", pctEncode(recipient)}, {"message", pctEncode(message)}}
	return withQuery(s.scheme+":"+address, append(params, extra...)...)
}

// parse reads scheme:<address>?... in any case of the scheme (BIP21:
// implementations must accept any combination). A req- parameter makes the
// whole URI one this kind cannot honour (BIP21 §Forward compatibility);
// other parameters, which BIP21 lets a wallet ignore, are returned as not
// kept unless extra names them, as is the earlier value of a parameter
// given twice.
func (s bip21Scheme) parse(p string, address, amount, recipient, message *string, extra map[string]*string) ([]string, bool) {
	rest, ok := cutSchemeFold(p, s.scheme+":")
	if !ok {
		return nil, false
	}
	addr, query, _ := strings.Cut(rest, "?")
	if addr == "" {
		return nil, false
	}
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return nil, false
	}
	raw := strings.Split(query, "&")
	left := notKept{}
	setBy := map[*string]int{}
	for i, pair := range pairs {
		var dst *string
		switch {
		case raw[i] == "":
			continue
		case pair.name == "amount":
			dst = amount
		case pair.name == "label":
			dst = recipient
		case pair.name == "message":
			dst = message
		case strings.HasPrefix(pair.name, "req-"):
			return nil, false
		case extra[pair.name] != nil:
			dst = extra[pair.name]
		default:
			left[i] = raw[i]
			continue
		}
		if j, given := setBy[dst]; given {
			left[j] = raw[j] // the later value is the one read
		}
		*dst, setBy[dst] = pair.value, i
	}
	*amount = bip21Amount(*amount)
	*address = s.chain.canonical(addr)
	return left.list(), true
}

// bip21Amount writes an amount BIP21's grammar lets go without digits on
// one side of the point (§ABNF grammar: amountparam = "amount=" *digit
// [ "." *digit ]; .5 and 5.) with them, as the kind's amounts are written:
// the same number. Anything else is left for the kind's check.
func bip21Amount(a string) string {
	if !bip21Bare.MatchString(a) || a == "." {
		return a
	}
	if strings.HasPrefix(a, ".") {
		a = "0" + a
	}
	return strings.TrimSuffix(a, ".")
}

// bip21Bare is an amount with no digit before or after its point.
var bip21Bare = regexp.MustCompile(`^(\.[0-9]+|[0-9]+\.)$`)
