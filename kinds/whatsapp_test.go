package kinds_test

import "testing"

func TestWhatsApp(t *testing.T) {
	// QRCoder's WhatsAppMessageTests: the message and its expected
	// percent-encoding (RFC 3986 unreserved only, %20 for spaces).
	const umlauts = "This is a sample message with Umlauts: Ä,ö, ü and ß."
	const umlautsEncoded = "This%20is%20a%20sample%20message%20with%20Umlauts%3A%20%C3%84%2C%C3%B6%2C%20%C3%BC%20and%20%C3%9F."
	runVectors(t, "whatsapp", []vector{
		{"qrcoder simple", "QRCoder WhatsAppMessageTests whatsapp_generator_can_generate_payload_simple",
			map[string]string{"number": "491601234567", "message": umlauts},
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
		{"catalog vector", "QRCoder WhatsAppMessage.cs cleaning of +1 (555) 010-0100",
			map[string]string{"number": "+1 (555) 010-0100", "message": "Hi there!"},
			"https://wa.me/15550100100?text=Hi%20there%21"},
		{"number only", "wa.me/<number> opens the chat with an empty box",
			map[string]string{"number": "+44 7700 900123"},
			"https://wa.me/447700900123"},
		{"line break and reserved characters", "percent-encoding of '&', '#', '+' and LF",
			map[string]string{"number": "491601234567", "message": "A&B #1\n1+1"},
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
			map[string]string{"number": "491601234567", "message": umlauts},
			"https://wa.me/491601234567?text=" + umlautsEncoded},
		{"message only", "QRCoder WhatsAppMessageTests",
			"https://wa.me/?text=" + umlautsEncoded,
			map[string]string{"message": umlauts},
			"https://wa.me/?text=" + umlautsEncoded},
	})
	notRecognised(t, "whatsapp", []string{"https://wa.me/", "https://wa.me/+491601234567", "https://wa.me/message/ABC", "https://example.com/491601234567"})
}
