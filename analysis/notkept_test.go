package analysis

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/registry"
)

// TestDecodeNamesWhatTheFieldsDoNotKeep: a payload with parts its kind has
// no field for is named with those parts, as written, and rebuild says its
// fields build only part of it; a payload its fields build byte for byte
// says exact, and one they build in qrforge's spelling says canonical
// (docs/decode.md, "Naming the payload").
func TestDecodeNamesWhatTheFieldsDoNotKeep(t *testing.T) {
	for _, c := range []struct {
		payload, kind, rebuild string
		notKept                []string
	}{
		// NPCI UPI Linking Specification 1.6 §1.3: sign is a PSP's
		// signature; aid and ver are written by some issuers.
		{"upi://pay?pa=shop@okaxis&pn=Shop&am=10.00&cu=INR&sign=MEUCIQ&aid=uGDAoaA&ver=01", "upi", RebuildPartial,
			[]string{"sign=MEUCIQ", "aid=uGDAoaA", "ver=01"}},
		// DOCOMO MECARD: SOUND (the reading of the name), BDAY, ADR.
		{"MECARD:N:Owen,Sean;TEL:+15551234567;SOUND:ouen,shon;BDAY:19760320;ADR:,,1 Main St,Springfield,,,;;", "mecard", RebuildPartial,
			[]string{"SOUND:ouen,shon", "BDAY:19760320", "ADR:,,1 Main St,Springfield,,,"}},
		// RFC 2426 §3.8 (X- extensions), §3.4.2 (GEO has no field).
		{"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nX-ABC:foo\r\nGEO:48.2;16.3\r\nEND:VCARD", "vcard", RebuildPartial,
			[]string{"X-ABC:foo", "GEO:48.2;16.3"}},
		// A key the ZXing WIFI: form has no field for.
		{"WIFI:T:WPA;S:Home;P:secret123;K:abc;;", "wifi", RebuildPartial, []string{"K:abc"}},
		// Key Uri Format: image is a logo URL some apps show.
		{"otpauth://totp/Example:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example&image=https%3A%2F%2Fexample.com%2Fa.png", "otpauth", RebuildPartial,
			[]string{"image=https%3A%2F%2Fexample.com%2Fa.png"}},
		// Android's map intents: z is a zoom level.
		{"geo:48.2,16.3?z=12", "geo", RebuildPartial, []string{"z=12"}},
		// H:false is the default, left out of qrforge's spelling.
		{"WIFI:S:Home;T:WPA;P:secret123;H:false;;", "wifi", RebuildCanonical, nil},
		// NPCI's UPI Linking Specification 1.6 does not make '+' a space:
		// the plus sign is kept, and written %2B.
		{"upi://pay?pa=shop@okaxis&pn=Some+One&cu=INR", "upi", RebuildCanonical, nil},
		// Wi-Fi Easy Connect §5.2.1: B: (supported curves) has no field, a
		// C: given again is not read (hostap's dpp_parse_uri takes the
		// first), nor a part that is no token; I:, V: and H: are fields.
		{"DPP:B:31;C:81/1;C:81/6;I:SN=1;junk;K:" + dppKey + ";;", "dpp", RebuildPartial, []string{"B:31", "C:81/6", "junk"}},
		{"DPP:I:SN=1;V:3;H:192.0.2.1:8908;K:" + dppKey + ";;", "dpp", RebuildExact, nil},
		// Short Payment Descriptor (qr-platba.cz, Table 1 and its
		// extensions): RF, X-PER, NT, NTA, PT and a QR Faktura invoice
		// (X-INV) have no field; the earlier of two MSG is not read.
		{"SPD*1.0*ACC:CZ2806000000000168540115*AM:450.00*CC:CZK*RF:7004139146*X-PER:7*X-INV:SID%2A1.0%2AID:1*NT:P*NTA:00420123456789*PT:IP*MSG:A*MSG:PLATBA ZA ZBOZI",
			"spd", RebuildPartial, []string{"RF:7004139146", "X-PER:7", "X-INV:SID%2A1.0%2AID:1", "NT:P", "NTA:00420123456789", "PT:IP", "MSG:A"}},
		// CRC32 is a sum of the other attributes, checked and not named.
		{"SPD*1.0*ACC:CZ2806000000000168540115*AM:450.00*CC:CZK*MSG:PLATBA ZA ZBOZI*CRC32:e8f0bf9e", "spd", RebuildCanonical, nil},
		// GS1 Digital Link: an AI with no field (3103, net weight) or a
		// query parameter other than 17 is not read by gs1; the link is a
		// url, kept whole.
		{"https://id.gs1.org/01/09520123456788?3103=000195", "url", RebuildExact, nil},
		{"https://id.gs1.org/01/09506000134352?17=271231&linkType=gs1:pip", "url", RebuildExact, nil},
		{"https://id.gs1.org/01/09506000134352/10/A/10/B", "url", RebuildExact, nil},
		// Matter §5.1.3: a payload with TLV data after the 88 bits is not
		// read by matter.
		{"MT:-24J0AFN00KA0648G000000", "text", RebuildExact, nil},
	} {
		n := recognise(c.payload, false)
		if n.kind != c.kind || n.rebuild != c.rebuild || !slices.Equal(n.notKept, c.notKept) {
			t.Errorf("%q: named %q, rebuild %q, not kept %q; want %q, %q, %q", c.payload, n.kind, n.rebuild, n.notKept, c.kind, c.rebuild, c.notKept)
		}
	}
	if n := recognise("upi://pay?pa=shop@okaxis&pn=Some+One&cu=INR", false); n.fields["pn"] != "Some+One" {
		t.Errorf("pn read as %q, want the bytes as written", n.fields["pn"])
	}
	for _, name := range []string{"wifi", "upi", "mecard", "vcard", "otpauth", "geo", "dpp", "spd", "gs1", "matter", "bysquare"} {
		k, _ := registry.Lookup(name)
		for _, ex := range k.Examples() {
			payload, errs := k.Build(ex)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if n := recognise(payload, k.GS1(ex)); n.kind != name || n.rebuild != RebuildExact || n.notKept != nil {
				t.Errorf("%s example %q: named %q, rebuild %q, not kept %q; want exact and nothing", name, payload, n.kind, n.rebuild, n.notKept)
			}
		}
	}
	// GS1 General Specifications §7.8: an element string with an AI no
	// field carries (3103, net weight) or an AI given twice is not read
	// by gs1, and no other kind reads a GS1 element string.
	for _, p := range []string{"0109506000134352" + "3103000195", "0109506000134352" + "17271231" + "17281231"} {
		if n := recognise(p, true); n.kind != "" {
			t.Errorf("GS1 element string %q: named %q, rebuild %q, not kept %q; want no kind", p, n.kind, n.rebuild, n.notKept)
		}
	}
}

