package kinds_test

import "testing"

func TestWhatsApp(t *testing.T) {
	// QRCoder's WhatsAppMessageTests: the message and its expected
	// percent-encoding (RFC 3986 unreserved only, %20 for spaces).
	const umlauts = "This is a sample message with Umlauts: Ä,ö, ü and ß."
	const umlautsEncoded = "This%20is%20a%20sample%20message%20with%20Umlauts%3A%20%C3%84%2C%C3%B6%2C%20%C3%BC%20and%20%C3%9F."
	runVectors(t, "whatsapp", []vector{
		// QRCoder's test gives 491601234567 without '+', which qrforge
		// refuses: digits alone do not say whether a country code leads.
		{"qrcoder simple", "QRCoder WhatsAppMessageTests whatsapp_generator_can_generate_payload_simple, number with '+'",
			map[string]string{"number": "+491601234567", "message": umlauts},
			"https://wa.me/491601234567?text=" + umlautsEncoded},
		{"qrcoder message only", "QRCoder WhatsAppMessageTests whatsapp_should_add_unused_params",
			map[string]string{"message": umlauts},
			"https://wa.me/?text=" + umlautsEncoded},
		{"qrcoder + and brackets", "QRCoder WhatsAppMessageTests whatsapp_should_cleanup_phonenumber_1 (+49(160)1234567)",
			map[string]string{"number": "+49(160)1234567", "message": umlauts},
			"https://wa.me/491601234567?text=" + umlautsEncoded},
		{"qrcoder 00, dashes and spaces", "QRCoder WhatsAppMessageTests whatsapp_should_cleanup_phonenumber_2 (0049-160-1234 567)",
			map[string]string{"number": "0049-160-1234 567", "message": umlauts},
			"https://wa.me/491601234567?text=" + umlautsEncoded},
		{"number cleaned", "QRCoder WhatsAppMessage.cs cleaning of +1 (555) 010-0100",
			map[string]string{"number": "+1 (555) 010-0100", "message": "Hi there!"},
			"https://wa.me/15550100100?text=Hi%20there%21"},
		{"number only", "wa.me/<number> opens the chat with an empty box",
			map[string]string{"number": "+44 7700 900123"},
			"https://wa.me/447700900123"},
		{"line break and reserved characters", "percent-encoding of '&', '#', '+' and LF",
			map[string]string{"number": "+491601234567", "message": "A&B #1\n1+1"},
			"https://wa.me/491601234567?text=A%26B%20%231%0A1%2B1"},
	})
	runBad(t, "whatsapp", []bad{
		{"neither number nor message", map[string]string{}, "number"},
		{"letters", map[string]string{"number": "+49 abc"}, "number"},
		{"too short", map[string]string{"number": "+49 160"}, "number"},
		{"too long", map[string]string{"number": "+49 1601 2345 6789 01"}, "number"},
	})
	recogniseVectors(t, "whatsapp", []recognised{
		{"qrcoder", "QRCoder WhatsAppMessageTests",
			"https://wa.me/491601234567?text=" + umlautsEncoded,
			map[string]string{"number": "+491601234567", "message": umlauts},
			"https://wa.me/491601234567?text=" + umlautsEncoded},
		{"message only", "QRCoder WhatsAppMessageTests",
			"https://wa.me/?text=" + umlautsEncoded,
			map[string]string{"message": umlauts},
			"https://wa.me/?text=" + umlautsEncoded},
	})
	notRecognised(t, "whatsapp", []string{"https://wa.me/", "https://wa.me/+491601234567", "https://wa.me/message/ABC", "https://example.com/491601234567"})
}

// TestWhatsAppInternationalOnly checks the number rule of WhatsApp's "How
// to use click to chat" FAQ: wa.me/<number> takes the full international
// number, without +, 00, spaces, dashes or brackets. A national number
// names no country, so it is refused instead of read as one: QRCoder's
// stripping of leading zeros made 0160 1234567 the +1 160 number.
func TestWhatsAppInternationalOnly(t *testing.T) {
	runBad(t, "whatsapp", []bad{
		{"click to chat: national number with trunk 0", map[string]string{"number": "0160 1234567", "message": "Hi"}, "number"},
		{"click to chat: national number without 0", map[string]string{"number": "160 1234567"}, "number"},
		{"click to chat: national number after +", map[string]string{"number": "+0160 1234567"}, "number"},
		{"click to chat: digits without + or 00", map[string]string{"number": "491601234567"}, "number"},
		{"click to chat: 000 is no international prefix", map[string]string{"number": "000160 1234567"}, "number"},
	})
	vectors := []vector{
		{"plus and country code", "WhatsApp FAQ How to use click to chat: full international format, no '+'",
			map[string]string{"number": "+49 160 1234567", "message": "Hi"},
			"https://wa.me/491601234567?text=Hi"},
		{"00 and country code", "WhatsApp FAQ How to use click to chat: no 00 before the country code",
			map[string]string{"number": "0049 160 1234567"},
			"https://wa.me/491601234567"},
		{"trunk prefix (0) dropped", "WhatsApp FAQ How to use click to chat; ITU-T E.123 §2.5 (0) is not dialled from abroad",
			map[string]string{"number": "+49 (0)160 1234567"},
			"https://wa.me/491601234567"},
	}
	runVectors(t, "whatsapp", vectors)
	snapVectors(t, vectors)
}

// A click-to-chat link given as the number is refused with a fix that is
// its international number, the '+' its path leaves out (the kind's own
// parser reads it so), and its text where message is not given; a text
// that differs from message leaves no fix.
func TestWhatsAppLinkAsNumber(t *testing.T) {
	wa := lookup(t, "whatsapp")
	for _, c := range []struct{ number, message, fix, with string }{
		{"https://wa.me/15550100123", "", "+15550100123", ""},
		{"wa.me/4916012345678?text=Hallo", "", "+4916012345678", "Hallo"},
		{"wa.me/4916012345678?text=Hallo", "Hallo", "+4916012345678", ""},
		{"https://wa.me/15550100123?text=Hi", "Yo", "", ""},
	} {
		values := map[string]string{"number": c.number}
		if c.message != "" {
			values["message"] = c.message
		}
		_, errs := wa.Build(values)
		if len(errs) != 1 || errs[0].Fix != c.fix || errs[0].With["message"] != c.with {
			t.Errorf("%s (message %q): %+v, want the fix %q with message %q", c.number, c.message, errs, c.fix, c.with)
		}
	}
}
