package kinds

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/qrforge/qrforge/registry"
)

// XRP is an XRP Ledger destination written as an X-address (XLS-5d): the
// classic account and the destination tag in one checksummed string, so
// that a payer cannot drop the tag an exchange needs.
//
// The XRP Ledger has no adopted payment URI: XLS-2d and XLS-32 (xrpl:
// URIs, XRPL Standards) stalled, and the payment request links Xaman reads
// (https://xaman.app/detect/request:...) are one vendor's. Wallets scan a
// bare address (Xaman's string decoder reads r... and X... addresses), so
// the code holds the bare X-address, and an amount is left to the payer's
// wallet.
type XRP struct {
	Address string `json:"address" validate:"required" jsonschema_description:"XRP Ledger account: a classic address (r..., 25 to 35 characters, Base58Check in Ripple's alphabet) or an X-address (X... mainnet, T... testnet, 47 characters, with the destination tag inside). The checksum is verified." identity:"true" title:"XRP address"`
	Tag     string `json:"tag" also:"dt,destination_tag,destinationtag" jsonschema_description:"Destination tag: a whole number from 0 to 4294967295 that tells an exchange or a shared account whose payment it is. Leave it empty when the account needs none; with an X-address it must be the tag inside (or empty)." identity:"true" title:"Destination tag"`
	Network string `json:"network" validate:"omitempty,oneofci=mainnet testnet" jsonschema:"enum=mainnet,enum=testnet" jsonschema_description:"XRP Ledger network of a classic address: mainnet (default, X-address X...) or testnet (T...). An X-address carries its own network; if set, this must match it." title:"Network"`
}

// rippleAlphabet is the XRP Ledger's Base58 alphabet (XRPL docs, Base58
// Encodings): the same 58 characters as Bitcoin's in another order, so a
// string is translated character by character and decoded by btcutil.
const rippleAlphabet = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"

// xAddressPrefix is the two leading bytes of an X-address (XLS-5d
// §Format): 0x05 0x44 on mainnet, 0x04 0x93 on testnet.
var xAddressPrefix = map[bool][2]byte{false: {0x05, 0x44}, true: {0x04, 0x93}}

const xrpDocs = "XRPL docs, Base58 Encodings and XLS-5d X-address format"

func init() {
	registry.Register(registry.Kind[XRP]{
		Name:       "xrp",
		Title:      "XRP",
		AlsoCalled: []string{"ripple"},
		Purpose:    registry.Crypto,
		Summary:    "Share an XRP Ledger address with its destination tag as one X-address (XLS-5d; checksums verified; XRP has no payment URI)",
		Standard: registry.Standard{
			Name:    "XLS-5d",
			Version: "(Tagged Addresses / X-address, XRPL Standards)",
			Section: "§Format",
			URL:     "https://github.com/XRPLF/XRPL-Standards/tree/master/XLS-0005-tagged-addresses/README.md",
		},
		Examples: []XRP{
			{Address: "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", Tag: "13371337"},
			{Address: "X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ"},
			{Address: "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY", Tag: "0", Network: "testnet"},
		},
		Check:        checkXRP,
		Encode:       encodeXRP,
		ParseNotKept: parseXRP,
	})
}

// xrpDecode reads Ripple-alphabet Base58Check: the version byte, the
// payload, and whether the double-SHA-256 checksum matched. ok is false
// when a character is outside the alphabet.
func xrpDecode(s string) (version byte, payload []byte, ok bool, checksum bool) {
	var b strings.Builder
	for _, r := range s {
		i := strings.IndexRune(rippleAlphabet, r)
		if i < 0 {
			return 0, nil, false, false
		}
		b.WriteByte(base58Alphabet[i])
	}
	payload, version, err := base58.CheckDecode(b.String())
	return version, payload, true, err == nil
}

func xrpEncode(version byte, payload []byte) string {
	s := base58.CheckEncode(payload, version)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(rippleAlphabet[strings.IndexByte(base58Alphabet, s[i])])
	}
	return b.String()
}

// xrpAccount is a decoded destination.
type xrpAccount struct {
	id      []byte // the 20-byte account ID
	tag     string // "" for none
	testnet bool
	xAddr   bool // it was written as an X-address
}

// maxXRPAddress is the most characters an X-address's 35 bytes (version,
// 30-byte payload, checksum) take in Base58: 58^48 exceeds 256^35.
const maxXRPAddress = 48

