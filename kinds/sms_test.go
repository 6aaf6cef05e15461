package kinds_test

import "testing"

func TestSMS(t *testing.T) {
	runVectors(t, "sms", []vector{
		{"smsto default", "QRCoder SMS.cs SMSTO form (SMSTO:+15551212:hello)",
			map[string]string{"number": "+15551212", "message": "hello"},
			"SMSTO:+15551212:hello"},
		{"smsto national number", "QRCoder SMSTests sms_should_build_type_SMSTO",
			map[string]string{"number": "01601234567", "message": "A small SMS"},
			"SMSTO:01601234567:A small SMS"},
		{"smsto short code", "SMSTO: has no number grammar; a short code is digits",
			map[string]string{"number": "12345", "message": "VOTE 7", "form": "SMSTO"},
			"SMSTO:12345:VOTE 7"},
		{"smsto message with colons and lines", "ZXing SMSTOMMSTOResultParser: the message runs to the end, unescaped",
			map[string]string{"number": "+1 555-1212", "message": "time: 10:30\nplace: here"},
			"SMSTO:+15551212:time: 10:30\nplace: here"},
		{"smsto without message", "ZXing SMSTOMMSTOResultParser reads SMSTO:<number> alone",
			map[string]string{"number": "+15551212"},
			"SMSTO:+15551212"},
		{"rfc 5724 one recipient", "RFC 5724 §2.5 <sms:+15105550101>",
			map[string]string{"number": "+15105550101", "form": "sms"},
			"sms:+15105550101"},
		{"rfc 5724 body", "RFC 5724 §2.5 <sms:+15105550101?body=hello%20there>",
			map[string]string{"number": "+15105550101", "message": "hello there", "form": "sms"},
			"sms:+15105550101?body=hello%20there"},
		{"rfc 5724 body, separators removed", "RFC 5724 §2.2: percent-encoded UTF-8 body",
			map[string]string{"number": "+1 (510) 555-0101", "message": "Grüße & 50% off?", "form": "sms"},
			"sms:+15105550101?body=Gr%C3%BC%C3%9Fe%20%26%2050%25%20off%3F"},
		{"zxing number", "ZXing SMSMMSParsedResultTestCase <sms:+15551212>",
			map[string]string{"number": "+15551212", "form": "sms"},
			"sms:+15551212"},
	})
	runBad(t, "sms", []bad{
		{"missing number", map[string]string{"message": "hi"}, "number"},
		{"letters in number", map[string]string{"number": "+1555CALLME"}, "number"},
		// QRCoder writes sms:01601234567?body=..., but RFC 5724 takes an
		// RFC 3966 number, and a local one needs a phone-context.
		{"national number with form=sms", map[string]string{"number": "01601234567", "message": "A small SMS", "form": "sms"}, "number"},
		{"international number too long", map[string]string{"number": "+1234567890123456"}, "number"},
		{"short code too long", map[string]string{"number": "1234567890123456"}, "number"},
		{"unknown form", map[string]string{"number": "+15551212", "form": "mms"}, "form"},
	})
	recogniseVectors(t, "sms", []recognised{
		{"smsto", "QRCoder SMSTO form", "SMSTO:+15551212:hello",
			map[string]string{"number": "+15551212", "message": "hello"}, "SMSTO:+15551212:hello"},
		{"lower-case smsto", "ZXing SMSTOMMSTOResultParser is case-insensitive", "smsto:+15551212:a:b",
			map[string]string{"number": "+15551212", "message": "a:b"}, "SMSTO:+15551212:a:b"},
		{"zxing subject and body", "ZXing SMSMMSParsedResultTestCase <sms:+15551212?subject=foo&body=bar> (subject has no field)",
			"sms:+15551212?subject=foo&body=bar",
			map[string]string{"number": "+15551212", "message": "bar", "form": "sms"}, "sms:+15551212?body=bar"},
		{"rfc 5724 body", "RFC 5724 §2.5", "sms:+15105550101?body=hello%20there",
			map[string]string{"number": "+15105550101", "message": "hello there", "form": "sms"}, "sms:+15105550101?body=hello%20there"},
	})
	// Several recipients (RFC 5724 §2.5) and ZXing's ;via= have no fields here.
	notRecognised(t, "sms", []string{"sms:+15105550101,+15105550102", "sms:+15551212;via=999333", "sms:", "SMSTO:", "MMSTO:+15551212:hi"})
}
