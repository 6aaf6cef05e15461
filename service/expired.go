package service

import (
	"fmt"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// expiredWarnings warn of a payment code past its expiry (registry
// Kind.Expires): a BOLT #11 invoice an hour after it was made, a KHQR
// after its expiry time. The code is drawn as asked, as the caller may
// mean to show an old one; it is found on every request against the
// service's clock, since the moment passes while a cached image stays
// the same (withExpired).
func (s *Service) expiredWarnings(k registry.Entry, values map[string]string, data string, gs1 bool) []Warning {
	field := optData.Name
	var e registry.Expiry
	var ok bool
	if k != nil {
		e, ok = k.Expiry(values)
		field = e.Field
	} else {
		k, e, ok = registry.Expiring(data, gs1)
	}
	now := s.clock()
	if !ok || now.Before(e.At) {
		return nil
	}
	what := e.Field
	if k != nil && field == optData.Name {
		what = fmt.Sprintf("data is written as %s (%s), whose %s", k.Title(), k.Name(), e.Field)
	}
	return []Warning{{Code: "payload", Field: field, Detail: fmt.Sprintf("%s expired at %s, %s ago (%s): payers' apps are not to pay it after that; the code holds it as written",
		what, e.At.UTC().Format(time.RFC3339), roughly(now.Sub(e.At)), e.Rule)}}
}

// roughly is a duration in its largest whole unit.
func roughly(d time.Duration) string {
	for _, u := range []struct {
		name string
		d    time.Duration
	}{{"year", 365 * 24 * time.Hour}, {"day", 24 * time.Hour}, {"hour", time.Hour}, {"minute", time.Minute}} {
		if n := int64(d / u.d); n >= 1 {
			if n == 1 {
				return "1 " + u.name
			}
			return fmt.Sprintf("%d %ss", n, u.name)
		}
	}
	return "less than a minute"
}

// withExpired is an image with the expiry warnings of this request
// before its own: a cached image's warnings leave them out, as the
// moment may pass while it is kept.
func withExpired(img *Image, r *Rendering) *Image {
	if len(r.expired) == 0 {
		return img
	}
	c := *img
	c.Warning = joinWarnings(r.expired)
	if img.Warning != "" {
		c.Warning += "; " + img.Warning
	}
	return &c
}
