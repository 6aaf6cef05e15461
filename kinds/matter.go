package kinds

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Matter is the onboarding payload of a Matter smart-home device: "MT:"
// and the Base38 text of its 88 packed bits (Matter Core Specification
// §5.1.3 QR Code), the code a phone scans to commission the device.
//
// The manual pairing code printed beside it (§5.1.4) carries the same
// passcode and the discriminator's top four bits in 11 digits (21 with
// vendor and product ID, for a non-standard flow) ending in a Verhoeff
// check digit. Parse returns it as manual_code, and a manual_code given
// on input is verified against the other fields. Optional TLV data after
// the packed bits (serial number, vendor data) is not written.
type Matter struct {
	VendorID      string `json:"vendor_id" validate:"required" jsonschema_description:"Vendor ID from the device's certification, 0 to 65535, decimal or 0x hex (0xFFF1 is a test vendor)." title:"Vendor ID"`
	ProductID     string `json:"product_id" validate:"required" jsonschema_description:"Product ID, 0 to 65535, decimal or 0x hex (0x8001)." title:"Product ID"`
	Discriminator string `json:"discriminator" validate:"required" jsonschema_description:"12-bit discriminator the device advertises, 0 to 4095, decimal or 0x hex (3840 = 0xF00)." title:"Discriminator"`
	Passcode      string `json:"passcode" validate:"required" jsonschema_description:"Setup passcode, 8 digits: 00000001 to 99999998, not one of the values the specification forbids (11111111 ... 88888888, 12345678, 87654321)." identity:"true" title:"Setup passcode"`
	Flow          string `json:"flow" validate:"omitempty,oneofci=standard user-intent custom" jsonschema:"enum=standard,enum=user-intent,enum=custom" jsonschema_description:"Commissioning flow: standard (default; the device is ready when powered), user-intent (the user must act on the device first) or custom (the vendor's instructions)." title:"Commissioning flow"`
	Discovery     string `json:"discovery" validate:"required" jsonschema_description:"How a commissioner finds the device, one or more of ble, softap, on-network, wifi-paf separated by commas (Discovery Capabilities bitmask)." title:"Discovery"`
	ManualCode    string `json:"manual_code" jsonschema_description:"Optional: the manual pairing code printed with the QR code (11 digits, 21 for a non-standard flow; dashes and spaces ignored). When given it must be the code of these fields, which catches a mistyped passcode or discriminator." identity:"true" title:"Manual pairing code"`
}

const matterSpec = "Matter Core Specification §5.1"

// base38Alphabet is the Matter Base38 alphabet (§5.1.3.1): digits, upper
// case letters, '-' and '.', all in QR alphanumeric mode.
const base38Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-."

// matterFlows and matterDiscovery give the field values' codes
// (connectedhomeip src/setup_payload/SetupPayload.h CommissioningFlow and
// RendezvousInformationFlag: SoftAP bit 0, BLE 1, on-network 2, Wi-Fi PAF
// 3, the ones a payload may be produced with).
var (
	matterFlows     = []string{"standard", "user-intent", "custom"}
	matterDiscovery = []string{"softap", "ble", "on-network", "wifi-paf"}
)

func init() {
	registry.Register(registry.Kind[Matter]{
		Name:       "matter",
		Title:      "Matter setup code",
		AlsoCalled: []string{"homekit", "smarthome", "smart-home"},
		Purpose:    registry.Apps,
		Summary:    "Commission a Matter smart-home device (MT: onboarding payload; passcode and discriminator checked, manual pairing code with its Verhoeff digit verified)",
		Standard: registry.Standard{
			Name:    "Matter Core Specification",
			Version: "1.3 (Connectivity Standards Alliance)",
			Section: "§5.1 Onboarding Payload: §5.1.3 QR Code, §5.1.4 Manual Pairing Code",
			URL:     "https://csa-iot.org/developer-resource/specifications-download-request/",
		},
		Examples: []Matter{
			{VendorID: "65521", ProductID: "32769", Discriminator: "3840", Passcode: "20202021", Discovery: "on-network"},
			{VendorID: "12", ProductID: "1", Discriminator: "128", Passcode: "2048", Discovery: "softap"},
		},
		Check:  checkMatter,
		Encode: func(m Matter) string { return "MT:" + base38Encode(packMatter(m)) },
		Parse:  parseMatter,
	})
}