// dppKey is a P-256 bootstrapping key of hostap's DPP tests.
const dppKey = "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADM2206avxHJaHXgLMkq/24e0rsrfMP9K1Tm8gx+ovP0I="

// TestDecodeNamesURIParametersNoFieldCarries: a URI kind's parameters that
// no field carries, and a parameter given again after the value read, are
// named as not kept, as written (docs/decode.md, "Naming the payload").
func TestDecodeNamesURIParametersNoFieldCarries(t *testing.T) {
	const btih = "xt=urn:btih:d2474e86c95b19b8bcfdb92bc12c9d44667cfa36"
	for _, c := range []struct {
		payload, kind, rebuild string
		notKept                []string
	}{
		// RFC 5724 §2.2: body is the only hfield the sms kind carries.
		{"sms:+15551234567?body=hi&foo=1", "sms", RebuildPartial, []string{"foo=1"}},
		{"sms:+15551234567?body=a&body=b", "sms", RebuildPartial, []string{"body=a"}},
		// BEP 9: ws (a web seed), x.pe (a peer), a second dn.
		{"magnet:?" + btih + "&dn=x&ws=http://w&x.pe=1.2.3.4:6881", "magnet", RebuildPartial, []string{"ws=http://w", "x.pe=1.2.3.4:6881"}},
		{"magnet:?" + btih + "&dn=x&dn=y", "magnet", RebuildPartial, []string{"dn=y"}},
		{"magnet:?" + btih + "&tr=udp%3A%2F%2Ft.example%3A80&dn=x", "magnet", RebuildCanonical, nil},
		// RFC 6068 §2: any header may be given; to= joins the path.
		{"mailto:a@example.com?subject=hi&In-Reply-To=%3C1@x%3E&to=b@example.com&body=b&cc=c@example.com&cc=d@example.com", "email", RebuildPartial,
			[]string{"In-Reply-To=%3C1@x%3E", "cc=c@example.com"}},
		{"mailto:a@example.com?to=b@example.com", "email", RebuildCanonical, nil},
		// RFC 5724 §2.2 under mms: (subject as ZXing reads it).
		{"mms:+15551234567?body=hi&subject=s&foo=1", "mms", RebuildPartial, []string{"foo=1"}},
		// WhatsApp click to chat takes text only.
		{"https://wa.me/15551234567?text=hi&app_absent=0", "whatsapp", RebuildPartial, []string{"app_absent=0"}},
		// ERC-681: address= is a function's argument, none of a transfer.
		{"ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&value=1", "ethereum", RebuildPartial,
			[]string{"address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"}},
		{"bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=1&amount=2&pj=https://p.example", "bitcoin", RebuildPartial,
			[]string{"amount=1", "pj=https://p.example"}},
		// A store link's country, app name and parameters (Apple's
		// mt= and pt=/ct= campaign, Play's hl= and referrer=) are not
		// written again: apps.apple.com/app/id<n>, details?id=<id>.
		{"https://apps.apple.com/us/app/google-maps/id585027354?mt=8&pt=9008&ct=qr", "appstore", RebuildPartial,
			[]string{"us", "google-maps", "mt=8", "pt=9008", "ct=qr"}},
		{"https://itunes.apple.com/app/id585027354", "appstore", RebuildCanonical, nil},
		{"https://play.google.com/store/apps/details?hl=de&id=com.example.my_app&referrer=utm_source%3Dqr&id=org.wikipedia", "appstore", RebuildPartial,
			[]string{"hl=de", "referrer=utm_source%3Dqr", "id=org.wikipedia"}},
		// Apple Map Links: a name given again is read from its last value.
		{"https://maps.apple.com/?q=Old&ll=1,2&q=Cafe&ll=48.2,16.3&z=3&z=12", "location", RebuildPartial, []string{"q=Old", "ll=1,2", "z=3"}},
	} {
		n := recognise(c.payload, false)
		if n.kind != c.kind || n.rebuild != c.rebuild || !slices.Equal(n.notKept, c.notKept) {
			t.Errorf("%q: named %q, rebuild %q, not kept %q; want %q, %q, %q", c.payload, n.kind, n.rebuild, n.notKept, c.kind, c.rebuild, c.notKept)
		}
	}
	// BIP21 lets a wallet ignore a parameter without req- (§Forward
	// compatibility); Monero's and Solana Pay's wallets do the same.
	for _, name := range []string{"sms", "magnet", "email", "mms", "whatsapp", "bitcoin", "litecoin", "dogecoin", "monero", "solana", "ethereum", "appstore"} {
		k, _ := registry.Lookup(name)
		for _, ex := range k.Examples() {
			payload, errs := k.Build(ex)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if n := recognise(payload, false); n.rebuild != RebuildExact || n.notKept != nil {
				t.Errorf("%s example %q: rebuild %q, not kept %q; want exact and nothing", name, payload, n.rebuild, n.notKept)
			}
			if !strings.Contains(payload, "?") {
				continue
			}
			extra := payload + "&foo=1&bar=2"
			if n := recognise(extra, false); n.kind != name || n.rebuild != RebuildPartial || !slices.Equal(n.notKept, []string{"foo=1", "bar=2"}) {
				t.Errorf("%q: named %q, rebuild %q, not kept %q; want %s, partial, [foo=1 bar=2]", extra, n.kind, n.rebuild, n.notKept, name)
			}
		}
	}
}

