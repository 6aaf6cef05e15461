package kinds

import (
	"encoding/base32"
	"encoding/hex"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Magnet is a BitTorrent magnet link: magnet:?xt=urn:btih:<v1 info-hash>
// (BEP 9) and/or xt=urn:btmh:<v2 info-hash as a SHA-256 multihash>
// (BEP 52 §Magnet Links; both for a hybrid torrent), with dn, xl and tr.
type Magnet struct {
	BTIH     string `json:"btih" jsonschema_description:"BitTorrent v1 info-hash (BEP 9): 40 hex digits, or the 32-character base32 form older links use (written as hex). Give btih, btmh or both (hybrid torrent)." identity:"true" title:"Info-hash (v1)"`
	BTMH     string `json:"btmh" jsonschema_description:"BitTorrent v2 info-hash (BEP 52): the 64 hex digits of the SHA-256 info-hash, or the multihash 1220 followed by them." identity:"true" title:"Info-hash (v2)"`
	Name     string `json:"name" also:"dn,display_name" jsonschema_description:"Display name the client shows before it has the metadata (dn=)." identity:"true" title:"Display name"`
	Length   string `json:"length" also:"xl" jsonschema_description:"Exact length of the content in bytes (xl=), a whole number." title:"Size in bytes"`
	Trackers string `json:"trackers" also:"tr,tracker,announce" jsonschema_description:"Tracker URLs (tr=), separated by spaces or new lines: udp://, http:// or https:// announce URLs. Each becomes its own tr= parameter, in order." title:"Trackers"`
}

const bep9 = "BEP 9 §Magnet URI format"

// trackerListComma is a comma that separates two trackers: one followed
// by the scheme of the next announce URL. A comma inside a URL (a query's
// a=1,2) is no such separator, and a tracker URL with it would be none
// a client can reach.
var trackerListComma = regexp.MustCompile(`,\s*((?i:udp|https?|wss)://)`)

func init() {
	registry.Register(registry.Kind[Magnet]{
		Name:       "magnet",
		Title:      "Magnet link (BitTorrent)",
		AlsoCalled: []string{"torrent", "bittorrent"},
		Purpose:    registry.Apps,
		Summary:    "Share a torrent as a magnet link (BEP 9 btih and BEP 52 btmh info-hashes checked, display name, size, trackers)",
		Standard: registry.Standard{
			Name:    "BEP 9",
			Version: "(Extension for Peers to Send Metadata Files) with BEP 52 (BitTorrent v2)",
			Section: "§Magnet URI format",
			URL:     "https://www.bittorrent.org/beps/bep_0009.html",
		},
		Examples: []Magnet{
			{BTIH: "631a31dd0a46257d5078c0dee4e66e26f73e42ac", BTMH: "1220d8dd32ac93357c368556af3ac1d95c9d76bd0dff6fa9833ecdac3d53134efabb", Name: "bittorrent-v1-v2-hybrid-test"},
			{BTIH: "d2474e86c95b19b8bcfdb92bc12c9d44667cfa36", Name: "Leaves of Grass by Walt Whitman.epub", Trackers: "udp://tracker.example4.com:80 udp://tracker.example5.com:80"},
		},
		Check:        checkMagnet,
		Encode:       encodeMagnet,
		ParseNotKept: parseMagnet,
	})
}

// canonicalBTIH returns the lowercase hex info-hash of a hex or base32
// btih, or "".
func canonicalBTIH(s string) string {
	switch len(s) {
	case 40:
		if b, err := hex.DecodeString(s); err == nil {
			return hex.EncodeToString(b)
		}
	case 32:
		if b, err := base32.StdEncoding.DecodeString(strings.ToUpper(s)); err == nil {
			return hex.EncodeToString(b)
		}
	}
	return ""
}

// canonicalBTMH returns the multihash 1220<hex> of a v2 info-hash given
// with or without its multihash prefix, or "". BEP 52: v2 info-hashes are
// SHA-256, multihash code 0x12, length 0x20.
func canonicalBTMH(s string) string {
	s = strings.ToLower(s)
	if len(s) == 68 && strings.HasPrefix(s, "1220") {
		s = s[4:]
	}
	if len(s) == 64 && isHexString(s) {
		return "1220" + s
	}
	return ""
}

func checkMagnet(m *Magnet) []registry.FieldError {
	var errs []registry.FieldError
	m.BTIH, m.BTMH = strings.TrimSpace(m.BTIH), strings.TrimSpace(m.BTMH)
	if m.BTIH == "" && m.BTMH == "" {
		errs = append(errs, registry.FieldError{Field: "btih", Detail: "a magnet link names its torrent by info-hash: give btih (v1), btmh (v2) or both (" + bep9 + ", BEP 52 §Magnet Links)"})
	}
	if m.BTIH != "" {
		if c := canonicalBTIH(m.BTIH); c == "" {
			errs = append(errs, registry.FieldError{Field: "btih", Detail: "btih is the 20-byte SHA-1 info-hash as 40 hex digits, or 32 base32 characters (" + bep9 + ")"})
		} else {
			m.BTIH = c
		}
	}
	if m.BTMH != "" {
		if c := canonicalBTMH(m.BTMH); c == "" {
			errs = append(errs, registry.FieldError{Field: "btmh", Detail: "btmh is the 32-byte SHA-256 info-hash as 64 hex digits, optionally after its multihash prefix 1220 (BEP 52 §Magnet Links)"})
		} else {
			m.BTMH = c
		}
	}
	if m.Length != "" {
		m.Length = strings.TrimSpace(m.Length)
		if v, err := strconv.ParseUint(m.Length, 10, 63); err != nil {
			errs = append(errs, registry.FieldError{Field: "length", Detail: "length is the exact size in bytes, a whole number (xl=, " + bep9 + ")"})
		} else {
			m.Length = strconv.FormatUint(v, 10)
		}
	}
	trackers := strings.Fields(trackerListComma.ReplaceAllString(m.Trackers, " $1"))
	for _, tr := range trackers {
		u, err := url.Parse(tr)
		if err != nil || u.Host == "" || (u.Scheme != "udp" && u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "wss") || strings.Trim(u.Port(), "0123456789") != "" || strings.HasSuffix(u.Host, ":") {
			errs = append(errs, registry.FieldError{Field: "trackers", Detail: "trackers are announce URLs (udp://host:port/announce, http(s)://..., wss://...) separated by spaces; " + strings.ToValidUTF8(tr, "?") + " is not one (" + bep9 + ")"})
			break
		}
	}
	m.Trackers = strings.Join(trackers, " ")
	return append(errs, checkTextFields(textField{"name", m.Name})...)
}

// encodeMagnet writes xt (v1 then v2, the order of BEP 52's hybrid
// example), dn, xl and each tr, values percent-encoded as
// encodeURIComponent does (the tracker URL is URL-encoded, BEP 9).
func encodeMagnet(m Magnet) string {
	params := []uriQueryPair{}
	if m.BTIH != "" {
		params = append(params, uriQueryPair{"xt", "urn:btih:" + m.BTIH})
	}
	if m.BTMH != "" {
		params = append(params, uriQueryPair{"xt", "urn:btmh:" + m.BTMH})
	}
	params = append(params, uriQueryPair{"dn", pctEncode(m.Name)}, uriQueryPair{"xl", m.Length})
	for _, tr := range strings.Fields(m.Trackers) {
		params = append(params, uriQueryPair{"tr", pctEncode(tr)})
	}
	return withQuery("magnet:", params...)
}

// parseMagnet reads a magnet link with a BitTorrent info-hash. Values are
// decoded as clients do (URLSearchParams: '+' is a space). The first btih,
// btmh, dn and xl are read and every tr; parameters this kind does not
// write (ws, x.pe, so ...) and the repeated ones are named as not kept.
func parseMagnet(p string) (Magnet, []string, bool) {
	rest, ok := cutSchemeFold(p, "magnet:?")
	if !ok {
		return Magnet{}, nil, false
	}
	if _, err := url.ParseQuery(rest); err != nil {
		return Magnet{}, nil, false
	}
	var m Magnet
	var trackers []string
	left := notKept{}
	seen := map[string]bool{}
	for i, part := range strings.Split(rest, "&") {
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		name, _ = url.QueryUnescape(name)
		value, _ = url.QueryUnescape(value)
		key := name
		switch {
		case name == "xt" && strings.HasPrefix(value, "urn:btih:"):
			key, value = "btih", strings.TrimPrefix(value, "urn:btih:")
		case name == "xt" && strings.HasPrefix(value, "urn:btmh:"):
			key, value = "btmh", strings.TrimPrefix(value, "urn:btmh:")
		case name == "tr":
			trackers = append(trackers, value)
			continue
		case name != "dn" && name != "xl":
			left[i] = part
			continue
		}
		if seen[key] || value == "" && key != name {
			left[i] = part // the first value is the one read; an empty xt has none
			continue
		}
		seen[key] = true
		switch key {
		case "btih":
			m.BTIH = value
		case "btmh":
			m.BTMH = value
		case "dn":
			m.Name = value
		case "xl":
			m.Length = value
		}
	}
	if m.BTIH == "" && m.BTMH == "" {
		return Magnet{}, nil, false
	}
	m.Trackers = strings.Join(trackers, " ")
	return m, left.list(), true
}