// matterNumber reads a decimal or 0x-hex number up to max.
func matterNumber(s string, max uint64) (uint64, bool) {
	s = strings.TrimSpace(s)
	base := 10
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		s, base = rest, 16
	}
	v, err := strconv.ParseUint(s, base, 64)
	return v, err == nil && v <= max
}

// validPasscode is the rule of connectedhomeip
// PayloadContents::IsValidSetupPIN, quoting the specification: 1 to
// 99999998 (0x5F5E0FE), without the trivial values.
func validPasscode(v uint64) bool {
	switch v {
	case 11111111, 22222222, 33333333, 44444444, 55555555, 66666666, 77777777, 88888888, 12345678, 87654321:
		return false
	}
	return v >= 1 && v <= 99999998
}

func checkMatter(m *Matter) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range []struct {
		name  string
		value *string
		max   uint64
		what  string
	}{
		{"vendor_id", &m.VendorID, 0xFFFF, "a 16-bit vendor ID, 0 to 65535"},
		{"product_id", &m.ProductID, 0xFFFF, "a 16-bit product ID, 0 to 65535"},
		{"discriminator", &m.Discriminator, 0xFFF, "a 12-bit discriminator, 0 to 4095"},
	} {
		v, ok := matterNumber(*f.value, f.max)
		if !ok {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is " + f.what + ", decimal or 0x hex (" + matterSpec + ".3 QR Code)"})
			continue
		}
		*f.value = strconv.FormatUint(v, 10)
	}
	if v, err := strconv.ParseUint(strings.TrimSpace(m.Passcode), 10, 32); err != nil || !validPasscode(v) {
		errs = append(errs, registry.FieldError{Field: "passcode", Detail: "passcode is a number from 00000001 to 99999998 that is not 11111111, 22222222 ... 88888888, 12345678 or 87654321: those are too easy to guess (" + matterSpec + " Passcode)"})
	} else {
		m.Passcode = strconv.FormatUint(v, 10)
	}
	m.Flow = strings.ToLower(strings.TrimSpace(m.Flow))
	if m.Flow == "standard" {
		m.Flow = ""
	}
	var caps []string
	respelt := false
	for _, c := range matterDiscoveryWords(m.Discovery) {
		name := matterDiscoveryName(c)
		if name == "" {
			detail := fmt.Sprintf("discovery names one or more of ble, softap, on-network, wifi-paf; %q is none of them (%s Discovery Capabilities Bitmask)", c, matterSpec)
			if strings.NewReplacer("-", "", " ", "").Replace(c) == "wifi" {
				detail += "; Wi-Fi is two of them, softap (a Soft-AP the device opens) and wifi-paf: which one, the device's documentation tells"
			}
			errs = append(errs, registry.FieldError{Field: "discovery", Detail: detail})
			return errs
		}
		respelt = respelt || name != c
		if indexOf(caps, name) < 0 {
			caps = append(caps, name)
		}
	}
	if len(caps) == 0 {
		return append(errs, registry.FieldError{Field: "discovery", Detail: "discovery names at least one of ble, softap, on-network, wifi-paf (" + matterSpec + " Discovery Capabilities Bitmask), as printed with the device's code", Fix: ""})
	}
	// Canonical order: the bit order.
	var ordered []string
	for _, c := range matterDiscovery {
		if indexOf(caps, c) >= 0 {
			ordered = append(ordered, c)
		}
	}
	if respelt {
		return append(errs, registry.FieldError{Field: "discovery", Fix: strings.Join(ordered, ","),
			Detail: fmt.Sprintf("discovery names one or more of ble, softap, on-network, wifi-paf, spelt so (%s Discovery Capabilities Bitmask); the fix writes %q so", matterSpec, m.Discovery)})
	}
	m.Discovery = strings.Join(ordered, ",")
	if len(errs) == 0 && m.ManualCode != "" {
		given := strings.Map(func(r rune) rune {
			if r == '-' || r == ' ' {
				return -1
			}
			return r
		}, m.ManualCode)
		want := matterManualCode(*m)
		if given != want {
			errs = append(errs, registry.FieldError{Field: "manual_code", Detail: "manual_code is not the code of these fields, which is " + groupManualCode(want) + ": check the passcode and discriminator (" + matterSpec + ".4 Manual Pairing Code, Verhoeff check digit)"})
		} else {
			m.ManualCode = want
		}
	}
	return errs
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// packMatter packs the payload's fields least significant bit first, in
// §5.1.3's order: version (3 bits, 0), vendor ID (16), product ID (16),
// commissioning flow (2), discovery capabilities (8), discriminator (12),
// passcode (27) and 4 bits of padding: 88 bits, 11 bytes.
func packMatter(m Matter) []byte {
	out := make([]byte, 11)
	pos := 0
	put := func(v uint64, bits int) {
		for i := 0; i < bits; i++ {
			if v>>i&1 == 1 {
				out[(pos+i)/8] |= 1 << ((pos + i) % 8)
			}
		}
		pos += bits
	}
	num := func(s string) uint64 { v, _ := strconv.ParseUint(s, 10, 64); return v }
	var caps uint64
	for _, c := range strings.Split(m.Discovery, ",") {
		caps |= 1 << indexOf(matterDiscovery, c)
	}
	put(0, 3)
	put(num(m.VendorID), 16)
	put(num(m.ProductID), 16)
	put(uint64(max(indexOf(matterFlows, m.Flow), 0)), 2)
	put(caps, 8)
	put(num(m.Discriminator), 12)
	put(num(m.Passcode), 27)
	put(0, 4)
	return out
}