// TestDecodeNamesEventLinesNoFieldCarries: RFC 5545 §3.6.1 lets a VEVENT
// carry properties the event kind has no field for (ORGANIZER, X-
// properties, §3.8.8.2), an alarm other than a display one (§3.6.6), and a
// calendar more than one event: those lines are named as not kept.
func TestDecodeNamesEventLinesNoFieldCarries(t *testing.T) {
	const event = "BEGIN:VEVENT\r\nDTSTAMP:20251201T080000Z\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Launch\r\n"
	for _, c := range []struct {
		payload string
		notKept []string
	}{
		{event + "ORGANIZER:mailto:a@example.com\r\nX-FOO:1\r\nEND:VEVENT", []string{"ORGANIZER:mailto:a@example.com", "X-FOO:1"}},
		{event + "SUMMARY:Second\r\nEND:VEVENT", []string{"SUMMARY:Launch"}},
		{"BEGIN:VCALENDAR\r\n" + event + "END:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:B\r\nEND:VEVENT\r\nEND:VCALENDAR",
			[]string{"BEGIN:VEVENT", "SUMMARY:B", "END:VEVENT"}},
		{event + "BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-PT5M\r\nREPEAT:2\r\nEND:VALARM\r\nEND:VEVENT", []string{"ACTION:AUDIO", "REPEAT:2"}},
		// §3.8.4.7: a UID from another producer is not the one a rebuilt
		// code writes from its fields.
		{event + "UID:19970610T172345Z-AF23B2@example.com\r\nEND:VEVENT", []string{"UID:19970610T172345Z-AF23B2@example.com"}},
	} {
		n := recognise(c.payload, false)
		if n.kind != "event" || n.rebuild != RebuildPartial || !slices.Equal(n.notKept, c.notKept) {
			t.Errorf("%q: named %q, rebuild %q, not kept %q; want event, partial, %q", c.payload, n.kind, n.rebuild, n.notKept, c.notKept)
		}
	}
	k, _ := registry.Lookup("event")
	for _, ex := range k.Examples() {
		payload, errs := k.Build(ex)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if n := recognise(payload, false); n.rebuild != RebuildExact || n.notKept != nil {
			t.Errorf("event example %q: rebuild %q, not kept %q; want exact and nothing", payload, n.rebuild, n.notKept)
		}
		// The same code with its title changed keeps the UID qrforge wrote
		// for the old title, which its fields no longer give.
		edited := strings.Replace(payload, "SUMMARY:", "SUMMARY:New ", 1)
		uid := payload[strings.Index(payload, "UID:"):]
		uid = uid[:strings.Index(uid, "\r\n")]
		if n := recognise(edited, false); n.kind != "event" || n.rebuild != RebuildPartial || !slices.Equal(n.notKept, []string{uid}) {
			t.Errorf("%q: named %q, rebuild %q, not kept %q; want event, partial, [%s]", edited, n.kind, n.rebuild, n.notKept, uid)
		}
	}
}

