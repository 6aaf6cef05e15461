package registry

import "time"

// Expiry is the moment a payload stops being payable: a BOLT #11
// invoice's timestamp plus its expiry, when "a payment will be refused"
// (BOLT #11 §Tagged Fields, Rationale of x), or the expiry time a KHQR's
// payee set. A code drawn later still holds the payload as written; it is
// warned of, not refused.
type Expiry struct {
	// Field is the field whose value sets the moment.
	Field string
	At    time.Time
	// Rule is where the payload's standard says so, with its default
	// when the payload names no expiry.
	Rule string
}

// Expiring is the expiry of a payload written in a kind's form that the
// kind reads and accepts, with that kind; false when no such kind
// expires. gs1 says the symbol marks the data as GS1's.
func Expiring(payload string, gs1 bool) (Entry, Expiry, bool) {
	for _, k := range All() {
		if x, ok := k.(interface{ canExpire() bool }); ok && !x.canExpire() {
			continue
		}
		fields, _, ok := k.Read(payload)
		if !ok || k.GS1(fields) != gs1 {
			continue
		}
		if e, ok := k.Expiry(fields); ok {
			return k, e, true
		}
	}
	return nil, Expiry{}, false
}
