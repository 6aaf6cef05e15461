package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/qrforge/qrforge/internal/fetch"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
)

// logoFetchTimeout bounds fetching a logo by URL (Config.LogoFetch,
// --logo-fetch), which is off unless the operator turns it on: it makes
// qrforge connect where a caller says. package fetch connects only to
// public addresses, redirects included.
const logoFetchTimeout = 5 * time.Second

// resolveLogo fetches a logo given by URL, when fetching is on, and reads
// it as any file; when off, the URL is refused. The canonical request then
// names the fetched bytes.
func (s *Service) resolveLogo(ctx context.Context, r *Rendering, target fixTarget) *Problem {
	if r == nil || r.logo == nil || r.logo.remote == "" || r.logo.file != nil {
		return nil
	}
	u := r.logo.remote
	fail := func(e *logoError) *Problem {
		return s.invalid(r, []paramError{{field: optLogo.Name, detail: e.detail, tooLarge: e.tooLarge}}, target)
	}
	if s.logoFetch == nil {
		return fail(logoRefused("%s", unfetchedDetail(u)))
	}
	file, err := s.logoFetch.Get(ctx, u)
	var tooLarge *fetch.TooLargeError
	switch {
	case errors.Is(err, fetch.ErrNotPublic):
		return fail(logoRefused("the logo at %s cannot be fetched: it leads to an address that is not public (a loopback, private or link-local network), which qrforge does not connect to", text.Truncate(u, 100)))
	case errors.As(err, &tooLarge):
		return fail(&logoError{tooLarge: true, detail: fmt.Sprintf("the logo at %s is larger than %s; a logo needs no more than %d pixels a side", text.Truncate(u, 100), SizeText(MaxLogoBytes), logoSide)})
	case err != nil:
		return fail(logoRefused("the logo at %s cannot be fetched: %v", text.Truncate(u, 100), err))
	}
	in, lerr := logoFile(file)
	if lerr != nil {
		return fail(lerr)
	}
	in.remote = u
	r.logo = in
	r.Canonical.Set(optLogo.Name, in.canonical())
	return nil
}

// unfetchedDetail refuses a logo URL where fetching is off.
func unfetchedDetail(u string) string {
	return fmt.Sprintf("logo %q is a URL, and this instance does not fetch logos (its operator can turn fetching on with --logo-fetch): fetching lets a request make qrforge connect where it says. Send the image itself, as a data URI (logo=data:image/png;base64,...) or as an uploaded file (POST multipart/form-data with a logo file part); the fix leaves the logo out", text.Truncate(u, 100))
}

// withUnfetchedLogo adds the refusal of a logo URL that this instance
// will not fetch to a call's other errors: known without connecting, it
// joins them, so that their fix leaves the logo out too and answers at
// once rather than being refused for the logo next.
func (s *Service) withUnfetchedLogo(r *Rendering, errs []paramError) []paramError {
	if s.logoFetch != nil || r == nil || r.logo == nil || r.logo.remote == "" || r.logo.file != nil {
		return errs
	}
	for _, e := range errs {
		if o, ok := options.Named(e.field); ok && o.Name == optLogo.Name {
			return errs // the logo has an error of its own
		}
	}
	return append(errs, paramError{field: optLogo.Name, detail: unfetchedDetail(r.logo.remote)})
}