// emvWith writes a data object into an EMV payload before its CRC, and
// computes the CRC again: CRC-16/CCITT-FALSE over everything before its
// value, "6304" included (EMV QRCPS-MPM v1.1 §4.7.3).
func emvWith(payload, object string) string {
	body := payload[:len(payload)-8] + object + "6304"
	crc := uint16(0xFFFF)
	for i := 0; i < len(body); i++ {
		crc ^= uint16(body[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return body + fmt.Sprintf("%04X", crc)
}

// TestDecodeNamesEMVObjectsNoFieldCarries: a data object of an EMV
// merchant-presented code that its kind's fields do not write again, such
// as a template under an ID no scheme assigned (EMV QRCPS-MPM v1.1 §4.1)
// or a sub-object of the Additional Data Field Template with no field
// (§4.8), is named as written; each kind's examples stay exact.
func TestDecodeNamesEMVObjectsNoFieldCarries(t *testing.T) {
	for _, name := range []string{"bharatqr", "duitnow", "khqr", "paynow", "pix", "pixdynamic", "promptpay", "qris", "qrph", "sgqr", "vietqr"} {
		k, _ := registry.Lookup(name)
		for i, example := range k.Examples() {
			payload, errs := k.Build(example)
			if len(errs) > 0 {
				t.Fatal(name, errs)
			}
			if n := recognise(payload, false); n.kind != name || n.rebuild != RebuildExact || n.notKept != nil {
				t.Errorf("%s example %d: named %q, rebuild %q, not kept %q; want exact and nothing", name, i, n.kind, n.rebuild, n.notKept)
			}
			// KHQR writes its timestamps in template 99 (khqr.go).
			object := "99080104abcd"
			if name == "khqr" {
				object = "98080104abcd"
			}
			extra := emvWith(payload, object)
			if n := recognise(extra, false); n.kind != name || n.rebuild != RebuildPartial || !slices.Equal(n.notKept, []string{object}) {
				t.Errorf("%s example %d with %s: named %q, rebuild %q, not kept %q; want partial, [%s]", name, i, object, n.kind, n.rebuild, n.notKept, object)
			}
		}
	}
	// A point of initiation 11, a reusable code, is what a static Pix
	// without ID 01 is (pix.go); 12, a code for one payment, is not.
	pix, _ := registry.Lookup("pix")
	static, errs := pix.Build(pix.Example())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for initiation, want := range map[string][]string{"010211": nil, "010212": {"010212"}} {
		p := emvWith(static[:6]+initiation+static[6:], "")
		if n := recognise(p, false); n.kind != "pix" || !slices.Equal(n.notKept, want) {
			t.Errorf("%q: named %q, rebuild %q, not kept %q; want pix, %q", p, n.kind, n.rebuild, n.notKept, want)
		}
	}
	// Pix with a txid (62-05) and a sub-object 62-09 no field carries.
	k, _ := registry.Lookup("pix")
	payload, errs := k.Build(map[string]string{"key": "12345678909", "name": "Padaria", "city": "Recife", "txid": "PEDIDO42"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	at := strings.Index(payload, "6212")
	if at < 0 {
		t.Fatalf("no template 62 in %q", payload)
	}
	extra := emvWith(payload[:at]+"62190508PEDIDO420903ABC"+payload[at+16:], "")
	if n := recognise(extra, false); n.kind != "pix" || n.rebuild != RebuildPartial || !slices.Equal(n.notKept, []string{"0903ABC"}) || n.fields["txid"] != "PEDIDO42" {
		t.Errorf("%q: named %q, rebuild %q, not kept %q, fields %v; want pix, partial, [0903ABC]", extra, n.kind, n.rebuild, n.notKept, n.fields)
	}
}
