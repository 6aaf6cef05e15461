package kinds

import (
	"math"
	"strings"
	"time"

	"github.com/btcsuite/btcd/btcutil/bech32"
	"github.com/qrforge/qrforge/registry"
)

// invoiceDefaultExpiry is the expiry of a BOLT #11 invoice without an x
// field (BOLT #11 §Tagged Fields).
const invoiceDefaultExpiry = 3600

// lightningExpiry is when a checked invoice or offer stops being payable:
// an invoice's timestamp plus its expiry (BOLT #11 §Data Part, §Tagged
// Fields, x), an offer's offer_absolute_expiry (BOLT #12 §Offers, type
// 14). An LNURL, a Lightning Address and an offer without that field do
// not expire.
func lightningExpiry(l Lightning) (registry.Expiry, bool) {
	if strings.HasPrefix(l.Invoice, "lno1") {
		return offerExpiry(l.Invoice)
	}
	hrp, data, _, err := bech32.DecodeNoLimitWithVersion(l.Invoice)
	if err != nil || hrp == "lnurl" || len(data) < 7+104 {
		return registry.Expiry{}, false
	}
	// The data part: a 35-bit timestamp, tagged fields (a 5-bit type, a
	// 10-bit length in 5-bit words, the words), a 520-bit signature.
	stamp := fiveBitNumber(data[:7])
	expiry := uint64(invoiceDefaultExpiry)
	tags := data[7 : len(data)-104]
	for len(tags) >= 3 {
		n := int(tags[1])<<5 | int(tags[2])
		if 3+n > len(tags) {
			break
		}
		if tags[0] == 6 { // x
			expiry = fiveBitNumber(tags[3 : 3+n])
		}
		tags = tags[3+n:]
	}
	at, ok := secondsAfter(stamp, expiry)
	if !ok {
		return registry.Expiry{}, false
	}
	return registry.Expiry{Field: "invoice", At: at, Rule: "BOLT #11 §Tagged Fields: the invoice's timestamp plus x seconds, 3,600 when it has no x"}, true
}

// offerExpiry is a checked offer's offer_absolute_expiry, seconds since
// 1970 UTC in a truncated big-endian tu64 (BOLT #12 §Offers, BOLT #1
// §Fundamental Types).
func offerExpiry(offer string) (registry.Expiry, bool) {
	raw, ok := offerStream(offer)
	if !ok {
		return registry.Expiry{}, false
	}
	for len(raw) > 0 {
		t, rest, ok := bigSize(raw)
		if !ok {
			return registry.Expiry{}, false
		}
		n, rest, ok := bigSize(rest)
		if !ok || n > uint64(len(rest)) {
			return registry.Expiry{}, false
		}
		if t == 14 && n <= 8 {
			var seconds uint64
			for _, b := range rest[:n] {
				seconds = seconds<<8 | uint64(b)
			}
			at, ok := secondsAfter(seconds, 0)
			if !ok {
				return registry.Expiry{}, false
			}
			return registry.Expiry{Field: "invoice", At: at, Rule: "BOLT #12 §Offers: offer_absolute_expiry, after which no invoice request is answered"}, true
		}
		raw = rest[n:]
	}
	return registry.Expiry{}, false
}

// fiveBitNumber reads big-endian 5-bit words, saturating past 2⁶⁰.
func fiveBitNumber(words []byte) uint64 {
	var v uint64
	for _, w := range words {
		if v > math.MaxUint64>>10 {
			return math.MaxUint64
		}
		v = v<<5 | uint64(w)
	}
	return v
}

// secondsAfter is the moment seconds after seconds more after 1970 UTC;
// false past the year 9999, which a code is never read after.
func secondsAfter(stamp, seconds uint64) (time.Time, bool) {
	const limit = 253402300799 // 9999-12-31T23:59:59Z
	if stamp > limit || seconds > limit-stamp {
		return time.Time{}, false
	}
	return time.Unix(int64(stamp+seconds), 0).UTC(), true
}
