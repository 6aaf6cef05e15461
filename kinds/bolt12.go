package kinds

import (
	"regexp"
	"strings"

	"github.com/btcsuite/btcd/btcutil/bech32"
)

// bolt12Join is a '+' that joins two parts of a BOLT #12 string, with the
// whitespace after it (BOLT #12 §Encoding: readers MUST remove both when
// they stand between two characters of the string).
var bolt12Join = regexp.MustCompile(`([0-9A-Za-z])\+\s*([0-9A-Za-z])`)

// checkOffer validates a BOLT #12 offer, lno1..., and returns it joined and
// in lowercase, or what is wrong. An offer has no checksum (BOLT #12
// §Encoding); what is checked is the case, the bech32 characters, a TLV
// stream in ascending type order (BOLT #1 §Type-Length-Value Format) and
// the field a payer needs to reach the payee: offer_issuer_id (22) or
// offer_paths (16) (BOLT #12 §Requirements For Offers).
func checkOffer(s string) (canon, problem string) {
	for {
		joined := bolt12Join.ReplaceAllString(s, "$1$2")
		if joined == s {
			break
		}
		s = joined
	}
	if strings.ContainsAny(s, "+ \t\r\n") {
		return "", "a '+' in an offer joins two of its parts and stands between two of its characters (BOLT #12 §Encoding)"
	}
	if s != strings.ToLower(s) && s != strings.ToUpper(s) {
		return "", "an offer is all lowercase or all uppercase, never mixed (BOLT #12 §Encoding)"
	}
	s = strings.ToLower(s)
	data, ok := strings.CutPrefix(s, "lno1")
	if !ok {
		return "", "an offer starts with lno1 (BOLT #12 §Offers)"
	}
	if strings.ContainsFunc(data, func(r rune) bool { return !strings.ContainsRune(bech32Charset, r) }) {
		return "", "after lno1 an offer uses only the bech32 characters " + bech32Charset + " (BOLT #12 §Encoding)"
	}
	raw, ok := offerStream(s)
	if !ok {
		return "", "the offer's characters do not make whole bytes: it was cut short or mistyped (BOLT #12 §Encoding)"
	}
	types, ok := tlvTypes(raw)
	if !ok {
		return "", "the offer is not a TLV stream of ascending types: it was cut short or mistyped (BOLT #1 §Type-Length-Value Format)"
	}
	if !types[22] && !types[16] {
		return "", "the offer names neither offer_issuer_id nor offer_paths, so no payer can request an invoice (BOLT #12 §Requirements For Offers)"
	}
	return s, ""
}

const bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// offerStream is the bytes of a joined, lowercase offer: its bech32
// characters after lno1, 5 bits each, with no checksum (BOLT #12
// §Encoding).
func offerStream(offer string) ([]byte, bool) {
	data, ok := strings.CutPrefix(offer, "lno1")
	if !ok {
		return nil, false
	}
	words := make([]byte, len(data))
	for i := range data {
		w := strings.IndexByte(bech32Charset, data[i])
		if w < 0 {
			return nil, false
		}
		words[i] = byte(w)
	}
	raw, err := bech32.ConvertBits(words, 5, 8, false)
	return raw, err == nil
}

// tlvTypes reads a TLV stream and returns its types, or false when it is
// malformed: a type not above the one before, a length past the end, or a
// BigSize that is not minimal (BOLT #1 §Appendix A: BigSize).
func tlvTypes(b []byte) (map[uint64]bool, bool) {
	types := map[uint64]bool{}
	last, first := uint64(0), true
	for len(b) > 0 {
		t, rest, ok := bigSize(b)
		if !ok || !first && t <= last {
			return nil, false
		}
		n, rest, ok := bigSize(rest)
		if !ok || n > uint64(len(rest)) {
			return nil, false
		}
		types[t], last, first = true, t, false
		b = rest[n:]
	}
	return types, !first
}

func bigSize(b []byte) (v uint64, rest []byte, ok bool) {
	if len(b) == 0 {
		return 0, nil, false
	}
	size, min := 0, uint64(0)
	switch b[0] {
	case 0xfd:
		size, min = 2, 0xfd
	case 0xfe:
		size, min = 4, 0x10000
	case 0xff:
		size, min = 8, 0x100000000
	default:
		return uint64(b[0]), b[1:], true
	}
	if len(b) < 1+size {
		return 0, nil, false
	}
	for _, c := range b[1 : 1+size] {
		v = v<<8 | uint64(c)
	}
	return v, b[1+size:], v >= min
}
