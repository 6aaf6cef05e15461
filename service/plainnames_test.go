package service

import (
	"net/url"
	"strings"
	"testing"
)

// A call written with the names and values people print, an address
// without its scheme or a Swiss QR-bill's payee as name, street and city,
// is answered with a fix that renames and completes only what the caller
// gave, and the fix builds the payload they meant. Before, the vCard's
// url had no fix while the url kind's had, and swissqr's bare names got
// the list of every parameter.
func TestPlainNamesAndAddressesAreFixed(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		kind, query string
		payload     []string
	}{
		{"vcard", "fn=Jo&url=example.com", []string{"URL:https://example.com"}},
		{"mecard", "fn=Jo&url=www.shop.ch/menu", []string{"URL:https\\://www.shop.ch/menu"}},
		{"swissqr", "iban=CH9300762011623852957&name=Robert%20Schneider%20AG&street=Rue%20du%20Lac&number=1268&zip=2501&city=Biel&country=CH&amount=1949.75",
			[]string{"\nS\nRobert Schneider AG\nRue du Lac\n1268\n2501\nBiel\nCH\n", "\n1949.75\nCHF\n"}},
		{"swissqr", "iban=CH9300762011623852957&payee=Robert%20Schneider%20AG&postal_code=2501&town=Biel&country=CH&payer=Pia%20Rutschmann&debtor_postal_code=9400&debtor_town=Rorschach&debtor_country=CH",
			[]string{"\nS\nRobert Schneider AG\n\n\n2501\nBiel\nCH\n", "\nS\nPia Rutschmann\n\n\n9400\nRorschach\nCH\n"}},
		// The names of the payload's own standard, or of other
		// generators: RFC 5724's body, a Wi-Fi network and its pass.
		{"sms", "number=%2B15550100&body=See%20you", []string{"SMSTO:+15550100:See you"}},
		{"wifi", "network=Cafe&pass=abcdefgh", []string{"S:Cafe;", "P:abcdefgh;"}},
		{"email", "to=jo@example.com&message=Hi", []string{"body=Hi"}},
		// Names a second also tag once held, which reflection never read.
		{"email", "to=jo@example.com&msg=Hi", []string{"body=Hi"}},
		{"wifi", "ssid=Cafe&key=abcdefgh", []string{"P:abcdefgh;"}},
		// A payload's own keys: Short Payment Descriptor's ACC, AM, CC,
		// MSG, X-VS and RN; Monero's URI's tx_amount and recipient_name;
		// Pix in Portuguese.
		{"spd", "acc=CZ5855000000001265098001&am=480.50&cc=CZK&msg=Dekujeme&x-vs=1234567890&rn=Jan%20Novak",
			[]string{"ACC:CZ5855000000001265098001", "AM:480.50", "CC:CZK", "MSG:Dekujeme", "X-VS:1234567890", "RN:Jan Novak"}},
		{"monero", "address=44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A&tx_amount=1.5&recipient_name=Shop",
			[]string{"tx_amount=1.5", "recipient_name=Shop"}},
		{"pix", "chave=%2B5561999999999&merchant_name=Fulano&merchant_city=Brasilia&amount=10.00", []string{"0114+5561999999999", "5906Fulano", "6008Brasilia"}},
		// Every two weeks in a word: FREQ=WEEKLY;INTERVAL=2 (RFC 5545
		// §3.3.10).
		{"event", "title=Standup&start=2026-12-07T09:00:00Z&repeat=fortnightly", []string{"RRULE:FREQ=WEEKLY;INTERVAL=2"}},
		// A date without a time is an all-day event's (RFC 5545
		// §3.3.4 DATE); the dates are kept.
		{"event", "title=Fair&start=2026-12-24&end=2026-12-26", []string{"DTSTART;VALUE=DATE:20261224", "DTEND;VALUE=DATE:20261227"}},
		// A number or an address pasted with its link's scheme (RFC 3966
		// tel:, RFC 6068 mailto:, RFC 5724 sms:).
		// A place copied from a map as one "lat, lon", under lat or a
		// name for both (RFC 5870 §3.3 orders them so).
		{"geo", "lat=52.520008,%2013.404954", []string{"geo:52.520008,13.404954"}},
		{"geo", "coords=52.5200,13.4050,34", []string{"geo:52.52,13.405,34"}},
		{"phone", "number=tel:%2B15550100123", []string{"tel:+15550100123"}},
		{"sms", "number=SMS:%2B15550100123&message=hi", []string{"SMSTO:+15550100123:hi"}},
		{"email", "to=MAILTO:jo@example.com", []string{"mailto:jo@example.com"}},
		// Apple's FaceTime link scheme, video being the default;
		// facetime-audio: is left alone, which dropped would turn an
		// audio call into a video one.
		{"facetime", "contact=facetime:jo@example.com", []string{"facetime:jo@example.com"}},
		{"facetime", "contact=FaceTime:%2B15550100123&audio=true", []string{"facetime-audio:+15550100123"}},
		// Solana Pay names the address recipient (solana:<recipient>),
		// which qrforge's recipient, the label, is not.
		{"solana", "recipient=7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU&amount=1", []string{"solana:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU?amount=1"}},
		// A profile link without its network: the link's host names it.
		{"social", "handle=https://www.instagram.com/nasa/", []string{"https://www.instagram.com/nasa/"}},
		{"social", "handle=twitter.com/NASA", []string{"https://x.com/NASA"}},
		{"telegram", "username=https://t.me/MyBot?start=foo", []string{"https://t.me/MyBot?start=foo"}},
		{"whatsapp", "number=https://wa.me/4916012345678?text=Hallo", []string{"https://wa.me/4916012345678?text=Hallo"}},
		// A wallet's address copied from its payment URI (BIP21, EIP-681).
		{"bitcoin", "address=bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq&amount=0.1", []string{"bitcoin:BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ?amount=0.1"}},
		{"ethereum", "address=ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", []string{"ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"}},
		{"vcard", "fn=Jo&email=mailto:jo@example.com&phone=tel:%2B15550100123", []string{"EMAIL", ":jo@example.com", ":+15550100123"}},
		// A magnet link's own parameter names (BEP 9: dn, xl, tr).
		{"magnet", "btih=c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=ubuntu&xl=123&tr=udp://tracker.example.org:1337/announce",
			[]string{"&dn=ubuntu", "&xl=123", "&tr=udp%3A%2F%2Ftracker.example.org%3A1337%2Fannounce"}},
		// Free text given as a payment's structured reference moves to
		// the field for free text (EPC069-12 AT-05; IG QR-bill Ustrd).
		{"epc", "name=Red%20Cross&iban=DE89%203704%200044%200532%200130%2000&amount=12.5&reference=Donation%20Dec", []string{"\nEUR12.5\n\n\nDonation Dec"}},
		{"swissqr", "iban=CH9300762011623852957&name=R%20AG&zip=2501&city=Biel&country=CH&reference=Invoice%2042", []string{"\nNON\n\nInvoice 42\nEPD"}},
	} {
		got, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil || p.Fix == "" {
			t.Errorf("%s?%s: %+v %+v, want a problem with a fix", c.kind, c.query, got, p)
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil {
			t.Fatal(err)
		}
		got, p = svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p != nil {
			t.Errorf("%s?%s: the fix %s is refused: %+v", c.kind, c.query, u.RawQuery, p)
			continue
		}
		for _, want := range c.payload {
			if !strings.Contains(got.Payload, want) {
				t.Errorf("%s?%s: the fix gives %q, without %q", c.kind, c.query, got.Payload, want)
			}
		}
	}
	// A reference that is a mistyped reference, or free text where the
	// free-text field is taken, has no fix: only the caller can tell.
	for _, q := range []string{
		"name=Red%20Cross&iban=DE89370400440532013000&reference=RF18%205390%200754%207035",
		"name=Red%20Cross&iban=DE89370400440532013000&reference=Donation&text=December",
	} {
		if _, p := svc.Payload(Request{Kind: "epc", Query: q}); p == nil || p.Fix != "" {
			t.Errorf("epc?%s: %+v, want no fix", q, p)
		}
	}
	// A whole SMSTO: code in the number is not the number without its
	// scheme (+15550100123:hi): the fix writes its number and its body.
	if _, p := svc.Payload(Request{Kind: "sms", Query: "number=smsto:%2B15550100123:hi"}); p == nil || !strings.HasSuffix(p.Fix, "?number=%2B15550100123&message=hi") {
		t.Errorf("smsto with a body in the number: %+v, want the fix number=+15550100123&message=hi", p)
	}
	// A word whose interval the caller contradicts has no fix.
	if _, p := svc.Payload(Request{Kind: "event", Query: "title=Standup&start=2026-12-07T09:00:00Z&repeat=fortnightly&repeat_interval=3"}); p == nil || p.Fix != "" {
		t.Errorf("fortnightly every 3: %+v, want no fix", p)
	}
	// A payer named without the address the standard requires gets no
	// fix: the address is the caller's to give (IG QR-bill, address type S).
	q := "iban=CH9300762011623852957&name=Robert%20Schneider%20AG&zip=2501&city=Biel&country=CH&payer=Pia%20Rutschmann"
	if _, p := svc.Payload(Request{Kind: "swissqr", Query: q}); p == nil || p.Fix != "" || !strings.Contains(p.Detail+strings.Join(errorDetails(p), " "), "debtor_town is mandatory") {
		t.Errorf("swissqr?%s: %+v, want no fix and debtor_town named", q, p)
	}
}

func errorDetails(p *Problem) []string {
	var out []string
	for _, e := range p.Errors {
		out = append(out, e.Detail)
	}
	return out
}
