package kinds_test

import "testing"

// Cards written by phones and address books: they read to fields the vcard
// kind builds again (as vCard 3.0, qrforge's canonical spelling).
func TestVCardForeignCards(t *testing.T) {
	recogniseVectors(t, "vcard", []recognised{
		{"vCard 2.1 from an old phone", "vCard 2.1 (versit, 1996) §2.1.2 parameters without TYPE=, §2.3.3 TEL, §2.3.1 ADR",
			"BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;John;;;\r\nFN:John Doe\r\nTEL;CELL:+15551234567\r\nTEL;WORK;VOICE:+15557654321\r\nEMAIL;INTERNET;HOME:john@example.com\r\nADR;HOME:;;1 Main St;Springfield;IL;62701;USA\r\nEND:VCARD",
			map[string]string{"fn": "John", "ln": "Doe", "phone": "+15551234567", "phone_type": "cell", "phone2": "+15557654321", "phone2_type": "work,voice",
				"email": "john@example.com", "email_type": "home", "street": "1 Main St", "city": "Springfield", "region": "IL", "zip": "62701", "country": "USA", "adr_type": "home"},
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;;;\r\nFN:John Doe\r\nEMAIL;TYPE=home:john@example.com\r\nTEL;TYPE=cell:+15551234567\r\nTEL;TYPE=work,voice:+15557654321\r\nADR;TYPE=home:;;1 Main St;Springfield;IL;62701;USA\r\nEND:VCARD\r\n"},
		{"vCard 2.1 quoted-printable", "vCard 2.1 §2.1.3 (ENCODING=QUOTED-PRINTABLE, RFC 2045 §6.7 soft line breaks), §2.1.4 CHARSET",
			"BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=B6rg\r\nNOTE;ENCODING=QUOTED-PRINTABLE:line1=0D=0Aline2 is a lo=\r\nng one\r\nTITLE;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Gesch=E4ftsf=FChrer\r\nEND:VCARD",
			map[string]string{"fn": "Jörg", "ln": "Müller", "note": "line1\nline2 is a long one", "title": "Geschäftsführer"},
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Müller;Jörg;;;\r\nFN:Jörg Müller\r\nTITLE:Geschäftsführer\r\nNOTE:line1\\nline2 is a long one\r\nEND:VCARD\r\n"},
		{"iOS Contacts 3.0", "RFC 2426 §3.3.1 type-param-tel, §3.3.2 EMAIL's internet; TYPE given as several parameters (RFC 2426 §4 param)",
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;;;\r\nFN:John Doe\r\nEMAIL;type=INTERNET;type=HOME;type=pref:john@example.com\r\nTEL;type=CELL;type=VOICE;type=pref:+1 555 0100\r\nEND:VCARD",
			map[string]string{"fn": "John", "ln": "Doe", "email": "john@example.com", "email_type": "home", "phone": "+1 555 0100", "phone_type": "cell,voice,pref", "version": "3.0"},
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;;;\r\nFN:John Doe\r\nEMAIL;TYPE=home:john@example.com\r\nTEL;TYPE=cell,voice,pref:+1 555 0100\r\nEND:VCARD\r\n"},
		{"grouped properties, as iOS and Google Contacts write them", "RFC 6350 §3.3 contentline = [group \".\"] name: the group does not change what the property is",
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;;;\r\nFN:John Doe\r\nitem1.EMAIL;type=INTERNET:john@example.com\r\nitem2.TEL:+1 555 0100\r\nEND:VCARD",
			map[string]string{"fn": "John", "ln": "Doe", "email": "john@example.com", "phone": "+1 555 0100", "version": "3.0"},
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;;;\r\nFN:John Doe\r\nEMAIL:john@example.com\r\nTEL:+1 555 0100\r\nEND:VCARD\r\n"},
	})
	// The group's label, an extension, has no field: it is named as not
	// kept, and the grouped property is read.
	fields, notKept, ok := lookup(t, "vcard").Read("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:John Doe\r\nN:Doe;John;;;\r\nitem1.EMAIL;type=INTERNET:john@example.com\r\nitem1.X-ABLabel:_$!<Work>!$_\r\nEND:VCARD")
	if !ok || fields["email"] != "john@example.com" || len(notKept) != 1 || notKept[0] != "item1.X-ABLabel:_$!<Work>!$_" {
		t.Errorf("grouped email with its label: %v, not kept %q", fields, notKept)
	}
}
