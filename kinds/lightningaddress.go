package kinds

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/btcsuite/btcd/btcutil/bech32"
)

var (
	// lud16User is LUD-16's username: a-z, 0-9, '-', '_' and '.'.
	lud16User = regexp.MustCompile(`^[a-z0-9._-]+$`)
	// lud16Domain is a DNS name of at least two labels (RFC 1035 §2.3.1,
	// with digits first allowed as RFC 1123 §2.1 does).
	lud16Domain = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$`)
)

// lightningAddressLNURL turns a Lightning Address, user@domain (LUD-16), into
// the LNURL of the URL a wallet resolves it to: https://<domain>/.well-
// known/lnurlp/<user>, http:// for an onion service (LUD-16 §Resolving),
// bech32-encoded with the lnurl prefix (LUD-01). Every LNURL wallet reads
// that; not every wallet reads an address in a lightning: URI.
func lightningAddressLNURL(address string) (lnurl, problem string) {
	user, domain, _ := strings.Cut(strings.ToLower(address), "@")
	if !lud16User.MatchString(user) {
		return "", "a Lightning Address is user@domain, and the user part has only a-z, 0-9, '-', '_' and '.' (LUD-16)"
	}
	if !lud16Domain.MatchString(domain) || len(domain) > 253 {
		return "", "a Lightning Address is user@domain, and " + domain + " is not a domain name (LUD-16)"
	}
	scheme := "https://"
	if strings.HasSuffix(domain, ".onion") {
		scheme = "http://"
	}
	words, err := bech32.ConvertBits([]byte(scheme+domain+"/.well-known/lnurlp/"+user), 8, 5, true)
	if err != nil {
		return "", "the Lightning Address cannot be encoded as an LNURL (LUD-01)"
	}
	lnurl, err = bech32.Encode("lnurl", words)
	if err != nil {
		return "", "the Lightning Address cannot be encoded as an LNURL (LUD-01)"
	}
	return lnurl, ""
}

// lud17Schemes are the LNURL schemes of LUD-17 §Fine-grained schemes, one
// per subprotocol, each standing for https:// (http:// for an onion
// service).
var lud17Schemes = []string{"lnurlp://", "lnurlw://", "lnurlc://", "keyauth://"}

// lud17LNURL turns a LUD-17 URL, lnurlp://<domain>/<path>, into the LNURL
// of the URL it stands for (LUD-17 §No more bech32-encoding: a wallet
// requests https://<domain>/<path>), which every LNURL wallet reads,
// where not all read the new schemes. ok is false when s has none of
// them.
func lud17LNURL(s string) (lnurl, problem string, ok bool) {
	i := slices.IndexFunc(lud17Schemes, func(scheme string) bool {
		_, ok := cutSchemeFold(s, scheme)
		return ok
	})
	if i < 0 {
		return "", "", false
	}
	rest := s[len(lud17Schemes[i]):]
	u, err := url.Parse("https://" + rest)
	if err != nil || u.Host == "" || strings.ContainsAny(rest, " \t\r\n") {
		return "", "a " + lud17Schemes[i] + " URL is an LNURL with its https:// replaced, and this one has no host or is not a URL (LUD-17)", true
	}
	scheme := "https://"
	if strings.HasSuffix(strings.ToLower(u.Hostname()), ".onion") {
		scheme = "http://"
	}
	words, err := bech32.ConvertBits([]byte(scheme+rest), 8, 5, true)
	if err == nil {
		lnurl, err = bech32.Encode("lnurl", words)
	}
	if err != nil {
		return "", "the " + lud17Schemes[i] + " URL cannot be encoded as an LNURL (LUD-01)", true
	}
	return lnurl, "", true
}
