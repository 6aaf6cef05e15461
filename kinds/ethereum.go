package kinds

import (
	"encoding/hex"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
	"golang.org/x/crypto/sha3"
)

// Ethereum is an ERC-681 (EIP-681) transaction request: a payment in ether,
// ethereum:<address>[@<chain_id>]?value=<wei>, or with token set an ERC-20
// transfer, ethereum:<token>[@<chain_id>]/transfer?address=<to>&uint256=<amount>.
//
// Amounts are emitted as plain integers. EIP-681 §Semantics encourages
// scientific notation (2.014e18), and qrforge accepts it on input and in
// parsed payloads, but a plain integer cannot be misread by a wallet that
// implements the number grammar partly.
type Ethereum struct {
	Address  string `json:"address" validate:"required" jsonschema_description:"Payee address: 0x and 40 hex digits. Mixed case must carry a valid EIP-55 checksum; all-lowercase or all-uppercase hex is accepted. Written with its EIP-55 checksum. With token set, this is the recipient of the tokens. ENS names are not accepted." identity:"true" title:"Payee address"`
	ChainID  string `json:"chain_id" jsonschema_description:"Decimal chain ID (1 Ethereum mainnet, 10 OP Mainnet, 137 Polygon, 8453 Base, 11155111 Sepolia ...). Omitted, the wallet uses whatever network it is on (EIP-681 §Semantics)." title:"Chain ID"`
	Value    string `json:"value" jsonschema_description:"Amount as an integer in the smallest unit: wei for ether (1 ETH = 1000000000000000000), or the token's atomic units when token is set (USDC has 6 decimals: 1 USDC = 1000000). Scientific notation with an integer result is accepted (2.014e18). Omit it to let the payer choose." title:"Amount (smallest unit)"`
	Token    string `json:"token" jsonschema_description:"ERC-20 token contract address (0x and 40 hex digits). When set, the code asks for a transfer of value token units to address, instead of ether." identity:"true" title:"Token contract"`
	GasLimit string `json:"gas_limit" jsonschema_description:"Suggested gas limit, an integer (EIP-681 gasLimit)." title:"Gas limit"`
	GasPrice string `json:"gas_price" jsonschema_description:"Suggested gas price in wei, an integer (EIP-681 gasPrice)." title:"Gas price (wei)"`
}

const eip681Doc = "ERC-681 §Syntax"

var (
	// eip681Number is the number rule of ERC-681 §Syntax without the sign:
	// amounts are never negative.
	eip681Number = regexp.MustCompile(`^\+?([0-9]*)(?:\.([0-9]+))?(?:[eE]([0-9]*))?$`)
	chainIDRule  = regexp.MustCompile(`^[0-9]+$`)
	// uint256Max is the largest value any of these numbers can carry.
	uint256Max = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
)

// chainIDs are the IDs of networks named rather than numbered, for a fix:
// a name the caller wrote becomes its number, and nothing else does, for a
// chain ID the caller did not name would send the payment elsewhere
// (chainlist.org; EIP-155).
var chainIDs = map[string]string{"mainnet": "1", "ethereum": "1", "sepolia": "11155111", "holesky": "17000",
	"optimism": "10", "bsc": "56", "polygon": "137", "base": "8453", "arbitrum": "42161"}