// base38Encode writes bytes three at a time, little-endian, as five
// Base38 digits least significant first; a last pair takes four digits and
// a single byte two (§5.1.3.1 Base38 encoding).
func base38Encode(b []byte) string {
	var s strings.Builder
	for len(b) > 0 {
		n := min(len(b), 3)
		var v uint32
		for i := n - 1; i >= 0; i-- {
			v = v<<8 | uint32(b[i])
		}
		for range []int{2, 4, 5}[n-1] {
			s.WriteByte(base38Alphabet[v%38])
			v /= 38
		}
		b = b[n:]
	}
	return s.String()
}

// base38Decode reverses base38Encode; false on a bad character, a chunk
// length no byte count gives, or a chunk value too large for its bytes.
func base38Decode(s string) ([]byte, bool) {
	var out []byte
	for len(s) > 0 {
		n := min(len(s), 5)
		bytes := map[int]int{2: 1, 4: 2, 5: 3}[n]
		if bytes == 0 {
			return nil, false
		}
		var v uint64
		for i := n - 1; i >= 0; i-- {
			d := strings.IndexByte(base38Alphabet, s[i])
			if d < 0 {
				return nil, false
			}
			v = v*38 + uint64(d)
		}
		if v >= 1<<(8*bytes) {
			return nil, false
		}
		for i := 0; i < bytes; i++ {
			out = append(out, byte(v>>(8*i)))
		}
		s = s[n:]
	}
	return out, true
}

// matterManualCode is the manual pairing code (§5.1.4): a digit holding
// the VID/PID-present flag and the discriminator's bits 11-10, five digits
// holding its bits 9-8 and the passcode's low 14 bits, four digits holding
// the passcode's high 13 bits, for a non-standard flow the vendor and
// product IDs in five digits each, and the Verhoeff check digit. The
// layout is connectedhomeip's ManualSetupPayloadGenerator.
func matterManualCode(m Matter) string {
	num := func(s string) uint64 { v, _ := strconv.ParseUint(s, 10, 64); return v }
	disc, pin := num(m.Discriminator), num(m.Passcode)
	long := m.Flow != ""
	var flag uint64
	if long {
		flag = 1
	}
	code := fmt.Sprintf("%01d%05d%04d", flag<<2|disc>>10&3, disc>>8&3<<14|pin&0x3FFF, pin>>14&0x1FFF)
	if long {
		code += fmt.Sprintf("%05d%05d", num(m.VendorID), num(m.ProductID))
	}
	return code + verhoeffDigit(code)
}

// groupManualCode writes an 11-digit code as 4-3-4, the way devices
// print it; a 21-digit code is returned as it is.
func groupManualCode(c string) string {
	if len(c) != 11 {
		return c
	}
	return c[:4] + "-" + c[4:7] + "-" + c[7:]
}

