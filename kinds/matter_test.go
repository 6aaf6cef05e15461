package kinds_test

import (
	"testing"
)

// connectedhomeip (project-chip) vectors:
//   - src/setup_payload/tests/TestHelpers.h kDefaultPayloadQRCode
//     "MT:M5L90MP500K64J00000": version 0, vendor 12, product 1, standard
//     flow, SoftAP, discriminator 128, passcode 2048; its manual code
//     00204800002 (TestSetupPayload.cpp TestFromStringNumericCode).
//   - the test device of the SDK's examples and CI
//     (src/python_testing --qr-code MT:-24J0AFN00KA0648G00, Darwin
//     MTRPairingTests kOnboardingPayload): vendor 0xFFF1, product 0x8001,
//     discriminator 3840, passcode 20202021; manual code 34970112332.
//   - TestManualCode.cpp TestPayloadParser_FullPayload: long codes
//     52927623630456200032 (passcode 38728284, discriminator 1280, vendor
//     4562, product 32) and 40000100000000100001 (1, 0, 1, 1), each
//     followed by its Verhoeff digit.
func TestMatter(t *testing.T) {
	const helpers = "connectedhomeip src/setup_payload/tests/TestHelpers.h kDefaultPayloadQRCode"
	const sdk = "connectedhomeip example device payload (TC_CGEN_2_8 --qr-code, MTRPairingTests)"
	runVectors(t, "matter", []vector{
		{"sdk default payload", helpers,
			map[string]string{"vendor_id": "12", "product_id": "1", "discriminator": "128", "passcode": "2048", "discovery": "softap"},
			"MT:M5L90MP500K64J00000"},
		{"sdk default payload with its manual code", helpers + "; TestSetupPayload.cpp numeric code 00204800002",
			map[string]string{"vendor_id": "12", "product_id": "1", "discriminator": "128", "passcode": "2048", "discovery": "softap", "manual_code": "00204800002"},
			"MT:M5L90MP500K64J00000"},
		{"sdk example device", sdk,
			map[string]string{"vendor_id": "0xFFF1", "product_id": "0x8001", "discriminator": "3840", "passcode": "20202021", "discovery": "on-network", "manual_code": "3497-011-2332"},
			"MT:-24J0AFN00KA0648G00"},
	})
	recogniseVectors(t, "matter", []recognised{
		{"sdk default payload", helpers, "MT:M5L90MP500K64J00000",
			map[string]string{"vendor_id": "12", "product_id": "1", "discriminator": "128", "passcode": "2048", "discovery": "softap", "manual_code": "00204800002"},
			"MT:M5L90MP500K64J00000"},
		{"sdk example device", sdk + "; manual code 34970112332", "MT:-24J0AFN00KA0648G00",
			map[string]string{"vendor_id": "65521", "product_id": "32769", "discriminator": "3840", "passcode": "20202021", "discovery": "on-network", "manual_code": "34970112332"},
			"MT:-24J0AFN00KA0648G00"},
	})
	notRecognised(t, "matter", []string{
		// TestSetupPayload.cpp TestFromStringInvalidValues: passcode
		// 111111111, a concatenation with it, and a wrong prefix.
		"MT:M5L90MP500W-GT68D20",
		"MT:M5L90MP500K64J00000*M5L90MP500W-GT68D20",
		"AT:M5L90MP500K64J00000",
		"MT:", "MT:M5L90MP500K64J0000", "MT:M5L90MP500K64J0000a",
	})

	// Long manual codes of TestManualCode.cpp, with the Verhoeff digit
	// this implementation computes: the fields must give back the digits
	// the SDK parses, and the check digit must make the whole code valid.
	k := lookup(t, "matter")
	for _, c := range []struct {
		digits              string
		pin, disc, vid, pid string
	}{
		{"52927623630456200032", "38728284", "1280", "4562", "32"},
		{"40000100000000100001", "1", "0", "1", "1"},
	} {
		fields := map[string]string{"vendor_id": c.vid, "product_id": c.pid, "discriminator": c.disc, "passcode": c.pin, "discovery": "ble", "flow": "custom"}
		p, errs := k.Build(fields)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", c.digits, errs)
		}
		got, ok := k.Recognise(p)
		if !ok || len(got["manual_code"]) != 21 || got["manual_code"][:20] != c.digits {
			t.Errorf("manual code of %v: %q, want %s + check digit", fields, got["manual_code"], c.digits)
			continue
		}
		if !verhoeffValid(got["manual_code"]) {
			t.Errorf("%s: check digit does not validate", got["manual_code"])
		}
	}
	// Verhoeff's own example (Verhoeff 1969; 236 takes check digit 3).
	if !verhoeffValid("2363") || verhoeffValid("2364") {
		t.Error("Verhoeff check of 2363")
	}

	ok := map[string]string{"vendor_id": "65521", "product_id": "32768", "discriminator": "3840", "passcode": "20202021", "discovery": "ble"}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range ok {
			m[a] = b
		}
		m[k] = v
		return m
	}
	var bads []bad
	// §5.1 Passcode: the forbidden values and the range.
	for _, pin := range []string{"0", "11111111", "22222222", "33333333", "44444444", "55555555", "66666666", "77777777", "88888888", "99999999", "12345678", "87654321", "111111111", "-5", "abc"} {
		bads = append(bads, bad{"passcode " + pin, with("passcode", pin), "passcode"})
	}
	bads = append(bads,
		bad{"missing passcode", with("passcode", ""), "passcode"},
		bad{"discriminator 13 bits", with("discriminator", "4096"), "discriminator"},
		bad{"discriminator hex too large", with("discriminator", "0x1F00"), "discriminator"},
		bad{"vendor too large", with("vendor_id", "65536"), "vendor_id"},
		bad{"product not a number", with("product_id", "abc"), "product_id"},
		bad{"unknown flow", with("flow", "later"), "flow"},
		bad{"unknown discovery", with("discovery", "zigbee"), "discovery"},
		bad{"empty discovery", with("discovery", ","), "discovery"},
		// TestManualCode.cpp "wrong check digit" 02684354589.
		bad{"manual code check digit", with("manual_code", "34970112333"), "manual_code"},
		bad{"manual code of another passcode", with("manual_code", "00204800002"), "manual_code"},
	)
	runBad(t, "matter", bads)
}

func verhoeffValid(s string) bool {
	d := [10][10]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5}, {2, 3, 4, 0, 1, 7, 8, 9, 5, 6},
		{3, 4, 0, 1, 2, 8, 9, 5, 6, 7}, {4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
		{6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3}, {8, 7, 6, 5, 9, 3, 2, 1, 0, 4},
		{9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
	}
	p := [8][10]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4}, {5, 8, 0, 3, 7, 9, 6, 1, 4, 2},
		{8, 9, 1, 6, 0, 4, 3, 5, 2, 7}, {9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
		{2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8},
	}
	c := 0
	for i := 0; i < len(s); i++ {
		c = d[c][p[i%8][s[len(s)-1-i]-'0']]
	}
	return c == 0
}
