package kinds_test

import "testing"

func TestFaceTime(t *testing.T) {
	runVectors(t, "facetime", []vector{
		{"video by number", "Apple URL Scheme Reference, FaceTime Links: <a href=\"facetime:14085551234\">",
			map[string]string{"contact": "14085551234"},
			"facetime:14085551234"},
		{"video by address", "Apple URL Scheme Reference, FaceTime Links: <a href=\"facetime:user@example.com\">",
			map[string]string{"contact": "user@example.com"},
			"facetime:user@example.com"},
		{"audio by number", "Apple URL Scheme Reference, FaceTime Links: <a href=\"facetime-audio:14085551234\">",
			map[string]string{"contact": "14085551234", "audio": "true"},
			"facetime-audio:14085551234"},
		{"audio by address", "Apple URL Scheme Reference, FaceTime Links: <a href=\"facetime-audio:user@example.com\">",
			map[string]string{"contact": "user@example.com", "audio": "yes"},
			"facetime-audio:user@example.com"},
		{"international number", "ITU-T E.164 with '+'; separators removed",
			map[string]string{"contact": "+1 (408) 555-1234", "audio": "false"},
			"facetime:+14085551234"},
		{"internationalised domain", "RFC 6068 §2 / IDNA: the domain in punycode, '+' in the local part %-encoded",
			map[string]string{"contact": "jörg+ft@bücher.example"},
			"facetime:j%C3%B6rg%2Bft@xn--bcher-kva.example"},
	})
	runBad(t, "facetime", []bad{
		{"missing contact", map[string]string{"audio": "true"}, "contact"},
		{"letters in number", map[string]string{"contact": "+1 408 CALL ME"}, "contact"},
		{"international number too long", map[string]string{"contact": "+1234567890123456"}, "contact"},
		{"international number with trunk 0", map[string]string{"contact": "+0441234567"}, "contact"},
		{"address without domain", map[string]string{"contact": "user@"}, "contact"},
		{"address with a space", map[string]string{"contact": "first last@example.com"}, "contact"},
		{"bad audio", map[string]string{"contact": "14085551234", "audio": "maybe"}, "audio"},
	})
	recogniseVectors(t, "facetime", []recognised{
		{"native app form", "Apple URL Scheme Reference, FaceTime Links: facetime://user@example.com",
			"facetime://user@example.com", map[string]string{"contact": "user@example.com"}, "facetime:user@example.com"},
		{"native audio form", "Apple URL Scheme Reference, FaceTime Links: facetime-audio:// 14085551234",
			"facetime-audio:// 14085551234", map[string]string{"contact": "14085551234", "audio": "true"}, "facetime-audio:14085551234"},
	})
	notRecognised(t, "facetime", []string{"facetime:", "tel:14085551234", "facetime:user@example.com?x=1"})
}
