package kinds_test

import (
	"strings"
	"testing"
)

func TestEmail(t *testing.T) {
	// RFC 6068 §6 examples and ZXing's EmailAddressParsedResultTestCase
	// (the mailto: cases; its MATMSG: and smtp: forms are not produced).
	runVectors(t, "email", []vector{
		{"single address", "RFC 6068 §6.1 <mailto:chris@example.com>",
			map[string]string{"to": "chris@example.com"},
			"mailto:chris@example.com"},
		{"subject", "RFC 6068 §6.1 <mailto:infobot@example.com?subject=current-issue>",
			map[string]string{"to": "infobot@example.com", "subject": "current-issue"},
			"mailto:infobot@example.com?subject=current-issue"},
		{"body with a space", "RFC 6068 §6.1 <mailto:infobot@example.com?body=send%20current-issue>",
			map[string]string{"to": "infobot@example.com", "body": "send current-issue"},
			"mailto:infobot@example.com?body=send%20current-issue"},
		{"body of two lines, LF in", "RFC 6068 §6.1 <mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index>; §5 line breaks are %0D%0A",
			map[string]string{"to": "infobot@example.com", "body": "send current-issue\nsend index"},
			"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index"},
		{"body of two lines, CR in", "RFC 6068 §5: any line break is sent as CRLF",
			map[string]string{"to": "infobot@example.com", "body": "send current-issue\rsend index"},
			"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index"},
		{"cc and body", "RFC 6068 §6.1 <mailto:joe@example.com?cc=bob@example.com&body=hello>",
			map[string]string{"to": "joe@example.com", "cc": "bob@example.com", "body": "hello"},
			"mailto:joe@example.com?cc=bob@example.com&body=hello"},
		{"two recipients", "RFC 6068 §6.1 <mailto:addr1@an.example,addr2@an.example>",
			map[string]string{"to": "addr1@an.example, addr2@an.example"},
			"mailto:addr1@an.example,addr2@an.example"},
		{"& in an address", "RFC 6068 §6.2 <mailto:Mike%26family@example.org>",
			map[string]string{"to": "Mike&family@example.org"},
			"mailto:Mike%26family@example.org"},
		{"% in an address", "RFC 6068 §6.2 <mailto:gorby%25kremvax@example.com>",
			map[string]string{"to": "gorby%kremvax@example.com"},
			"mailto:gorby%25kremvax@example.com"},
		{"? in an address", "RFC 6068 §6.2 <mailto:unlikely%3Faddress@example.com?blat=foop> (address part)",
			map[string]string{"to": "unlikely?address@example.com"},
			"mailto:unlikely%3Faddress@example.com"},
		{"UTF-8 subject", "RFC 6068 §6.3 <mailto:user@example.org?subject=caf%C3%A9>",
			map[string]string{"to": "user@example.org", "subject": "café"},
			"mailto:user@example.org?subject=caf%C3%A9"},
		{"UTF-8 subject and body", "RFC 6068 §6.3 <mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9>",
			map[string]string{"to": "user@example.org", "subject": "café", "body": "café"},
			"mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9"},
		{"internationalised domain", "RFC 6068 §6.3 (user@納豆.example.org) in the IDNA form §2 item 4 recommends",
			map[string]string{"to": "user@納豆.example.org", "subject": "Test", "body": "NATTO"},
			"mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO"},
		{"zxing two recipients", "ZXing EmailAddressParsedResultTestCase testTos",
			map[string]string{"to": "srowen@example.org,bob@example.org"},
			"mailto:srowen@example.org,bob@example.org"},
		{"zxing all fields", "ZXing EmailAddressParsedResultTestCase testAll",
			map[string]string{"to": "bob@example.org", "cc": "foo@example.org", "bcc": "srowen@example.org", "subject": "baz", "body": "buzz"},
			"mailto:bob@example.org?cc=foo@example.org&bcc=srowen@example.org&subject=baz&body=buzz"},
		{"zxing several cc and bcc", "ZXing EmailAddressParsedResultTestCase testCCs, testBCCs",
			map[string]string{"to": "a@example.org", "cc": "srowen@example.org;bob@example.org", "bcc": "srowen@example.org,bob@example.org"},
			"mailto:a@example.org?cc=srowen@example.org,bob@example.org&bcc=srowen@example.org,bob@example.org"},
		{"UTF-8 local part", "ZXing EmailAddressParsedResultTestCase testEmailAddresses (建設省.456@ab-cd.com is valid); RFC 6068 §2 percent-encodes its UTF-8",
			map[string]string{"to": "建設省.456@ab-cd.com"},
			"mailto:%E5%BB%BA%E8%A8%AD%E7%9C%81.456@ab-cd.com"},
		{"qrcoder subject and body", "QRCoder MailTests mail_should_build_type_mailto",
			map[string]string{"to": "john@doe.com", "subject": "A test mail", "body": "Just see if it works!"},
			"mailto:john@doe.com?subject=A%20test%20mail&body=Just%20see%20if%20it%20works%21"},
		{"reserved characters in values", "RFC 6068 §2: '&', '=', '#', '%' and '+' in a value are percent-encoded",
			map[string]string{"to": "a+tag@example.com", "subject": "50% off & more = #1 + C++", "body": "a?b"},
			"mailto:a%2Btag@example.com?subject=50%25%20off%20%26%20more%20%3D%20%231%20%2B%20C%2B%2B&body=a%3Fb"},
	})
	// The invalid addresses of ZXing's testEmailAddresses (123@abcd.c,
	// 123@ab,cd.com, 123@ab#cd.com, 123@ab_cd.com, abc.def.com) and
	// addresses outside the practical addr-spec rule.
	runBad(t, "email", []bad{
		{"missing to", map[string]string{"subject": "hi"}, "to"},
		{"to of separators only", map[string]string{"to": " , ;"}, "to"},
		{"to without @", map[string]string{"to": "abc.def.com"}, "to"},
		{"second to address bad", map[string]string{"to": "a@example.com,123@abcd.c"}, "to"},
		{"# in domain", map[string]string{"to": "123@ab#cd.com"}, "to"},
		{"comma in domain", map[string]string{"to": "123@ab,cd.com"}, "to"},
		{"underscore in domain", map[string]string{"to": "123@ab_cd.com"}, "to"},
		{"no dot in domain", map[string]string{"to": "root@localhost"}, "to"},
		{"quoted local part", map[string]string{"to": `"not@me"@example.org`}, "to"},
		{"double dot", map[string]string{"to": "a..b@example.org"}, "to"},
		{"local part over 64 octets", map[string]string{"to": strings.Repeat("a", 65) + "@example.org"}, "to"},
		{"bad cc", map[string]string{"to": "a@example.org", "cc": "nobody"}, "cc"},
		{"bad bcc", map[string]string{"to": "a@example.org", "bcc": "x@y"}, "bcc"},
		{"subject of two lines", map[string]string{"to": "a@example.org", "subject": "one\ntwo"}, "subject"},
	})
	recogniseVectors(t, "email", []recognised{
		{"to in the query", "RFC 6068 §6.1 <mailto:?to=joe@example.com&cc=bob@example.com&body=hello>",
			"mailto:?to=joe@example.com&cc=bob@example.com&body=hello",
			map[string]string{"to": "joe@example.com", "cc": "bob@example.com", "body": "hello"},
			"mailto:joe@example.com?cc=bob@example.com&body=hello"},
		{"percent-encoded UTF-8 domain", "RFC 6068 §6.3 <mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO>",
			"mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
			map[string]string{"to": "user@納豆.example.org", "subject": "Test", "body": "NATTO"},
			"mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO"},
		{"two-line body", "RFC 6068 §6.1",
			"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
			map[string]string{"to": "infobot@example.com", "body": "send current-issue\r\nsend index"},
			"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index"},
		{"upper-case scheme and header names", "RFC 3986 §3.1, RFC 6068 §2: case-insensitive",
			"MAILTO:bob@example.org?Subject=baz&CC=foo@example.org",
			map[string]string{"to": "bob@example.org", "subject": "baz", "cc": "foo@example.org"},
			"mailto:bob@example.org?cc=foo@example.org&subject=baz"},
		{"literal plus is a plus", "RFC 6068 §2: '+' is not a space",
			"mailto:a+b@example.org?subject=1+1",
			map[string]string{"to": "a+b@example.org", "subject": "1+1"},
			"mailto:a%2Bb@example.org?subject=1%2B1"},
	})
	notRecognised(t, "email", []string{"mailto:", "mailto:?subject=x", "MATMSG:TO:a@example.org;;", "mailto:a%zz@example.org"})
}

// An address copied with its display name ("Jo Smith <jo@example.com>",
// RFC 5322 §3.4 name-addr) is refused with a detail naming the address a
// mailto: link can carry (RFC 6068 §2 addr-spec), and no fix: the name is
// the caller's, and a fix would drop it.
func TestEmailNameAddrNamesTheAddress(t *testing.T) {
	_, errs := lookup(t, "email").Build(map[string]string{"to": `"Jo Smith" <jo@example.com>`})
	if len(errs) != 1 || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "write jo@example.com without \"Jo Smith\"") {
		t.Errorf("errors %+v", errs)
	}
}
