package kinds_test

import (
	"strings"
	"testing"
)

// The address and the invoice of a unified code must pay the same way:
// BOLT #11 §Human-Readable Part gives the invoice's network (lnbc mainnet,
// lntb testnet) and amount (2500u = 0.0025 BTC); BIP173 §Segwit address
// format and BIP13 the address's (bc1, tb1; 1, 3, m, n, 2). An amount that
// differs from the invoice's has no fix: a fix never changes what a
// payment is worth.
func TestUnifiedQRSameNetworkAndAmount(t *testing.T) {
	const (
		mainnet   = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"                     // BIP173 §Test vectors
		testnet   = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7" // BIP173 §Test vectors
		testnet58 = "mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP"                             // BOLT #11 §Examples, testnet fallback
	)
	coffee := boltValid[1].invoice    // lnbc2500u: 0.0025 BTC on mainnet
	tbInvoice := boltValid[4].invoice // lntb20m: 0.02 BTC on testnet
	runFixed(t, "bitcoin", []fixed{
		{"testnet address, mainnet invoice", map[string]string{"address": testnet, "lightning": coffee}, "lightning", "BOLT #11", noFix},
		{"testnet P2PKH address, mainnet invoice", map[string]string{"address": testnet58, "lightning": coffee}, "lightning", "mainnet", noFix},
		{"mainnet address, testnet invoice", map[string]string{"address": mainnet, "lightning": tbInvoice}, "lightning", "testnet", noFix},
	})
	bitcoin := lookup(t, "bitcoin")
	for _, amount := range []string{"0.001", "0.00250001"} {
		_, errs := bitcoin.Build(map[string]string{"address": mainnet, "amount": amount, "lightning": coffee})
		if len(errs) != 1 || errs[0].Field != "amount" || !strings.Contains(errs[0].Detail, "0.0025 BTC") || errs[0].Fix != "" {
			t.Errorf("amount %s against the invoice's 0.0025: %+v, want one error on amount naming 0.0025 BTC, without a fix", amount, errs)
		}
	}
	vectors := []vector{
		{"same network and amount", "BOLT #11 §Examples (2500u) with a BIP173 mainnet address",
			map[string]string{"address": mainnet, "amount": "0.0025", "lightning": coffee},
			"bitcoin:" + strings.ToUpper(mainnet) + "?amount=0.0025&lightning=" + strings.ToUpper(coffee)},
		{"testnet with testnet", "BOLT #11 §Examples (lntb20m) with its own testnet fallback address",
			map[string]string{"address": testnet58, "amount": "0.02", "lightning": tbInvoice},
			"bitcoin:" + testnet58 + "?amount=0.02&lightning=" + strings.ToUpper(tbInvoice)},
		{"amount given, invoice without one", "BOLT #11 §Examples (donation of any amount)",
			map[string]string{"address": mainnet, "amount": "0.001", "lightning": boltValid[0].invoice},
			"bitcoin:" + strings.ToUpper(mainnet) + "?amount=0.001&lightning=" + strings.ToUpper(boltValid[0].invoice)},
		{"offer in lno=", "BIP321 §Lightning: a BOLT #12 offer goes in lno=; BOLT #12 format-string-test.json",
			map[string]string{"address": mainnet, "lightning": bolt12Offer},
			"bitcoin:" + strings.ToUpper(mainnet) + "?lno=" + strings.ToUpper(bolt12Offer)},
	}
	runVectors(t, "bitcoin", vectors)
	snapVectors(t, vectors)
}
