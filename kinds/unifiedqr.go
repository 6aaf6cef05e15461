package kinds

import (
	"math/big"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// checkUnified checks that a BIP21 code's on-chain address and Lightning
// invoice pay the same way: a wallet may take either (BOLT #11 §Encoding
// Overview: a payer falls back to the address), so both must be on the same
// network and, when the invoice names an amount, ask for the same amount.
func checkUnified(address, amount, invoice string) []registry.FieldError {
	network := invoiceNetwork(invoice)
	if network == "" {
		return nil // an offer, an LNURL or an address names no network
	}
	if onMainnet := addressOnMainnet(address); onMainnet != (network == "mainnet") {
		side := "a testnet"
		if onMainnet {
			side = "a mainnet"
		}
		return []registry.FieldError{{Field: "lightning", Detail: "the invoice is for " + network + " but the address is " + side + " one: a wallet paying either must pay on the same network (BOLT #11 §Human-Readable Part; BIP173 §Segwit address format)"}}
	}
	want, ok := invoiceAmount(invoice)
	if !ok || amount == "" {
		return nil
	}
	if got, ok := new(big.Rat).SetString(amount); ok && got.Cmp(want) != 0 {
		exact := strings.TrimRight(strings.TrimRight(want.FloatString(11), "0"), ".")
		// No fix: which of the two amounts is meant only the caller
		// knows, and the invoice's is signed and cannot change.
		return []registry.FieldError{{Field: "amount", Detail: "amount " + amount + " BTC differs from the invoice's " + exact + " BTC: a wallet paying on-chain would send a different amount than one paying the invoice (BOLT #11 §Human-Readable Part). Give the invoice's amount, leave amount out, or issue an invoice for " + amount + " BTC", Fix: ""}}
	}
	return nil
}

// invoiceNetwork names a BOLT #11 invoice's network from its currency
// prefix (BOLT #11 §Human-Readable Part), or "" for anything else.
func invoiceNetwork(invoice string) string {
	m := boltPrefix.FindStringSubmatch(strings.SplitN(strings.ToLower(invoice), "1", 2)[0])
	if m == nil {
		return ""
	}
	return map[string]string{"bc": "mainnet", "tb": "testnet", "tbs": "signet", "bcrt": "regtest"}[m[1]]
}

// addressOnMainnet reads the network from a valid address's prefix: bc1,
// 1 or 3 on mainnet; tb1, m, n or 2 on the test networks (BIP173, BIP13).
func addressOnMainnet(address string) bool {
	a := strings.ToLower(address)
	return strings.HasPrefix(a, "bc1") || strings.HasPrefix(address, "1") || strings.HasPrefix(address, "3")
}

// invoiceAmount is a BOLT #11 invoice's amount in BTC: the digits after the
// currency prefix times the multiplier m (10⁻³), u (10⁻⁶), n (10⁻⁹) or p
// (10⁻¹²) (BOLT #11 §Human-Readable Part); false when it names none.
func invoiceAmount(invoice string) (*big.Rat, bool) {
	hrp := invoice[:strings.LastIndexByte(invoice, '1')]
	m := boltPrefix.FindStringSubmatch(strings.ToLower(hrp))
	if m == nil {
		return nil, false
	}
	a := boltAmount.FindStringSubmatch(m[2])
	if a == nil || a[1] == "" {
		return nil, false
	}
	v, ok := new(big.Rat).SetString(a[1])
	if !ok {
		return nil, false
	}
	exp := map[string]int64{"": 0, "m": 3, "u": 6, "n": 9, "p": 12}[a[2]]
	return v.Quo(v, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(exp), nil))), true
}