// The Verhoeff dihedral-group tables: multiplication, permutation and
// inverse (Verhoeff 1969, the check digit §5.1.4 uses).
var (
	verhoeffD = [10][10]byte{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5}, {2, 3, 4, 0, 1, 7, 8, 9, 5, 6},
		{3, 4, 0, 1, 2, 8, 9, 5, 6, 7}, {4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
		{6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3}, {8, 7, 6, 5, 9, 3, 2, 1, 0, 4},
		{9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
	}
	verhoeffP = [8][10]byte{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4}, {5, 8, 0, 3, 7, 9, 6, 1, 4, 2},
		{8, 9, 1, 6, 0, 4, 3, 5, 2, 7}, {9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
		{2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8},
	}
	verhoeffInv = [10]byte{0, 4, 3, 2, 1, 5, 6, 7, 8, 9}
)

// verhoeffDigit is the check digit to append to the decimal string s.
func verhoeffDigit(s string) string {
	var c byte
	for i := 0; i < len(s); i++ {
		c = verhoeffD[c][verhoeffP[(i+1)%8][s[len(s)-1-i]-'0']]
	}
	return string('0' + verhoeffInv[c])
}

// parseMatter reads an MT: payload of one device: it unpacks the fields,
// refuses what no valid payload holds (version other than 0, unknown
// discovery bits, a forbidden passcode, non-zero padding) and returns the
// manual pairing code too. Several devices' payloads joined by '*' and
// payloads with TLV data are left alone.
func parseMatter(p string) (Matter, bool) {
	rest, ok := strings.CutPrefix(p, "MT:")
	if !ok || len(rest) != 19 {
		return Matter{}, false
	}
	raw, ok := base38Decode(rest)
	if !ok || len(raw) != 11 {
		return Matter{}, false
	}
	v := new(big.Int).SetBytes(reverse(raw))
	pos := 0
	get := func(bits int) uint64 {
		x := new(big.Int).Rsh(v, uint(pos))
		x.And(x, new(big.Int).SetUint64(1<<bits-1))
		pos += bits
		return x.Uint64()
	}
	version, vid, pid, flow, caps, disc, pin, pad := get(3), get(16), get(16), get(2), get(8), get(12), get(27), get(4)
	if version != 0 || flow > 2 || caps == 0 || caps >= 1<<len(matterDiscovery) || !validPasscode(pin) || pad != 0 {
		return Matter{}, false
	}
	m := Matter{
		VendorID: strconv.FormatUint(vid, 10), ProductID: strconv.FormatUint(pid, 10),
		Discriminator: strconv.FormatUint(disc, 10), Passcode: strconv.FormatUint(pin, 10),
	}
	if flow > 0 {
		m.Flow = matterFlows[flow]
	}
	var names []string
	for i, c := range matterDiscovery {
		if caps>>i&1 == 1 {
			names = append(names, c)
		}
	}
	m.Discovery = strings.Join(names, ",")
	m.ManualCode = matterManualCode(m)
	return m, true
}

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		out[len(b)-1-i] = c
	}
	return out
}

// matterDiscoveryWords cuts a discovery value at commas and spaces, in
// lower case, keeping "on network" and "bluetooth le" one word each.
func matterDiscoveryWords(s string) []string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ',' || r == ' ' }) {
		if n := len(words); n > 0 && (words[n-1] == "on" && w == "network" || words[n-1] == "bluetooth" && w == "le") {
			words[n-1] += " " + w
			continue
		}
		words = append(words, w)
	}
	return words
}

// matterDiscoveryName is the capability a word names, or "": the names
// of the Discovery Capabilities Bitmask's bits written with or without
// their hyphen, and Bluetooth, whose only transport there is Bluetooth
// LE. "wifi" names none: Soft-AP and Wi-Fi PAF are both Wi-Fi.
func matterDiscoveryName(word string) string {
	bare := strings.NewReplacer("-", "", "_", "", " ", "").Replace(word)
	for _, c := range matterDiscovery {
		if bare == strings.ReplaceAll(c, "-", "") {
			return c
		}
	}
	switch bare {
	case "bluetooth", "bluetoothle", "btle":
		return "ble"
	}
	return ""
}