func init() {
	registry.Register(registry.Kind[Ethereum]{
		Name:       "ethereum",
		Title:      "Ethereum",
		AlsoCalled: []string{"eth", "erc20", "erc-20"},
		Purpose:    registry.Crypto,
		Common:     true,
		Summary:    "Request an Ethereum payment in ether or an ERC-20 token (ERC-681 ethereum: URI; EIP-55 address checksum verified)",
		Standard: registry.Standard{
			Name:    "ERC-681",
			Version: "(URL Format for Transaction Requests, Final) with ERC-55 address checksums",
			Section: "§Syntax, §Semantics",
			URL:     "https://eips.ethereum.org/EIPS/eip-681",
		},
		Examples: []Ethereum{
			{Address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", Value: "2014000000000000000"},
			{Address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", ChainID: "1", Value: "1000000", Token: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"},
			{Address: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", ChainID: "11155111", Value: "1e16", GasLimit: "21000"},
		},
		Check:        checkEthereum,
		Encode:       encodeEthereum,
		ParseNotKept: parseEthereum,
	})
}

func checkEthereum(e *Ethereum) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range []struct {
		name  string
		value *string
	}{{"address", &e.Address}, {"token", &e.Token}} {
		if *f.value == "" {
			continue
		}
		canon, problem := checkEthAddress(strings.TrimSpace(*f.value))
		if problem != "" {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " " + problem, Fix: ""})
			continue
		}
		*f.value = canon
	}
	if e.ChainID != "" {
		id, ok := new(big.Int).SetString(e.ChainID, 10)
		if !chainIDRule.MatchString(e.ChainID) || !ok || id.Sign() == 0 {
			errs = append(errs, registry.FieldError{Field: "chain_id", Detail: "chain_id is a decimal chain ID greater than zero, digits only (" + eip681Doc + ": chain_id = 1*DIGIT)", Fix: chainIDs[strings.ToLower(strings.TrimSpace(e.ChainID))]})
		} else {
			e.ChainID = id.String()
		}
	}
	valueUnit := "wei"
	if e.Token != "" {
		valueUnit = "" // the token's atomic units, which have no one name
	}
	for _, f := range []struct {
		name, what string
		value      *string
		unit       string
	}{{"value", "an amount in the smallest unit (wei)", &e.Value, valueUnit}, {"gas_limit", "a gas limit", &e.GasLimit, ""}, {"gas_price", "a gas price in wei", &e.GasPrice, "wei"}} {
		if *f.value == "" {
			continue
		}
		n, problem := parseEIP681Integer(strings.TrimSpace(*f.value))
		if problem != "" {
			fix := eip681IntegerFix(*f.value, f.unit)
			if f.unit == "wei" && fix == "" {
				fix = etherInWei(*f.value)
			}
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is " + f.what + ": " + problem, Fix: fix})
			continue
		}
		*f.value = n.String()
	}
	return errs
}

// eip681IntegerFix writes a whole number as people write one (grouped
// by thousands, 1,000,000, or with its unit beside it, 2014000000000000000
// wei) in digits only, the form ERC-681 §Syntax takes; "" when it has no
// one reading or is not whole. An amount in another unit of ether is
// etherInWei's.
func eip681IntegerFix(s, unit string) string {
	var units []string
	if unit != "" {
		units = append(units, unit)
	}
	whole, frac, ok := readAmount(s, units...)
	if !ok || strings.Trim(frac, "0") != "" {
		return ""
	}
	n, problem := parseEIP681Integer(whole)
	if problem != "" {
		return ""
	}
	return n.String()
}

// etherUnits are ether's units by their power of ten in wei (Ethereum
// yellow paper, Appendix E: 1 ether = 10^18 wei; 1 gwei = 10^9 wei).
var etherUnits = map[string]int{"eth": 18, "ether": 18, "finney": 15, "szabo": 12, "gwei": 9, "mwei": 6, "kwei": 3}

// etherInWei writes an amount of ether written in another unit (0.5 ETH,
// 2 gwei) in wei, exactly, as ERC-681's value takes it; "" when it would
// need a fraction of a wei (0.1234567890123456789 ETH) or has no one
// reading.
func etherInWei(s string) string {
	n, exp, ok := numberInUnit(s, etherUnits, false)
	if !ok {
		return ""
	}
	v := scaled(n, exp)
	if !v.IsInt() || v.Sign() == 0 {
		return ""
	}
	return v.Num().String()
}

// checkEthAddress validates a hex address and returns it with its EIP-55
// checksum, or what is wrong with it.
func checkEthAddress(a string) (string, string) {
	digits, ok := strings.CutPrefix(a, "0x")
	switch {
	case !ok:
		return "", "starts with 0x (lowercase x) followed by 40 hex digits (" + eip681Doc + ": ethereum_address = \"0x\" 40*HEXDIG)"
	case !isHexString(digits) && digits != "":
		return "", "has only hex digits 0-9 and a-f after 0x (" + eip681Doc + ")"
	case len(digits) != 40:
		return "", "is 20 bytes: 40 hex digits after 0x; this one has " + itoa(len(digits)) + " (" + eip681Doc + ")"
	}
	sum := eip55(digits)
	if digits != strings.ToLower(digits) && digits != strings.ToUpper(digits) && "0x"+digits != sum {
		return "", "has mixed case, so it carries an EIP-55 checksum, and the checksum does not match: the address has a typo (ERC-55 §Specification)"
	}
	return sum, ""
}

// eip55 writes 40 hex digits with the ERC-55 checksum: a letter is
// uppercase when the matching nibble of keccak256(lowercase hex) is 8 or
// more. Keccak-256 is Ethereum's original Keccak, not NIST SHA3-256.
func eip55(digits string) string {
	lower := strings.ToLower(digits)
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(lower))
	hash := hex.EncodeToString(h.Sum(nil))
	out := []byte(lower)
	for i, c := range out {
		if c >= 'a' && hash[i] >= '8' {
			out[i] = c - 'a' + 'A'
		}
	}
	return "0x" + string(out)
}

