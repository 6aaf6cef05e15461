package kinds

import (
	"crypto/elliptic"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/base64"
	"strconv"
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/registry"
)

// DPP is a Wi-Fi Easy Connect (Device Provisioning Protocol) bootstrapping
// URI: the QR code on a device that a phone scans to put the device on its
// Wi-Fi network without typing a password. It carries the device's public
// bootstrapping key, not network credentials; it is not a WIFI: payload.
type DPP struct {
	Key      string `json:"key" validate:"required,max=1024" jsonschema_description:"The device's bootstrapping public key: base64 (RFC 4648 §4, with '=' padding) of its DER SubjectPublicKeyInfo, an elliptic-curve key on P-256, P-384, P-521 or a Brainpool curve (Wi-Fi Easy Connect §5.2.1 public-key). Line breaks and spaces are removed." identity:"true" title:"Public key"`
	Channels string `json:"channels" jsonschema_description:"Channels the device listens on: global operating class / channel pairs separated by commas (81/1,115/36); channels after the first of a class may follow without it (81/1,6,11)." title:"Channels"`
	MAC      string `json:"mac" jsonschema_description:"The device's MAC address: 12 hex digits; colons or dashes between octets are removed (52:54:00:58:28:e5 becomes 5254005828e5)." identity:"true" title:"MAC address"`
	Info     string `json:"info" validate:"max=255" jsonschema_description:"Free information for the user, such as a serial number (SN=4774LH2b4044): printable ASCII without ';'." title:"Information"`
	Version  string `json:"version" validate:"omitempty,oneof=1 2 3" jsonschema:"enum=1,enum=2,enum=3" jsonschema_description:"The highest DPP protocol version the device supports: 1, 2 or 3. Leave empty for version 1 devices, whose URIs have no V: field." title:"DPP version"`
	Host     string `json:"host" jsonschema_description:"DPP 3 only: the host (domain name or IP address, optionally with ':port') where the device can be reached over TCP; letters, digits, '.', '-' and ':'." identity:"true" title:"Host"`
}

func init() {
	registry.Register(registry.Kind[DPP]{
		Name:       "dpp",
		Title:      "Wi-Fi Easy Connect device (DPP)",
		AlsoCalled: []string{"easyconnect", "easy-connect"},
		Purpose:    registry.WiFi,
		Summary:    "Onboard a Wi-Fi Easy Connect (DPP) device: its bootstrapping URI with public key, channels and MAC address",
		Standard: registry.Standard{
			Name:    "Wi-Fi Alliance Wi-Fi Easy Connect Specification",
			Version: "v3.0",
			Section: "§5.2.1 Bootstrapping information format (DPP URI)",
			URL:     "https://www.wi-fi.org/discover-wi-fi/wi-fi-easy-connect",
		},
		Examples: []DPP{
			{Channels: "81/1,115/36", Key: "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADM2206avxHJaHXgLMkq/24e0rsrfMP9K1Tm8gx+ovP0I="},
			{Channels: "81/1", MAC: "48d6d5bd1de1", Info: "G1197843", Key: "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgAD0edY4X3N//HhMFYsZfMbQJTiNFtNIWF/cIwMB/gzqOM="},
			{Channels: "81/1,115/36", MAC: "5254005828e5", Info: "SN=4774LH2b4044", Version: "2", Key: "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADURzxmttZoIRIPWGoQMV00XHWCAQIhXruVWOz0NjlkIA="},
		},
		Check:        checkDPP,
		Encode:       encodeDPP,
		ParseNotKept: parseDPP,
	})
}

