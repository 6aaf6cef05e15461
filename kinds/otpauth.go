package kinds

import (
	"encoding/base32"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/registry"
)

// OTPAuth provisions a one-time-password key in an authenticator app
// (Google Authenticator, Authy, 1Password, FreeOTP ...): the otpauth:// URI
// of the Key Uri Format that Google Authenticator defined and every
// authenticator reads.
type OTPAuth struct {
	OTPType   string `json:"otp_type" validate:"omitempty,oneofci=totp hotp" jsonschema:"enum=totp,enum=hotp" jsonschema_description:"totp (default): time-based codes (RFC 6238); hotp: counter-based codes (RFC 4226), which need counter." title:"Code type"`
	Secret    string `json:"secret" validate:"required,max=1024" jsonschema_description:"The shared key in base32 (RFC 4648 §6, A-Z and 2-7), as the service shows it for manual entry: spaces, dashes, lower case and '=' padding are accepted and removed. At least 16 characters (80 bits); RFC 4226 recommends 32 (160 bits)." identity:"true" title:"Secret key"`
	Account   string `json:"account" also:"label,user,username,email,name" validate:"required,max=256" jsonschema_description:"The account the key belongs to, usually the user's e-mail address or user name (alice@example.com). Shown under the code; must not contain ':'." identity:"true" title:"Account"`
	Issuer    string `json:"issuer" validate:"max=256" jsonschema_description:"The provider or service (Example Inc). Strongly recommended: written both as the label prefix and as the issuer parameter, so old and new authenticators group the account correctly. Must not contain ':'." identity:"true" title:"Service"`
	Algorithm string `json:"algorithm" meant:"hmacsha1=SHA1,hmac-sha1=SHA1,hmac_sha1=SHA1,hmac sha1=SHA1,hmac-sha-1=SHA1,hmacsha256=SHA256,hmac-sha256=SHA256,hmac_sha256=SHA256,hmac sha256=SHA256,hmac-sha-256=SHA256,hmacsha512=SHA512,hmac-sha512=SHA512,hmac_sha512=SHA512,hmac sha512=SHA512,hmac-sha-512=SHA512" validate:"omitempty,oneofci=SHA1 SHA256 SHA512" jsonschema:"enum=SHA1,enum=SHA256,enum=SHA512" jsonschema_description:"HMAC hash: SHA1 (default), SHA256 or SHA512 (RFC 6238 §1.2). Google Authenticator ignores it, so set it only when the service uses another hash." title:"Algorithm"`
	Digits    string `json:"digits" meant:"6 digits=6,8 digits=8,6-digit=6,8-digit=8,6 digit=6,8 digit=8,six=6,eight=8" validate:"omitempty,oneof=6 8" jsonschema:"enum=6,enum=8" jsonschema_description:"Code length: 6 (default) or 8." title:"Digits"`
	Period    string `json:"period" jsonschema_description:"totp only: seconds a code is valid, a whole number from 1 (default 30)." title:"Period (seconds)"`
	Counter   string `json:"counter" jsonschema_description:"hotp only, and required there: the initial counter value, a whole number from 0." title:"Initial counter"`
}

// otpSecret decodes RFC 4648 base32 without padding, the form the Key Uri
// Format asks for ("the padding ... should be omitted").
var otpSecret = base32.StdEncoding.WithPadding(base32.NoPadding)

// otpMinSecretBytes is the shortest key accepted: 80 bits, the size of
// the Key Uri Format's own example (JBSWY3DPEHPK3PXP) and of the keys many
// services still issue. RFC 4226 §4 R6 requires 128 bits of a key it
// generates, but the QR code has to carry the key the service already
// holds; shorter keys are refused as truncated or too weak to be real.
const otpMinSecretBytes = 10

