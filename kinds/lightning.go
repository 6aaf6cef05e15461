package kinds

import (
	"errors"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/btcsuite/btcd/btcutil/bech32"
	"github.com/qrforge/qrforge/registry"
)

// Lightning is a Lightning Network payment: a BOLT #11 invoice or an LNURL
// (LUD-01), written lightning:<INVOICE> in uppercase.
//
// BOLT #11 §Encoding Overview recommends the lightning: prefix and says a
// writer SHOULD use upper case in QR codes (so the bech32 string uses
// alphanumeric mode); LUD-01 says the same of LNURLs. The prefix stays
// lowercase, the form wallets register.
//
// What is checked is what a reader checks before anything else: the bech32
// checksum without the 90-character limit, the human-readable part
// (currency and amount) and, for an invoice, room for the timestamp and
// signature. The signature itself is not verified: that needs the payee's
// node key and secp256k1, and a wallet verifies it when it pays.
type Lightning struct {
	Invoice string `json:"invoice" validate:"required" jsonschema_description:"A BOLT #11 invoice (lnbc..., lntb..., lntbs..., lnbcrt...), a BOLT #12 offer (lno1...), an LNURL (lnurl1...) or a Lightning Address (user@domain, LUD-16), with or without the lightning: prefix, in lowercase or uppercase but not mixed. The bech32 checksum of an invoice or LNURL is verified; an offer, which has none, must be a well-formed TLV stream. A Lightning Address is written as the LNURL it resolves to (https://domain/.well-known/lnurlp/user), which every LNURL wallet reads. Invoices expire (one hour by default, BOLT #11 x): an expired one is drawn with a warning, and for a printed code use an offer, an LNURL or an address." identity:"true" title:"Invoice or LNURL"`
}

// boltExample is the BOLT #11 §Examples donation invoice. It is never a
// fix: an invoice that cannot be repaired gets none.
const boltExample = "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql"

var (
	// boltPrefix splits a BOLT #11 human-readable part into the currency
	// prefix (BOLT #11 §Human-Readable Part names bc, tb, tbs and bcrt)
	// and the rest, which is the amount.
	boltPrefix = regexp.MustCompile(`^ln(bcrt|bc|tbs|tb)(.*)$`)
	boltAmount = regexp.MustCompile(`^(?:([0-9]+)([munp]?))?$`)
)

func init() {
	registry.Register(registry.Kind[Lightning]{
		Name:       "lightning",
		Title:      "Lightning",
		AlsoCalled: []string{"bolt11", "lnurl", "ln"},
		Purpose:    registry.Crypto,
		Summary:    "Pay over the Lightning Network (BOLT #11 invoice or LNURL, lightning: URI in uppercase; bech32 checksum verified)",
		Standard: registry.Standard{
			Name:    "BOLT #11",
			Version: "(Invoice Protocol for Lightning Payments, March 2026) and LUD-01 for LNURL",
			Section: "§Encoding Overview, §Human-Readable Part, §Data Part",
			URL:     "https://github.com/lightning/bolts/blob/master/11-payment-encoding.md",
		},
		Examples: []Lightning{
			{Invoice: boltExample},
			{Invoice: "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"},
		},
		Check: func(l *Lightning) []registry.FieldError {
			canon, problem, fix := checkLightning(l.Invoice)
			if problem != "" {
				return []registry.FieldError{{Field: "invoice", Detail: "invoice: " + problem, Fix: fix}}
			}
			l.Invoice = canon
			return nil
		},
		Encode:  func(l Lightning) string { return "lightning:" + strings.ToUpper(l.Invoice) },
		Parse:   parseLightning,
		Expires: lightningExpiry,
	})
}