func checkDPP(d *DPP) []registry.FieldError {
	var errs []registry.FieldError
	if key, problem := normaliseDPPKey(d.Key); problem != "" {
		errs = append(errs, registry.FieldError{Field: "key", Detail: "key " + problem, Fix: ""})
	} else {
		d.Key = key
	}
	if d.Channels != "" {
		if list, problem := normaliseDPPChannels(d.Channels); problem != "" {
			errs = append(errs, registry.FieldError{Field: "channels", Detail: "channels " + problem + "; the list is operating class/channel pairs such as 81/1,115/36 (Wi-Fi Easy Connect §5.2.1 channel-list)", Fix: ""})
		} else {
			d.Channels = list
		}
	}
	if d.MAC != "" {
		mac := strings.Map(func(r rune) rune {
			if strings.ContainsRune(":-. ", r) {
				return -1
			}
			return unicode.ToLower(r)
		}, d.MAC)
		if len(mac) != 12 || !isHexString(mac) {
			errs = append(errs, registry.FieldError{Field: "mac", Detail: "mac is a MAC address of 6 octets, written as 12 hex digits (Wi-Fi Easy Connect §5.2.1 mac = \"M:\" 6hex-octet)", Fix: ""})
		} else {
			d.MAC = mac
		}
	}
	if i := strings.IndexFunc(d.Info, func(r rune) bool { return r < 0x20 || r > 0x7e || r == ';' }); i >= 0 {
		errs = append(errs, registry.FieldError{Field: "info", Detail: "info has " + describeRune([]rune(d.Info[i:])[0]) + "; it is printable ASCII without ';' (Wi-Fi Easy Connect §5.2.1 information = %x20-3A / %x3C-7E)", Fix: strings.Map(func(r rune) rune {
			if r < 0x20 || r > 0x7e || r == ';' {
				return -1
			}
			return r
		}, spacedLineBreaks(d.Info))})
	}
	if d.Host != "" && (len(d.Host) > 255 || strings.IndexFunc(d.Host, func(r rune) bool {
		return !(r < 0x80 && (isUnreservedByte(byte(r)) && r != '_' && r != '~' || r == ':'))
	}) >= 0) {
		errs = append(errs, registry.FieldError{Field: "host", Detail: "host is 1 to 255 letters, digits, '.', '-' and ':' (Wi-Fi Easy Connect v3 §5.2.1 host)", Fix: ""})
	}
	return errs
}

// dppCurve is an elliptic curve DPP allows for bootstrapping keys (Wi-Fi
// Easy Connect §3.2.2: P-256, P-384, P-521 and the Brainpool curves of
// RFC 5639), with the size of a coordinate in bytes. Go implements only
// the NIST curves, so a Brainpool point is checked for its length alone.
type dppCurve struct {
	name  string
	size  int
	curve elliptic.Curve
}

var (
	oidECPublicKey = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}
	dppCurves      = map[string]dppCurve{
		"1.2.840.10045.3.1.7":   {"P-256", 32, elliptic.P256()},
		"1.3.132.0.34":          {"P-384", 48, elliptic.P384()},
		"1.3.132.0.35":          {"P-521", 66, elliptic.P521()},
		"1.3.36.3.3.2.8.1.1.7":  {"brainpoolP256r1", 32, nil},
		"1.3.36.3.3.2.8.1.1.11": {"brainpoolP384r1", 48, nil},
		"1.3.36.3.3.2.8.1.1.13": {"brainpoolP512r1", 64, nil},
	}
)

// subjectPublicKeyInfo is the ASN.1 structure of RFC 5280 §4.1.2.7.
type subjectPublicKeyInfo struct {
	Algorithm pkix.AlgorithmIdentifier
	PublicKey asn1.BitString
}

// normaliseDPPKey checks that s is base64 of a DER SubjectPublicKeyInfo
// holding a point on a DPP curve, and returns it as padded base64, the
// encoding §5.2.1 names (PKCHAR includes '='). DPP devices publish the
// point compressed, which crypto/x509.ParsePKIXPublicKey does not read, so
// the structure is taken apart here and the point checked with
// crypto/elliptic; an uncompressed point goes to x509 whole.
func normaliseDPPKey(s string) (string, string) {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	der, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		if der, err = base64.RawStdEncoding.DecodeString(s); err != nil {
			return "", "is not base64 (RFC 4648 §4: A-Z, a-z, 0-9, '+', '/' and '=' padding)"
		}
	}
	var spki subjectPublicKeyInfo
	if rest, err := asn1.Unmarshal(der, &spki); err != nil || len(rest) > 0 {
		return "", "is base64 but not of a DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7), which §5.2.1 public-key requires; was it cut short?"
	}
	var curveOID asn1.ObjectIdentifier
	if !spki.Algorithm.Algorithm.Equal(oidECPublicKey) {
		return "", "is not an elliptic-curve key (id-ecPublicKey, RFC 5480); DPP bootstrapping keys are EC keys (Wi-Fi Easy Connect §3.2.2)"
	}
	if _, err := asn1.Unmarshal(spki.Algorithm.Parameters.FullBytes, &curveOID); err != nil {
		return "", "has no named curve (RFC 5480 §2.1.1 namedCurve)"
	}
	curve, ok := dppCurves[curveOID.String()]
	if !ok {
		return "", "is on curve " + curveOID.String() + ", which DPP does not use (P-256, P-384, P-521, brainpoolP256r1, brainpoolP384r1, brainpoolP512r1)"
	}
	point := spki.PublicKey.RightAlign()
	valid := false
	switch {
	case len(point) == 1+curve.size && (point[0] == 2 || point[0] == 3):
		valid = curve.curve == nil || func() bool { x, _ := elliptic.UnmarshalCompressed(curve.curve, point); return x != nil }()
	case len(point) == 1+2*curve.size && point[0] == 4:
		valid = curve.curve == nil
		if !valid {
			_, err := x509.ParsePKIXPublicKey(der)
			valid = err == nil
		}
	}
	if !valid {
		return "", "holds no valid " + curve.name + " point (SEC 1 §2.3.4: a compressed or uncompressed point on the curve)"
	}
	return base64.StdEncoding.EncodeToString(der), ""
}