func init() {
	registry.Register(registry.Kind[OTPAuth]{
		Name:       "otpauth",
		Title:      "Authenticator account (2FA)",
		AlsoCalled: []string{"totp", "hotp", "2fa", "mfa", "otp", "authenticator"},
		Purpose:    registry.Apps,
		Summary:    "Add a two-factor (TOTP or HOTP) account to an authenticator app (otpauth:// Key Uri Format)",
		Standard: registry.Standard{
			Name:    "Google Authenticator Key Uri Format",
			Version: "wiki, 2018",
			Section: "label, secret, issuer, algorithm, digits, counter, period; RFC 4226, RFC 6238, RFC 4648 §6",
			URL:     "https://github.com/google/google-authenticator/wiki/Key-Uri-Format",
		},
		Examples: []OTPAuth{
			{Secret: "JBSWY3DPEHPK3PXP", Issuer: "Example", Account: "alice@google.com"},
			{Secret: "HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ", Issuer: "ACME Co", Account: "john.doe@email.com", Algorithm: "SHA1", Digits: "6", Period: "30"},
			{OTPType: "hotp", Secret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", Issuer: "Example", Account: "alice@example.com", Counter: "0"},
		},
		Check:        checkOTPAuth,
		Encode:       encodeOTPAuth,
		ParseNotKept: parseOTPAuth,
		SplitWord:    splitOTPLabel,
	})
}

// splitOTPLabel reads a label as the Key Uri Format writes it, "issuer:
// account" or the account alone, percent-encoded (Key Uri Format, Label:
// the colon may be %3A, and spaces may precede the account), as the
// issuer and account fields. A label with more than one colon, or an empty
// part, has no one reading.
func splitOTPLabel(word, value string) (map[string]string, bool) {
	if word != "label" {
		return nil, false
	}
	label, err := url.PathUnescape(value)
	if err != nil {
		return nil, true
	}
	issuer, account, found := strings.Cut(label, ":")
	if !found {
		issuer, account = "", issuer
	}
	issuer, account = strings.TrimSpace(issuer), strings.TrimSpace(account)
	if account == "" || found && issuer == "" || strings.Contains(account, ":") {
		return nil, true
	}
	if !found {
		return map[string]string{"account": account}, true
	}
	return map[string]string{"issuer": issuer, "account": account}, true
}

func checkOTPAuth(o *OTPAuth) []registry.FieldError {
	var errs []registry.FieldError
	o.OTPType = strings.ToLower(o.OTPType)
	o.Algorithm = strings.ToUpper(o.Algorithm)
	if secret, problem := normaliseOTPSecret(o.Secret); problem != "" {
		errs = append(errs, registry.FieldError{Field: "secret", Detail: "secret " + problem, Fix: ""})
	} else {
		o.Secret = secret
	}
	o.Account = strings.TrimSpace(o.Account)
	o.Issuer = strings.TrimSpace(o.Issuer)
	for _, f := range []struct {
		name  string
		value string
	}{{"account", o.Account}, {"issuer", o.Issuer}} {
		if strings.Contains(f.value, ":") {
			// Key Uri Format, Label: neither issuer nor account name may
			// contain a colon, which separates them. Both are the
			// person's names, so there is no fix: a colon changed to a
			// space would name another account.
			detail := f.name + " must not contain ':', which separates issuer and account in the label (Key Uri Format, Label)"
			if before, after, _ := strings.Cut(f.value, ":"); f.name == "account" && o.Issuer == "" && !strings.Contains(after, ":") && before != "" && strings.TrimSpace(after) != "" {
				detail += fmt.Sprintf("; if %q is the label issuer:account, give issuer=%s and account=%s", f.value, before, strings.TrimSpace(after))
			}
			errs = append(errs, registry.FieldError{Field: f.name, Detail: detail, Fix: ""})
		}
	}
	if o.Account == "" {
		errs = append(errs, registry.FieldError{Field: "account", Detail: "account is required: the label names the account (Key Uri Format, Label)", Fix: ""})
	}
	errs = append(errs, checkTextFields(textField{"account", o.Account}, textField{"issuer", o.Issuer})...)
	hotp := o.OTPType == "hotp"
	if hotp {
		switch {
		case o.Counter == "":
			errs = append(errs, registry.FieldError{Field: "counter", Detail: "counter is required when otp_type is hotp: it sets the initial counter value (Key Uri Format, Counter): the issuer's, often 0", Fix: ""})
		case !otpWholeNumber(&o.Counter, 0):
			errs = append(errs, registry.FieldError{Field: "counter", Detail: "counter is a whole number from 0 to 18446744073709551615, the 8-byte counter of RFC 4226 §5.2", Fix: ""})
		}
		if o.Period != "" {
			errs = append(errs, registry.FieldError{Field: "period", Detail: "period applies only to otp_type totp (Key Uri Format, Period)", Fix: ""})
		}
	} else {
		if o.Counter != "" {
			errs = append(errs, registry.FieldError{Field: "counter", Detail: "counter applies only to otp_type hotp (Key Uri Format, Counter)", Fix: ""})
		}
		if o.Period != "" && !otpWholeNumber(&o.Period, 1) {
			// The period is in seconds (Key Uri Format, Period): 30s
			// and 30 seconds have one reading.
			fix, ok := withoutUnit(o.Period, secondWords)
			if !ok || !otpWholeNumber(&fix, 1) {
				fix = ""
			}
			errs = append(errs, registry.FieldError{Field: "period", Detail: "period is the number of seconds a code is valid, a whole number from 1 (Key Uri Format, Period; RFC 6238 §4.1 X); give the issuer's, often 30", Fix: fix})
		}
	}
	return errs
}

// normaliseOTPSecret removes what people copy along with a key (spaces,
// dashes, '=' padding, lower case) and checks what remains is base32 of at
// least otpMinSecretBytes bytes.
func normaliseOTPSecret(s string) (string, string) {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
	s = strings.TrimRight(s, "=")
	for _, r := range s {
		if !('A' <= r && r <= 'Z' || '2' <= r && r <= '7') {
			return "", "has " + describeRune(r) + "; base32 uses only A-Z and 2-7 (RFC 4648 §6, Table 3)"
		}
	}
	key, err := otpSecret.DecodeString(s)
	if n := len(s) % 8; err != nil || n == 1 || n == 3 || n == 6 {
		return "", "has " + itoa(len(s)) + " characters, a length no base32 text has (RFC 4648 §6: 8-character groups, a partial one of 2, 4, 5 or 7); a character is probably missing or extra"
	}
	if len(key) < otpMinSecretBytes {
		return "", "is " + itoa(len(key)*8) + " bits; a key has at least 80 bits (16 base32 characters), and RFC 4226 §4 R6 asks for 128 bits or more"
	}
	return s, ""
}

// otpWholeNumber checks that *s is a decimal integer of at least min that
// fits in 64 bits, and writes it without leading zeros.
func otpWholeNumber(s *string, min uint64) bool {
	v, err := strconv.ParseUint(strings.TrimSpace(*s), 10, 64)
	if err != nil || v < min {
		return false
	}
	*s = strconv.FormatUint(v, 10)
	return true
}

// otpEncode percent-encodes a label part or the issuer value (RFC 3986,
// %20 for spaces as the Key Uri Format's examples show). '@' stays literal,
// as in the format's alice@google.com example.
func otpEncode(s string) string { return pctEncodeKeeping(s, "@") }

// encodeOTPAuth writes otpauth://TYPE/[issuer:]account?secret=..&issuer=..
// with the optional parameters in the order of the Key Uri Format's
// example. The ':' between issuer and account is literal.
func encodeOTPAuth(o OTPAuth) string {
	otpType := o.OTPType
	if otpType == "" {
		otpType = "totp"
	}
	label := otpEncode(o.Account)
	if o.Issuer != "" {
		label = otpEncode(o.Issuer) + ":" + label
	}
	var b strings.Builder
	b.WriteString("otpauth://" + otpType + "/" + label + "?secret=" + o.Secret)
	for _, p := range []struct{ name, value string }{
		{"issuer", otpEncode(o.Issuer)},
		{"algorithm", o.Algorithm},
		{"digits", o.Digits},
		{"counter", o.Counter},
		{"period", o.Period},
	} {
		if p.value != "" {
			b.WriteString("&" + p.name + "=" + p.value)
		}
	}
	return b.String()
}

// parseOTPAuth reads an otpauth:// URI. The label's issuer prefix may be
// separated by ':' or %3A and followed by spaces (Key Uri Format, Label);
// when the issuer parameter is present it wins, as newer authenticators
// use it, and the label is then named as not kept if its prefix differs.
// Parameters without a field (image, ...) are named as not kept.
func parseOTPAuth(p string) (OTPAuth, []string, bool) {
	rest, ok := cutSchemeFold(p, "otpauth://")
	if !ok {
		return OTPAuth{}, nil, false
	}
	otpType, rest, ok := strings.Cut(rest, "/")
	otpType = strings.ToLower(otpType)
	if !ok || otpType != "totp" && otpType != "hotp" {
		return OTPAuth{}, nil, false
	}
	rawLabel, query, _ := strings.Cut(rest, "?")
	label, ok := pctDecode(rawLabel)
	if !ok {
		return OTPAuth{}, nil, false
	}
	o := OTPAuth{OTPType: otpType}
	if issuer, account, found := strings.Cut(label, ":"); found {
		o.Issuer, o.Account = issuer, strings.TrimLeft(account, " ")
	} else {
		o.Account = label
	}
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return OTPAuth{}, nil, false
	}
	labelIssuer := o.Issuer
	raw := strings.Split(query, "&")
	left := notKept{}
	setBy := map[string]int{}
	for i, pair := range pairs {
		name := strings.ToLower(pair.name)
		if raw[i] == "" {
			continue
		}
		if !containsString(otpauthParameters, name) {
			left[i] = raw[i]
			continue
		}
		if j, given := setBy[name]; given {
			left[j] = raw[j] // the later value is the one read
		}
		setBy[name] = i
		switch name {
		case "secret":
			o.Secret = pair.value
		case "issuer":
			o.Issuer = pair.value
		case "algorithm":
			o.Algorithm = pair.value
		case "digits":
			o.Digits = pair.value
		case "counter":
			o.Counter = pair.value
		case "period":
			o.Period = pair.value
		}
	}
	if labelIssuer != "" && labelIssuer != o.Issuer {
		left[-1] = rawLabel
	}
	return o, left.list(), o.Secret != "" && o.Account != ""
}

// otpauthParameters are the Key Uri Format parameters the fields carry.
var otpauthParameters = []string{"secret", "issuer", "algorithm", "digits", "counter", "period"}
