// Package fetch gets files from the public internet for a caller who
// names them by URL, and from nowhere else: every connection is checked on
// the address it is about to use, after DNS resolution, so that neither a
// name that resolves to a private address nor a redirect to one reaches
// the inside (server-side request forgery). Size and time are capped, and
// what was fetched is kept a while.
package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Bounds of a fetch.
const (
	MaxRedirects = 3
	TTL          = 10 * time.Minute
	cacheBudget  = 32 << 20
)

// ErrNotPublic is a connection refused because its address is not public.
var ErrNotPublic = errors.New("the address is not a public one")

// TooLargeError is a file larger than the fetcher reads.
type TooLargeError struct{ Max int64 }

func (e *TooLargeError) Error() string { return fmt.Sprintf("larger than %d bytes", e.Max) }

// Fetcher gets files within its bounds; it is safe for concurrent use.
type Fetcher struct {
	client   *http.Client
	allowed  func(netip.Addr) bool
	timeout  time.Duration
	maxBytes int64
	mu       sync.Mutex
	cache    map[string]fetched
	bytes    int
}

type fetched struct {
	file []byte
	at   time.Time
}

// New returns a fetcher that connects only to addresses allowed accepts
// (Public, outside tests), reads at most maxBytes and gives up after
// timeout.
func New(allowed func(netip.Addr) bool, timeout time.Duration, maxBytes int64) *Fetcher {
	f := &Fetcher{allowed: allowed, timeout: timeout, maxBytes: maxBytes}
	dialer := &net.Dialer{
		Timeout: timeout,
		// Control runs on the address the connection is about to use,
		// after the name is resolved: the check a resolver cannot dodge.
		Control: func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !f.allowed(ap.Addr().Unmap()) {
				return ErrNotPublic
			}
			return nil
		},
	}
	f.client = &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			// Never through a proxy from the environment: the check is on
			// the address connected to.
			Proxy:                 nil,
			DialContext:           dialer.DialContext,
			TLSHandshakeTimeout:   timeout,
			ResponseHeaderTimeout: timeout,
			MaxIdleConns:          8,
			IdleConnTimeout:       30 * time.Second,
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > MaxRedirects {
				return fmt.Errorf("more than %d redirects", MaxRedirects)
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return fmt.Errorf("a redirect to a %s: URL", req.URL.Scheme)
			}
			if req.URL.User != nil {
				return errors.New("a redirect to a URL with credentials")
			}
			return nil
		},
	}
	return f
}

// Public reports an address of the public internet: not loopback,
// private (RFC 1918, RFC 4193), link-local (169.254/16, fe80::/10, where
// cloud metadata lives), shared (RFC 6598), multicast, unspecified,
// documentation, benchmarking, translation or reserved (the IANA
// special-purpose address registries, RFC 6890).
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

var nonPublic = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4", "255.255.255.255/32",
		// ::/8 is reserved (IPv4-compatible ::a.b.c.d among it), fec0::/10
		// the deprecated site-local range (RFC 3879).
		"::/8", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001::/23", "2001:db8::/32", "2002::/16", "fc00::/7", "fec0::/10",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// Get returns the file at u, from the cache or fetched: http or https
// only, without credentials, answered 200.
func (f *Fetcher) Get(ctx context.Context, u string) ([]byte, error) {
	f.mu.Lock()
	hit, ok := f.cache[u]
	f.mu.Unlock()
	if ok && time.Since(hit.at) < TTL {
		return hit.file, nil
	}
	parsed, err := url.Parse(u)
	switch {
	case err != nil:
		return nil, fmt.Errorf("it is not a URL (%v)", err)
	case parsed.Scheme != "http" && parsed.Scheme != "https":
		return nil, errors.New("only http and https are fetched")
	case parsed.User != nil:
		return nil, errors.New("a URL with credentials is not fetched")
	case parsed.Hostname() == "":
		return nil, errors.New("it names no host")
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "image/png, image/jpeg, image/webp, image/svg+xml")
	resp, err := f.client.Do(req)
	if err != nil {
		if errors.Is(err, ErrNotPublic) {
			return nil, ErrNotPublic
		}
		return nil, short(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("it answers %s", resp.Status)
	}
	if resp.ContentLength > f.maxBytes {
		return nil, &TooLargeError{f.maxBytes}
	}
	file, err := io.ReadAll(io.LimitReader(resp.Body, f.maxBytes+1))
	if err != nil {
		return nil, short(err)
	}
	if int64(len(file)) > f.maxBytes {
		return nil, &TooLargeError{f.maxBytes}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.cache == nil || f.bytes+len(file) > cacheBudget {
		f.cache, f.bytes = map[string]fetched{}, 0
	}
	f.cache[u] = fetched{file: file, at: time.Now()}
	f.bytes += len(file)
	return file, nil
}

// short is a fetch error without the URL, which the caller names
// already, and without what only this instance's network knows: a lookup
// names the resolver's address and a dial the addresses tried, and which
// way a connection failed would tell a caller whether a port is open.
func short(err error) error {
	var dns *net.DNSError
	var ne net.Error
	switch {
	case errors.As(err, &dns):
		return errors.New("its host name does not resolve")
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return errors.New("it did not answer in time")
	case errors.As(err, new(*net.OpError)):
		return errors.New("no connection to its host could be made")
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return errors.New(strings.TrimSpace(err.Error()))
}