// normaliseDPPChannels checks a channel list against §5.2.1
// (class-and-channels = class "/" channel *("," channel)), with classes
// and channels from 1 to 255, the one-octet fields of IEEE 802.11 Annex E,
// and writes it without spaces or leading zeros.
func normaliseDPPChannels(s string) (string, string) {
	s = strings.ReplaceAll(s, " ", "")
	var out []string
	class := false
	for _, item := range strings.Split(s, ",") {
		c, ch, hasClass := strings.Cut(item, "/")
		if !hasClass {
			ch = item
			if !class {
				return "", "starts with channel " + strconv.Quote(item) + " before any operating class"
			}
		}
		nums := []string{ch}
		if hasClass {
			nums = []string{c, ch}
		}
		var parts []string
		for _, n := range nums {
			v, err := strconv.Atoi(n)
			if err != nil || !allDigits(n) || len(n) > 3 || v < 1 || v > 255 {
				return "", "has " + strconv.Quote(item) + "; operating classes and channels are numbers from 1 to 255"
			}
			parts = append(parts, strconv.Itoa(v))
		}
		class = true
		out = append(out, strings.Join(parts, "/"))
	}
	return strings.Join(out, ","), ""
}

// encodeDPP writes DPP:C:..;M:..;I:..;V:..;H:..;K:..;; in the order
// hostap's dpp_gen_uri uses; §5.2.1 lets the optional fields come in any
// order before the key.
func encodeDPP(d DPP) string {
	var b strings.Builder
	b.WriteString("DPP:")
	for _, f := range []struct{ tag, value string }{{"C", d.Channels}, {"M", d.MAC}, {"I", d.Info}, {"V", d.Version}, {"H", d.Host}} {
		if f.value != "" {
			b.WriteString(f.tag + ":" + f.value + ";")
		}
	}
	b.WriteString("K:" + d.Key + ";;")
	return b.String()
}

// parseDPP reads a DPP: URI. Like hostap's dpp_parse_uri it takes the first
// of each field and skips fields it has no place for (such as B:, the
// supported curves); the URI must end with ";;" and carry a key. The
// skipped parts, and a field given again, are named as written.
func parseDPP(p string) (DPP, []string, bool) {
	body, ok := strings.CutPrefix(p, "DPP:")
	if !ok || !strings.HasSuffix(body, ";;") {
		return DPP{}, nil, false
	}
	var d DPP
	left, seen := notKept{}, map[string]bool{}
	for i, part := range strings.Split(strings.TrimSuffix(body, ";;"), ";") {
		tag, value, ok := strings.Cut(part, ":")
		if part == "" {
			continue
		}
		if !ok || seen[tag] {
			left[i] = part
			continue
		}
		seen[tag] = true
		switch tag {
		case "C":
			d.Channels = value
		case "M":
			d.MAC = value
		case "I":
			d.Info = value
		case "V":
			d.Version = value
		case "H":
			d.Host = value
		case "K":
			d.Key = value
		default:
			left[i] = part
		}
	}
	return d, left.list(), d.Key != ""
}