// decodeXRPAddress reads a classic or X-address, or says what is wrong.
func decodeXRPAddress(addr string) (xrpAccount, string) {
	if len(addr) > maxXRPAddress {
		// Base58 decodes in time square to its length: a string longer
		// than any address is none.
		return xrpAccount{}, "is a classic address (r..., 25 to 35 characters) or an X-address (X.../T..., 47 characters, XLS-5d); this one has " + strconv.Itoa(len(addr)) + " (" + xrpDocs + ")"
	}
	version, payload, ok, sum := xrpDecode(addr)
	switch {
	case !ok:
		return xrpAccount{}, "uses Ripple's Base58 alphabet (" + rippleAlphabet + "), without 0, O, I and l (" + xrpDocs + ")"
	case !sum:
		return xrpAccount{}, "checksum (the first 4 bytes of the double SHA-256 of the rest) does not match, or the address is cut short: it has a typo (" + xrpDocs + ")"
	case version == 0x00 && len(payload) == 20:
		return xrpAccount{id: payload}, ""
	case len(payload) == 30:
		prefix := [2]byte{version, payload[0]}
		testnet := prefix == xAddressPrefix[true]
		if !testnet && prefix != xAddressPrefix[false] {
			break
		}
		acct := xrpAccount{id: payload[1:21], testnet: testnet, xAddr: true}
		flags, tag, reserved := payload[21], binary.LittleEndian.Uint32(payload[22:26]), binary.LittleEndian.Uint32(payload[26:30])
		// XLS-5d §Format: flags 0 (no tag) or 1 (32-bit tag); the last
		// four bytes are kept for 64-bit tags and are zero.
		switch {
		case flags > 1 || reserved != 0:
			return xrpAccount{}, "is an X-address with a 64-bit or unknown tag format, which XLS-5d reserves; the ledger's tags are 32-bit (XLS-5d §Format)"
		case flags == 0 && tag != 0:
			return xrpAccount{}, "is an X-address that says it has no tag but carries one (XLS-5d §Format)"
		case flags == 1:
			acct.tag = strconv.FormatUint(uint64(tag), 10)
		}
		return acct, ""
	}
	return xrpAccount{}, "is a classic address (r..., version 0 and a 20-byte account) or an X-address (X.../T..., XLS-5d); this decodes to neither (" + xrpDocs + ")"
}

func checkXRP(x *XRP) []registry.FieldError {
	var errs []registry.FieldError
	x.Address = strings.TrimSpace(x.Address)
	x.Network = strings.ToLower(x.Network)
	x.Tag = strings.TrimSpace(x.Tag)
	if x.Tag != "" {
		if v, err := strconv.ParseUint(x.Tag, 10, 32); err != nil {
			errs = append(errs, registry.FieldError{Field: "tag", Detail: "tag is a whole number from 0 to 4294967295, a 32-bit destination tag (XRPL docs, Source and Destination Tags)"})
		} else {
			x.Tag = strconv.FormatUint(v, 10)
		}
	}
	acct, problem := decodeXRPAddress(x.Address)
	if problem != "" {
		return append(errs, registry.FieldError{Field: "address", Detail: "address " + problem})
	}
	if acct.xAddr {
		if x.Tag != "" && x.Tag != acct.tag {
			what := "no tag"
			if acct.tag != "" {
				what = "tag " + acct.tag
			}
			errs = append(errs, registry.FieldError{Field: "tag", Detail: fmt.Sprintf("the X-address carries %s; leave tag empty or give the classic address with the tag you mean (XLS-5d)", what)})
		}
		if net := map[bool]string{false: "mainnet", true: "testnet"}[acct.testnet]; x.Network != "" && x.Network != net {
			errs = append(errs, registry.FieldError{Field: "network", Detail: "the X-address is a " + net + " address (XLS-5d: X... mainnet, T... testnet); network must match it or be left empty", Fix: net})
		}
	}
	return errs
}

// encodeXRP writes the X-address of the account, its tag and network
// (XLS-5d §Format): prefix, account ID, flags, the tag as 4 bytes
// little-endian and 4 zero bytes, in Base58Check with Ripple's alphabet.
func encodeXRP(x XRP) string {
	acct, _ := decodeXRPAddress(x.Address)
	tag := x.Tag
	testnet := x.Network == "testnet"
	if acct.xAddr {
		tag, testnet = acct.tag, acct.testnet
	}
	prefix := xAddressPrefix[testnet]
	payload := make([]byte, 30)
	payload[0] = prefix[1]
	copy(payload[1:21], acct.id)
	if tag != "" {
		v, _ := strconv.ParseUint(tag, 10, 32)
		payload[21] = 1
		binary.LittleEndian.PutUint32(payload[22:26], uint32(v))
	}
	return xrpEncode(prefix[0], payload)
}

// parseXRP recognises a bare X-address and returns its classic account,
// tag and network, which build the same X-address again. It also reads
// the account links wallets and explorers write, ripple:<address> and
// xrpl:<address> with the destination tag as dt= (the query name of
// XLS-2d's payment links and of the Ripple client's send links); their
// other parameters (amount=, currency=) are named as not kept, as the
// X-address carries no amount.
func parseXRP(p string) (XRP, []string, bool) {
	for _, scheme := range []string{"ripple:", "xrpl:"} {
		if rest, ok := cutSchemeFold(p, scheme); ok {
			return parseXRPLink(strings.TrimPrefix(rest, "//"))
		}
	}
	acct, problem := decodeXRPAddress(p)
	if problem != "" || !acct.xAddr {
		return XRP{}, nil, false
	}
	x := XRP{Address: xrpEncode(0x00, acct.id), Tag: acct.tag}
	if acct.testnet {
		x.Network = "testnet"
	}
	return x, nil, true
}

// parseXRPLink reads <address>[?dt=<tag>&...] after a link's scheme.
func parseXRPLink(rest string) (XRP, []string, bool) {
	addr, query, _ := strings.Cut(rest, "?")
	if _, problem := decodeXRPAddress(addr); problem != "" {
		return XRP{}, nil, false
	}
	values, left, ok := readQuery(query, true, "dt")
	if !ok {
		return XRP{}, nil, false
	}
	return XRP{Address: addr, Tag: values["dt"]}, left.list(), true
}
