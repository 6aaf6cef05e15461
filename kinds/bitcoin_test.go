package kinds_test

import (
	"maps"
	"strings"
	"testing"
)

func TestBitcoin(t *testing.T) {
	// BIP350 §Test vectors for v0-v16 native segregated witness addresses,
	// valid list: every one is accepted and written in uppercase.
	var vectors []vector
	for _, addr := range []string{
		"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
		"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
		"bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
		"BC1SW50QGDZ25J",
		"bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
		"tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
		"tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
		"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
	} {
		vectors = append(vectors, vector{"BIP350 valid " + addr, "BIP350 §Test vectors, valid segwit addresses",
			map[string]string{"address": addr}, "bitcoin:" + strings.ToUpper(addr)})
	}
	vectors = append(vectors,
		vector{"base58 P2PKH", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT is valid Base58Check, version 0x00 (a 4-byte double SHA-256 checksum; Bitcoin Wiki, \"Base58Check encoding\")",
			map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"},
			"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT"},
		// The BIP21 examples' parameters, on a valid address (theirs
		// fails Base58Check, see below).
		vector{"BIP21 amount and label", "BIP21 §Examples: ?amount=20.3&label=Luke-Jr",
			map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "amount": "20.3", "recipient": "Luke-Jr"},
			"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=20.3&label=Luke-Jr"},
		vector{"BIP21 message", "BIP21 §Examples: ?amount=50&label=Luke-Jr&message=Donation%20for%20project%20xyz",
			map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "amount": "50", "recipient": "Luke-Jr", "message": "Donation for project xyz"},
			"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=50&label=Luke-Jr&message=Donation%20for%20project%20xyz"},
		vector{"segwit with amount", "BIP173 §Test vectors address; upper case for QR alphanumeric mode (BIP173 §Uppercase/lowercase), BIP21 amount",
			map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "amount": "0.001"},
			"bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.001"},
		vector{"BIP13 P2SH", "BOLT #11 §Examples fallback P2SH address 3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX",
			map[string]string{"address": "3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX", "amount": "0.00000001"},
			"bitcoin:3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX?amount=0.00000001"},
		vector{"testnet P2PKH", "BOLT #11 §Examples testnet fallback address mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP",
			map[string]string{"address": "mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP"},
			"bitcoin:mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP"},
		vector{"percent-encoding", "BIP21 §General Format: UTF-8 octets percent-encoded; '&', '=', '+' and '#' in values",
			map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "recipient": "Café & Co", "message": "1+1=2 #tip"},
			"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?label=Caf%C3%A9%20%26%20Co&message=1%2B1%3D2%20%23tip"},
		vector{"largest amount", "21 million BTC supply, 8 decimals",
			map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "amount": "21000000.00000000"},
			"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=21000000.00000000"},
	)
	// The unified QR example of bitcoinqr.dev (Bitcoin Design community):
	// BIP21 with a BOLT #11 invoice in lightning=, bech32 strings in
	// uppercase.
	unifiedInvoice := "lnbc10u1p3pj257pp5yztkwjcz5ftl5laxkav23zmzekaw37zk6kmv80pk4xaev5qhtz7qdpdwd3xger9wd5kwm36yprx7u3qd36kucmgyp282etnv3shjcqzpgxqyz5vqsp5usyc4lk9chsfp53kvcnvq456ganh60d89reykdngsmtj6yw3nhvq9qyyssqjcewm5cjwz4a6rfjx77c490yced6pemk0upkxhy89cmm7sct66k8gneanwykzgdrwrfje69h9u5u0w57rrcsysas7gadwmzxc8c6t0spjazup6"
	vectors = append(vectors, vector{"unified QR", "bitcoinqr.dev, BIP21 URI with BOLT 11 invoice (BOLT #11 §Encoding Overview: bitcoin: with lightning=)",
		map[string]string{"address": "bc1qylh3u67j673h6y6alv70m0pl2yz53tzhvxgg7u", "amount": "0.00001", "recipient": "sbddesign: For lunch Tuesday", "message": "For lunch Tuesday", "lightning": unifiedInvoice},
		"bitcoin:BC1QYLH3U67J673H6Y6ALV70M0PL2YZ53TZHVXGG7U?amount=0.00001&label=sbddesign%3A%20For%20lunch%20Tuesday&message=For%20lunch%20Tuesday&lightning=" + strings.ToUpper(unifiedInvoice)})
	runVectors(t, "bitcoin", vectors)

	// BIP350 §Test vectors, invalid segwit addresses, and the BIP173
	// addresses that BIP350 made invalid (witness v1+ with a Bech32
	// checksum).
	var bads []bad
	for _, addr := range []string{
		"tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut",
		"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
		"tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf",
		"BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",
		"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
		"tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47",
		"bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",
		"BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R",
		"bc1pw5dgrnzv",
		"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
		"BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",
		"tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq",
		"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",
		"tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j",
		"bc1gmk9yu",
		// BIP173 §Test vectors, invalid segwit addresses.
		"tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty",
		"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",
		"BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2",
		"bc1rw5uspcuh",
		"bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90",
		"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7",
		"bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du",
		"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv",
		// BIP173's valid v1+ addresses, Bech32-checksummed: invalid
		// since BIP350.
		"bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx",
		"BC1SW50QA3JX3S",
		"bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj",
	} {
		bads = append(bads, bad{"BIP173/BIP350 invalid " + addr, map[string]string{"address": addr}, "address"})
	}
	ok := "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"
	bads = append(bads,
		bad{"missing address", map[string]string{"amount": "1"}, "address"},
		bad{"BIP21 example address fails Base58Check", map[string]string{"address": "175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W"}, "address"},
		bad{"amount with 9 decimals", map[string]string{"address": ok, "amount": "0.000000001"}, "amount"},
		bad{"amount with thousands separator", map[string]string{"address": ok, "amount": "50,000.00"}, "amount"},
		bad{"amount in exponent form", map[string]string{"address": ok, "amount": "1e-3"}, "amount"},
		bad{"zero amount", map[string]string{"address": ok, "amount": "0.0"}, "amount"},
		bad{"negative amount", map[string]string{"address": ok, "amount": "-1"}, "amount"},
		bad{"amount above supply", map[string]string{"address": ok, "amount": "21000000.00000001"}, "amount"},
		bad{"recipient not UTF-8", map[string]string{"address": ok, "recipient": "\xff"}, "recipient"},
		bad{"message with control character", map[string]string{"address": ok, "message": "a\x00b"}, "message"},
		bad{"lightning not an invoice", map[string]string{"address": ok, "lightning": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}, "lightning"},
		bad{"lightning checksum", map[string]string{"address": ok, "lightning": "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyqm"}, "lightning"},
	)
	runBad(t, "bitcoin", bads)

	runFixed(t, "bitcoin", []fixed{
		{"base58 check digits", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyU"}, "address", "BIP13", noFix},
		{"base58 length", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LE"}, "address", "25 bytes", noFix},
		{"base58 charset 0", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpy0"}, "address", "Base58 alphabet", noFix},
		{"base58 charset O", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyO"}, "address", "Base58 alphabet", noFix},
		{"base58 charset I", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyI"}, "address", "Base58 alphabet", noFix},
		{"base58 charset l", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyl"}, "address", "Base58 alphabet", noFix},
		{"base58 other chain", map[string]string{"address": "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA"}, "address", "version byte 0x30", noFix},
		{"bech32 checksum", map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"}, "address", "BIP173 §Checksum", noFix},
		{"bech32 length", map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" + strings.Repeat("q", 50)}, "address", "90 characters", noFix},
		{"bech32 charset b", map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb"}, "address", "no '1', 'b', 'i' or 'o'", noFix},
		{"bech32 charset i", map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3ti"}, "address", "BIP173 §Bech32", noFix},
		{"bech32 charset o", map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3to"}, "address", "BIP173 §Bech32", noFix},
		{"bech32 instead of bech32m", map[string]string{"address": "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd"}, "address", "BIP350", noFix},
		{"mixed case lowercased", map[string]string{"address": "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7"}, "address", "BIP173 §Uppercase/lowercase",
			"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"},
		{"amount with a decimal comma", map[string]string{"address": ok, "amount": "0,00000002"}, "amount", "BIP21", "0.00000002"},
		{"decimal comma", map[string]string{"address": ok, "amount": "0,5"}, "amount", "BIP21 §Transfer amount", "0.5"},
		{"unit after the amount", map[string]string{"address": ok, "amount": "0.001 BTC"}, "amount", "BIP21 §Transfer amount", "0.001"},
		{"three decimals with a comma", map[string]string{"address": ok, "amount": "0,001"}, "amount", "BIP21 §Transfer amount", "0.001"},
	})
}

// TestBitcoinRecognise reads BIP21's own examples. Their address fails
// Base58Check (its last 4 bytes are not the double SHA-256 checksum), so
// the fields are recognised but a
// build refuses the address, and only the address.
func TestBitcoinRecognise(t *testing.T) {
	k := lookup(t, "bitcoin")
	const bip21Addr = "175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W"
	for _, c := range []struct {
		payload string
		fields  map[string]string
	}{
		{"bitcoin:" + bip21Addr, map[string]string{"address": bip21Addr}},
		{"bitcoin:" + bip21Addr + "?label=Luke-Jr", map[string]string{"address": bip21Addr, "recipient": "Luke-Jr"}},
		{"bitcoin:" + bip21Addr + "?amount=20.3&label=Luke-Jr", map[string]string{"address": bip21Addr, "amount": "20.3", "recipient": "Luke-Jr"}},
		{"bitcoin:" + bip21Addr + "?amount=50&label=Luke-Jr&message=Donation%20for%20project%20xyz", map[string]string{"address": bip21Addr, "amount": "50", "recipient": "Luke-Jr", "message": "Donation for project xyz"}},
		{"bitcoin:" + bip21Addr + "?somethingyoudontunderstand=50&somethingelseyoudontget=999", map[string]string{"address": bip21Addr}},
	} {
		fields, ok := k.Recognise(c.payload)
		if !ok || !maps.Equal(fields, c.fields) {
			t.Errorf("%q: fields %v (%v), want %v", c.payload, fields, ok, c.fields)
			continue
		}
		if _, errs := k.Build(fields); len(errs) != 1 || errs[0].Field != "address" {
			t.Errorf("%q: errors %v, want one on address", c.payload, errs)
		}
	}

	recogniseVectors(t, "bitcoin", []recognised{
		{"amount without a leading digit", "BIP21 §ABNF grammar: amountparam = \"amount=\" *digit [ \".\" *digit ]",
			"bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?amount=.5",
			map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "amount": "0.5"},
			"bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.5"},
		{"amount ending in its point", "BIP21 §ABNF grammar: *digit [ \".\" *digit ]",
			"bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?amount=5.",
			map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "amount": "5"},
			"bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=5"},
		{"uppercase scheme and address", "BIP21 §ABNF grammar: the scheme is case-insensitive; BIP173: uppercase bech32",
			"BITCOIN:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.001",
			map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "amount": "0.001"},
			"bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.001"},
		{"lowercase bech32", "BIP173 §Uppercase/lowercase: either case",
			"bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?label=Luke-Jr",
			map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "recipient": "Luke-Jr"},
			"bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?label=Luke-Jr"},
		{"unified QR", "bitcoinqr.dev: lightning= carries a BOLT #11 invoice",
			"bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.0025&lightning=LNBC2500U1PVJLUEZSP5ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYGSPP5QQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQYPQDQ5XYSXXATSYP3K7ENXV4JSXQZPU9QRSGQUK0RL77NJ30YXDY8J9VDX85FKPMDLA2087NE0XH8NHEDH8W27KYKE0LP53UT353S06FV3QFEGEXT0EH0YMJPF39TUVEN09SAM30G4VGPFNA3RH",
			map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "amount": "0.0025", "lightning": "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"},
			"bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.0025&lightning=LNBC2500U1PVJLUEZSP5ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYGSPP5QQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQYPQDQ5XYSXXATSYP3K7ENXV4JSXQZPU9QRSGQUK0RL77NJ30YXDY8J9VDX85FKPMDLA2087NE0XH8NHEDH8W27KYKE0LP53UT353S06FV3QFEGEXT0EH0YMJPF39TUVEN09SAM30G4VGPFNA3RH"},
		{"plus is not a space", "BIP21 §General Format (RFC 3986 percent-encoding, not HTML forms)",
			"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?message=a+b",
			map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "message": "a+b"},
			"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?message=a%2Bb"},
	})
	notRecognised(t, "bitcoin", []string{
		// BIP21 §Examples: req- parameters a client does not implement
		// make the whole URI invalid.
		"bitcoin:" + bip21Addr + "?req-somethingyoudontunderstand=50&req-somethingelseyoudontget=999",
		"bitcoin:?lightning=LNBC1",
		"litecoin:LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA",
		"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?message=%zz",
	})
}