// parseEIP681Integer reads an ERC-681 number that must be a whole,
// non-negative integer: the exponent must be at least the number of
// decimals after the point (ERC-681 §Syntax).
func parseEIP681Integer(s string) (*big.Int, string) {
	m := eip681Number.FindStringSubmatch(s)
	if m == nil || m[1] == "" && m[2] == "" {
		return nil, "write a whole number with digits only (1000000) or in scientific notation (2.014e18); no minus sign, comma, unit or hex (" + eip681Doc + ")"
	}
	exp := 0
	if m[3] != "" {
		e := strings.TrimLeft(m[3], "0")
		if len(e) > 2 {
			return nil, "the exponent is too large for a 256-bit value (" + eip681Doc + ")"
		}
		exp, _ = strconv.Atoi("0" + e)
		if exp > 78 {
			return nil, "the exponent is too large for a 256-bit value (" + eip681Doc + ")"
		}
	}
	if len(m[2]) > exp {
		return nil, "the value is a whole number: the exponent must be at least the number of decimals after the point (" + eip681Doc + ": only integer numbers are allowed)"
	}
	digits := m[1] + m[2] + strings.Repeat("0", exp-len(m[2]))
	n, _ := new(big.Int).SetString("0"+digits, 10)
	if n.Cmp(uint256Max) > 0 {
		return nil, "the value does not fit in 256 bits (" + eip681Doc + ")"
	}
	return n, ""
}

// encodeEthereum writes the ether or the ERC-20 form. Without a function
// the address is the payee and value is in wei; with token the token
// contract is the target and the payee and amount become the transfer
// arguments (ERC-681 §Semantics).
func encodeEthereum(e Ethereum) string {
	target, path := e.Address, ""
	params := []uriQueryPair{{"value", e.Value}}
	if e.Token != "" {
		target, path = e.Token, "/transfer"
		params = []uriQueryPair{{"address", e.Address}, {"uint256", e.Value}}
	}
	params = append(params, uriQueryPair{"gasLimit", e.GasLimit}, uriQueryPair{"gasPrice", e.GasPrice})
	if e.ChainID != "" {
		target += "@" + e.ChainID
	}
	return withQuery("ethereum:"+target+path, params...)
}

// parseEthereum reads the two forms qrforge writes, with or without the
// pay- prefix and with gas for gasLimit (ERC-681 §Semantics treats them as
// synonyms). Other functions and ENS names are left alone: this kind could
// not build them again. Other parameters, address= of a plain transfer
// and the earlier value of a parameter given twice are named as not kept.
func parseEthereum(p string) (Ethereum, []string, bool) {
	rest, ok := cutSchemeFold(p, "ethereum:")
	if !ok {
		return Ethereum{}, nil, false
	}
	rest = strings.TrimPrefix(rest, "pay-")
	head, query, _ := strings.Cut(rest, "?")
	head, function, _ := strings.Cut(head, "/")
	target, chain, _ := strings.Cut(head, "@")
	if function != "" && function != "transfer" || len(target) != 42 || !strings.HasPrefix(target, "0x") || !isHexString(target[2:]) {
		return Ethereum{}, nil, false
	}
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return Ethereum{}, nil, false
	}
	e := Ethereum{ChainID: chain}
	raw, left, setBy := strings.Split(query, "&"), notKept{}, map[*string]int{}
	for i, pair := range pairs {
		var dst *string
		switch pair.name {
		case "gas", "gasLimit":
			dst = &e.GasLimit
		case "gasPrice":
			dst = &e.GasPrice
		case "value":
			if function != "" {
				return Ethereum{}, nil, false // ether sent along with a call
			}
			dst = &e.Value
		case "address":
			if function != "" {
				dst = &e.Address
			}
		case "uint256":
			dst = &e.Value
		}
		switch {
		case raw[i] == "":
			continue
		case dst == nil:
			left[i] = raw[i]
			continue
		}
		if j, given := setBy[dst]; given {
			left[j] = raw[j] // the later value is the one read
		}
		*dst, setBy[dst] = pair.value, i
	}
	if function == "" {
		e.Address = target
	} else {
		e.Token = target
		if e.Address == "" {
			return Ethereum{}, nil, false
		}
	}
	return e, left.list(), true
}
