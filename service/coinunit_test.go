package service

import (
	"net/url"
	"strings"
	"testing"
)

// An amount written in a smaller or larger unit than the URI carries is
// the same amount in its unit: BIP21 takes BTC with a decimal point (1 BTC
// = 100,000,000 satoshis), ERC-681 takes value in wei (1 ETH = 10^18 wei,
// 1 gwei = 10^9 wei). 1000 sats and 0.5 ETH were refused with no fix. The
// fix converts exactly; an amount that would need a fraction of the
// smallest unit, or has two readings, gets none.
func TestCoinAmountsInOtherUnits(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	btc := "address=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4&amount="
	eth := "address=0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359&value="
	xmr := "address=46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em&amount="
	ltc := "address=ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9&amount="
	doge := "address=DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE&amount="
	sol := "address=mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN&amount="
	for _, c := range []struct{ kind, query, field, want, payload string }{
		{"bitcoin", btc + "1000+sats", "amount", "0.00001", "amount=0.00001"},
		{"bitcoin", btc + "1%2C000+sat", "amount", "0.00001", "amount=0.00001"},
		{"bitcoin", btc + "50000+satoshis", "amount", "0.0005", "amount=0.0005"},
		{"bitcoin", btc + "123456789+sat", "amount", "1.23456789", "amount=1.23456789"},
		{"bitcoin", btc + "1.5+sat", "amount", "", ""},
		{"bitcoin", btc + "2100000000000001+sat", "amount", "", ""},
		{"ethereum", eth + "0.5+ETH", "value", "500000000000000000", "value=500000000000000000"},
		{"ethereum", eth + "0.5+ether", "value", "500000000000000000", "value=500000000000000000"},
		{"ethereum", eth + "2+gwei", "value", "2000000000", "value=2000000000"},
		{"ethereum", eth + "0.1234567890123456789+ETH", "value", "", ""},
		{"ethereum", eth + "1.500+ETH", "value", "", ""},
		// 1 XMR = 10^12 piconero (Monero URI tx_amount is in XMR); 1 SOL =
		// 10^9 lamports (Solana Pay §Amount is in SOL, not lamports).
		{"monero", xmr + "1000000000000+piconero", "amount", "1", "tx_amount=1"},
		{"monero", xmr + "2500+piconeros", "amount", "0.0000000025", "tx_amount=0.0000000025"},
		{"solana", sol + "5000+lamports", "amount", "0.000005", "amount=0.000005"},
		{"solana", sol + "1+lamport", "amount", "0.000000001", "amount=0.000000001"},
		// 1 LTC = 10^8 litoshis, 1 DOGE = 10^8 koinu (BIP21 §Transfer
		// amount in the coin, decimal point).
		{"litecoin", ltc + "100000+litoshis", "amount", "0.001", "amount=0.001"},
		{"dogecoin", doge + "250000000+koinu", "amount", "2.5", "amount=2.5"},
		// The coin's name in words is its unit: 1 monero is 1 XMR.
		{"bitcoin", btc + "0.5+bitcoin", "amount", "0.5", "amount=0.5"},
		{"monero", xmr + "1+monero", "amount", "1", "tx_amount=1"},
		{"litecoin", ltc + "2+litecoins", "amount", "2", "amount=2"},
		{"dogecoin", doge + "42+dogecoin", "amount", "42", "amount=42"},
		{"solana", sol + "1.5+solana", "amount", "1.5", "amount=1.5"},
		{"solana", sol + "1.5+solana&spl_token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "amount", "", ""},
		// With spl-token the amount is in the token's units: lamports
		// are SOL's, so there is no reading.
		{"solana", sol + "5000+lamports&spl_token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "amount", "", ""},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Errorf("%s?%s: no problem", c.kind, c.query)
			continue
		}
		if c.want == "" {
			if p.Fix != "" {
				t.Errorf("%s?%s: fix %s, want none", c.kind, c.query, p.Fix)
			}
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil || p.Fix == "" || u.Query().Get(c.field) != c.want {
			t.Errorf("%s?%s: fix %q (%s), want %s=%s", c.kind, c.query, p.Fix, p.Detail, c.field, c.want)
			continue
		}
		got, p := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p != nil {
			t.Errorf("%s?%s: the fix %s fails: %s", c.kind, c.query, u.RawQuery, p.Detail)
			continue
		}
		if !strings.Contains(got.Payload, c.payload) {
			t.Errorf("%s?%s: the fix makes %q, want it to hold %q", c.kind, c.query, got.Payload, c.payload)
		}
	}
}