// checkLightning validates an invoice or LNURL and returns it in lowercase
// without the lightning: prefix, or what is wrong and a valid replacement.
func checkLightning(s string) (canon, problem, fix string) {
	s = strings.TrimSpace(s)
	s = withoutLightningScheme(s)
	if lnurl, problem, ok := lud17LNURL(s); ok {
		return lnurl, problem, ""
	}
	if strings.Contains(s, "@") {
		lnurl, problem := lightningAddressLNURL(s)
		return lnurl, problem, ""
	}
	if len(s) > 4 && strings.EqualFold(s[:4], "lno1") || strings.HasPrefix(strings.ToLower(s), "l+") {
		offer, problem := checkOffer(s)
		return offer, problem, ""
	}
	if lower := strings.ToLower(s); strings.HasPrefix(lower, "lnr1") || strings.HasPrefix(lower, "lni1") {
		return "", "an invoice request (lnr1) or a BOLT #12 invoice (lni1) is exchanged between nodes, not shown to a payer; a QR code holds the offer, lno1... (BOLT #12 §Offers)", ""
	}
	// BOLT #11 §Encoding Overview: a reader parses the invoice as BIP173
	// Bech32 "also without the character limit".
	hrp, data, encoding, err := bech32.DecodeNoLimitWithVersion(s)
	if err != nil {
		var checksum bech32.ErrInvalidChecksum
		var nonChar bech32.ErrNonCharsetChar
		var char bech32.ErrInvalidCharacter
		switch {
		case errors.As(err, new(bech32.ErrMixedCase)):
			fix := ""
			if c, p, _ := checkLightning(strings.ToLower(s)); p == "" {
				fix = c
			}
			return "", "an invoice is all lowercase or all uppercase, never mixed (BOLT #11 §Encoding Overview, BIP173 §Uppercase/lowercase)", fix
		case errors.As(err, &checksum):
			return "", "the bech32 checksum does not match: the invoice was altered or mistyped, and a reader MUST fail the payment (BOLT #11 §Encoding Overview)", ""
		case errors.As(err, &nonChar), errors.As(err, &char):
			return "", "after the last '1' an invoice uses only the bech32 characters qpzry9x8gf2tvdw0s3jn54khce6mua7l: no 'b', 'i', 'o' or '1' (BIP173 §Bech32)", ""
		}
		return "", "not a bech32 string: an invoice is <prefix>1<data><checksum> (BOLT #11 §Encoding Overview, BIP173 §Bech32)", ""
	}
	if encoding != bech32.Version0 {
		return "", "invoices and LNURLs carry a Bech32 checksum (BIP173), not Bech32m", ""
	}
	if hrp == "lnurl" {
		if problem := checkLNURL(data); problem != "" {
			return "", problem, ""
		}
		return strings.ToLower(s), "", ""
	}
	m := boltPrefix.FindStringSubmatch(hrp)
	if m == nil {
		return "", "the prefix " + hrp + " is not a Lightning invoice's: ln and a currency, lnbc (Bitcoin), lntb (testnet), lntbs (signet) or lnbcrt (regtest), then an optional amount (BOLT #11 §Human-Readable Part); or lnurl for an LNURL (LUD-01)", ""
	}
	amount := boltAmount.FindStringSubmatch(m[2])
	switch {
	case amount == nil:
		return "", "the amount after " + "ln" + m[1] + " is digits followed by an optional multiplier m, u, n or p; " + m[2] + " is not (BOLT #11 §Human-Readable Part: a reader MUST fail the payment)", ""
	case amount[2] == "p" && !strings.HasSuffix(amount[1], "0"):
		return "", "an amount with the p (pico) multiplier ends in 0, since less than a millisatoshi cannot be paid (BOLT #11 §Human-Readable Part)", ""
	}
	// BOLT #11 §Data Part: a 35-bit timestamp (7 characters) and a 520-bit
	// signature (104 characters) at least.
	if len(data) < 7+104 {
		return "", "the invoice is too short to hold its timestamp and signature (BOLT #11 §Data Part)", ""
	}
	return strings.ToLower(s), "", ""
}

// withoutLightningScheme is s without its lightning: scheme, written
// lightning:// too: the "//" of a URL's authority, which a lightning: URI
// has not (BOLT #11 §Encoding Overview writes lightning:<invoice>), and
// after which the same invoice follows.
func withoutLightningScheme(s string) string {
	rest, ok := cutSchemeFold(s, "lightning:")
	if !ok {
		return s
	}
	return strings.TrimPrefix(rest, "//")
}

// checkLNURL checks that an LNURL's data is an https:// URL or an http://
// onion URL (LUD-01 §HTTPS or Onion).
func checkLNURL(data []byte) string {
	raw, err := bech32.ConvertBits(data, 5, 8, false)
	if err != nil || !utf8.Valid(raw) {
		return "an LNURL is the bech32 encoding of a URL, and this one does not decode to text (LUD-01)"
	}
	u, err := url.Parse(string(raw))
	if err != nil || u.Host == "" || !(u.Scheme == "https" || u.Scheme == "http" && strings.HasSuffix(u.Hostname(), ".onion")) {
		return "an LNURL encodes an https:// URL, or an http:// URL of an onion service (LUD-01 §HTTPS or Onion)"
	}
	return ""
}

// parseLightning reads lightning:<invoice> and a bare invoice or LNURL
// (BOLT #11 and LUD-01 show both in QR codes). A bare string is only taken
// when it checks, so that text starting with "ln" is not mistaken for one.
func parseLightning(p string) (Lightning, bool) {
	rest, prefixed := cutSchemeFold(p, "lightning:")
	rest = strings.TrimPrefix(rest, "//")
	canon, problem, _ := checkLightning(rest)
	switch {
	case problem == "":
		return Lightning{Invoice: canon}, true
	case prefixed && rest != "":
		return Lightning{Invoice: rest}, true
	}
	return Lightning{}, false
}
