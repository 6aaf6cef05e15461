package kinds_test

import (
	"strings"
	"testing"
)

func TestMMS(t *testing.T) {
	runVectors(t, "mms", []vector{
		{"zxing subject and body", "ZXing SMSMMSParsedResultTestCase testMMS (mms:+15551212?subject=foo&body=bar)",
			map[string]string{"number": "+15551212", "subject": "foo", "message": "bar"},
			"mms:+15551212?subject=foo&body=bar"},
		{"zxing number alone", "ZXing SMSMMSParsedResultTestCase testMMS (mms:+15551212)",
			map[string]string{"number": "+15551212"},
			"mms:+15551212"},
		{"percent-encoded subject", "RFC 5724 §2.2: values are percent-encoded UTF-8, spaces as %20",
			map[string]string{"number": "+1 (510) 555-0101", "subject": "Grüße & more", "message": "See the photo?"},
			"mms:+15105550101?subject=Gr%C3%BC%C3%9Fe%20%26%20more&body=See%20the%20photo%3F"},
		{"mmsto", "ZXing SMSTOMMSTOResultParser: MMSTO:<number>:<body>",
			map[string]string{"number": "+15105550101", "message": "Photo attached", "form": "MMSTO"},
			"MMSTO:+15105550101:Photo attached"},
		{"mmsto short code, text with colons", "ZXing SMSTOMMSTOResultParser: the text runs to the end, unescaped",
			map[string]string{"number": "12345", "message": "PIC: 10:30", "form": "mmsto"},
			"MMSTO:12345:PIC: 10:30"},
		{"mmsto number alone", "ZXing SMSTOMMSTOResultParser reads MMSTO:<number> alone",
			map[string]string{"number": "+15551212", "form": "mmsto"},
			"MMSTO:+15551212"},
	})
	runBad(t, "mms", []bad{
		{"missing number", map[string]string{"message": "hi"}, "number"},
		{"letters in number", map[string]string{"number": "+1555CALLME"}, "number"},
		{"national number in the uri form", map[string]string{"number": "01601234567"}, "number"},
		{"number too long", map[string]string{"number": "+1234567890123456"}, "number"},
		{"subject with mmsto", map[string]string{"number": "+15551212", "subject": "x", "form": "mmsto"}, "subject"},
		{"two-line subject", map[string]string{"number": "+15551212", "subject": "a\nb"}, "subject"},
		{"control character in message", map[string]string{"number": "+15551212", "message": "a\x1bb"}, "message"},
		{"unknown form", map[string]string{"number": "+15551212", "form": "sms"}, "form"},
	})
	recogniseVectors(t, "mms", []recognised{
		{"upper-case scheme", "ZXing SMSMMSResultParser reads MMS: and mms:", "MMS:+15551212?body=bar&subject=foo",
			map[string]string{"number": "+15551212", "subject": "foo", "message": "bar"},
			"mms:+15551212?subject=foo&body=bar"},
		{"lower-case mmsto", "ZXing SMSTOMMSTOResultParser reads mmsto:", "mmsto:+15551212:hello",
			map[string]string{"number": "+15551212", "message": "hello", "form": "mmsto"},
			"MMSTO:+15551212:hello"},
	})
	notRecognised(t, "mms", []string{"mms:+15551212;via=999333", "mms:+1,+2", "sms:+15551212", "SMSTO:+15551212:hi", "mms:"})
}

// TestMMSAdviceNamesMMSForms checks that the number advice shared with the
// sms kind names this kind's forms.
func TestMMSAdviceNamesMMSForms(t *testing.T) {
	_, errs := lookup(t, "mms").Build(map[string]string{"number": "01601234567"})
	if len(errs) != 1 || !strings.Contains(errs[0].Detail, "form=mmsto") || strings.Contains(errs[0].Detail, "smsto") {
		t.Fatalf("errors %+v", errs)
	}
}
