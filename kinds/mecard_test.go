package kinds_test

import "testing"

func TestMeCard(t *testing.T) {
	runVectors(t, "mecard", []vector{
		// segno tests/test_helpers.py test_mecard_data.
		{"segno name only", "segno test_mecard_data: make_mecard_data(name='Mustermann,Max')",
			map[string]string{"fn": "Max", "ln": "Mustermann"},
			`MECARD:N:Mustermann,Max;;`},
		{"segno phone", "segno test_mecard_data (one of its two TEL values)",
			map[string]string{"fn": "Max", "ln": "Mustermann", "phone": "+1"},
			`MECARD:N:Mustermann,Max;TEL:+1;;`},
		{"segno email", "segno test_mecard_data: email='me@example.org'",
			map[string]string{"fn": "Max", "ln": "Mustermann", "email": "me@example.org"},
			`MECARD:N:Mustermann,Max;EMAIL:me@example.org;;`},
		// Name, phone and email in the order segno writes them.
		{"name, phone, email", "segno make_mecard_data algorithm; ZXing AddressBookDoCoMoResultParser reads it",
			map[string]string{"fn": "John", "ln": "Doe", "phone": "+15550100", "email": "john@example.com"},
			`MECARD:N:Doe,John;TEL:+15550100;EMAIL:john@example.com;;`},
		// NTT DoCoMo MECARD, phonebook registration function formats:
		// TEL is "1 to 24 digits".
		{"separators left out of TEL", "NTT DoCoMo MECARD: TEL is 1 to 24 digits",
			map[string]string{"fn": "Jürgen", "ln": "Müller", "phone": "+1 (555) 010-99.8"},
			`MECARD:N:Müller,Jürgen;TEL:+1555010998;;`},
		{"24 digits", "NTT DoCoMo MECARD: TEL is 1 to 24 digits",
			map[string]string{"fn": "A", "phone": "123456789012345678901234"},
			`MECARD:N:A;TEL:123456789012345678901234;;`},
		// ZXing AddressBookParsedResultTestCase.testAddressBookDocomo.
		{"zxing single name", "ZXing AddressBookParsedResultTestCase: MECARD:N:Sean Owen;;",
			map[string]string{"fn": "Sean Owen"},
			`MECARD:N:Sean Owen;;`},
		{"family name only", "ZXing AddressBookDoCoMoResultParser.parseName: no comma, no swap",
			map[string]string{"ln": "Owen"},
			`MECARD:N:Owen;;`},
		{"escaping of \\ ; : \"", "segno _MECARD_ESCAPE; ZXing matchPrefixedField unescapes backslashes",
			map[string]string{"fn": "A", "note": `a\b;c:d"e`, "url": "https://example.com/x;y"},
			`MECARD:N:A;URL:https\://example.com/x\;y;NOTE:a\\b\;c\:d\"e;;`},
		{"a field name inside a note stays data", "ZXing finds fields by searching for \"KEY:\"",
			map[string]string{"fn": "A", "note": "TEL:123"},
			`MECARD:N:A;NOTE:TEL\:123;;`},
	})
	runBad(t, "mecard", []bad{
		{"no name", map[string]string{"phone": "+15550100"}, "fn"},
		{"bad phone", map[string]string{"fn": "A", "phone": "+1 (555) CALL-NOW"}, "phone"},
		{"25 digits", map[string]string{"fn": "A", "phone": "1234567890 1234567890 12345"}, "phone"},
		{"bad email", map[string]string{"fn": "A", "email": "a@"}, "email"},
		{"bad url", map[string]string{"fn": "A", "url": "javascript:alert(1)"}, "url"},
		{"url with space", map[string]string{"fn": "A", "url": "https://example.com/a b"}, "url"},
		{"fn not UTF-8", map[string]string{"fn": "\xff"}, "fn"},
		{"ln control character", map[string]string{"ln": "\x00"}, "ln"},
		{"note control character", map[string]string{"fn": "A", "note": "\x1b"}, "note"},
	})
}

// TestMeCardRecognise reads ZXing's own MECARD test payloads.
func TestMeCardRecognise(t *testing.T) {
	k := lookup(t, "mecard")
	got, ok := k.Recognise("MECARD:NOTE:ZXing Team;N:Sean Owen;URL:google.com;EMAIL:srowen@example.org;;")
	want := map[string]string{"fn": "Sean Owen", "note": "ZXing Team", "url": "google.com", "email": "srowen@example.org"}
	if !ok || len(got) != len(want) {
		t.Fatalf("recognised %v (%v)", got, ok)
	}
	for name, v := range want {
		if got[name] != v {
			t.Errorf("%s = %q, want %q", name, got[name], v)
		}
	}
	got, ok = k.Recognise(`MECARD:N:O'Brien,Mary\, Jr.;NOTE:a\\b\;c\:d\"e;;`)
	if !ok || got["ln"] != "O'Brien" || got["fn"] != "Mary, Jr." || got["note"] != `a\b;c:d"e` {
		t.Errorf("recognised %v", got)
	}
	if _, ok := k.Recognise("MECARD:TEL:1;;"); ok {
		t.Error("recognised a MECARD without N")
	}
}

// TestMeCardNameComma checks that a comma inside a name part is refused:
// ZXing AddressBookDoCoMoResultParser.parseName unescapes N: and then
// splits it at the first comma into last and first name, so ln
// "Smith, Jr." with fn "John" would read back as " Jr.,John Smith".
func TestMeCardNameComma(t *testing.T) {
	runBad(t, "mecard", []bad{
		{"ZXing parseName: comma in fn", map[string]string{"fn": "Mary, Jr.", "ln": "O'Brien"}, "fn"},
		{"ZXing parseName: comma in ln", map[string]string{"fn": "John", "ln": "Smith, Jr."}, "ln"},
		{"ZXing parseName: comma in the only name", map[string]string{"fn": "Doe, John"}, "fn"},
		{"ZXing parseName: escaped comma does not survive", map[string]string{"ln": `Doe\,John`}, "ln"},
	})
	vectors := []vector{
		{"names without commas", "ZXing AddressBookDoCoMoResultParser.parseName: last,first",
			map[string]string{"fn": "Mary Jr.", "ln": "O'Brien"},
			`MECARD:N:O'Brien,Mary Jr.;;`},
	}
	runVectors(t, "mecard", vectors)
	snapVectors(t, vectors)
}

// A name written as MECARD's N: writes it, last,first, is read as ZXing
// reads it: the fix writes the family name in ln and the given name in
// fn, each as given. Without the split, fn=Doe,John had no fix.
func TestMeCardNameIsLastCommaFirst(t *testing.T) {
	for _, c := range []struct {
		field, value, fix, other, part string
	}{
		{"fn", "Doe,John", "John", "ln", "Doe"},
		{"fn", "Doe, John", "John", "ln", "Doe"},
	} {
		_, errs := lookup(t, "mecard").Build(map[string]string{c.field: c.value})
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.fix || errs[0].With[c.other] != c.part {
			t.Errorf("%s=%q: %+v, want %s fixed to %q with %s=%q", c.field, c.value, errs, c.field, c.fix, c.other, c.part)
		}
	}
	// Two commas are no one name, and a comma in ln more likely sets off
	// a suffix (Smith, Jr.): no fix.
	for _, given := range []map[string]string{{"fn": "a,b,c"}, {"ln": "Smith, Jr."}} {
		if _, errs := lookup(t, "mecard").Build(given); len(errs) == 0 || errs[0].Fix != "" {
			t.Errorf("%v: %+v, want a problem without a fix", given, errs)
		}
	}
}
