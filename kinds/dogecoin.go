package kinds

import (
	"github.com/qrforge/qrforge/registry"
	"math/big"
)

// Dogecoin is a dogecoin: payment URI, BIP21 with Dogecoin's address
// prefixes, the form Dogecoin Core's wallet reads and writes
// (GUIUtil::formatBitcoinURI under the dogecoin: scheme). Dogecoin has no
// segwit addresses, so only Base58Check is accepted; the rest is Bitcoin's:
// see bip21Scheme.
type Dogecoin struct {
	Address   string `json:"address" validate:"required" jsonschema_description:"Dogecoin address, mainnet or testnet, Base58Check: P2PKH (D...) or P2SH (9... or A...); testnet n... or 2.... The checksum is verified." identity:"true" title:"Dogecoin address"`
	Amount    string `json:"amount" jsonschema_description:"Amount in DOGE, greater than zero and at most 10000000000 (the most one transaction carries), with '.' as decimal point and at most 8 decimals (42.5). Omit it to let the payer choose." title:"Amount (DOGE)"`
	Recipient string `json:"recipient" also:"label" jsonschema_description:"Name of the payee shown by the wallet, written as the label= parameter. A call's label is refused, with a fix that renames it recipient: qrforge's label is the caption, which this kind's calls write as caption." identity:"true" title:"Payee name"`
	Message   string `json:"message" space:"keep" jsonschema_description:"Note describing the payment, shown to the payer (message= parameter)." title:"Message"`
}

var dogecoinURI = bip21Scheme{
	scheme: "dogecoin",
	chain: coinChain{
		coin: "Dogecoin",
		// Dogecoin Core src/chainparams.cpp: base58Prefixes PUBKEY_ADDRESS
		// and SCRIPT_ADDRESS of main (30, 22) and test (113, 196).
		versions: map[byte]string{
			0x1e: "mainnet P2PKH (D...)", 0x16: "mainnet P2SH (9.../A...)",
			0x71: "testnet P2PKH (n...)", 0xc4: "testnet P2SH (2...)",
		},
		rules: "Dogecoin Core chainparams: base58Prefixes",
	},
	// Dogecoin's supply has no cap, but an amount has one: Dogecoin Core
	// src/amount.h MAX_MONEY, 10,000,000,000 DOGE, the most a transaction
	// may carry; more is refused by every node.
	amount: decimalAmount{
		unit:     "DOGE",
		decimals: 8, // 1 koinu = 0.00000001 DOGE
		smaller:  map[string]int{"koinu": -8},
		names:    []string{"dogecoins", "dogecoin"},
		max:      big.NewRat(10_000_000_000, 1),
		maxIs:    "the most one transaction may carry (Dogecoin Core src/amount.h MAX_MONEY)",
		cite:     "BIP21 §Transfer amount; 1 koinu = 0.00000001 DOGE",
	},
}

func init() {
	registry.Register(registry.Kind[Dogecoin]{
		Name:       "dogecoin",
		Currency:   "DOGE",
		Title:      "Dogecoin",
		AlsoCalled: []string{"doge"},
		Purpose:    registry.Crypto,
		Summary:    "Request a Dogecoin payment (dogecoin: URI with amount, payee name and message; address checksum verified)",
		Standard: registry.Standard{
			Name:    "BIP21",
			Version: "(URI Scheme, 2012) with Dogecoin Core's address prefixes",
			Section: "§Specification",
			URL:     "https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki",
		},
		Examples: []Dogecoin{
			{Address: "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE", Amount: "42", Recipient: "Shibe Shop", Message: "Order 42"},
			{Address: "A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs", Amount: "1000.5"},
		},
		Check: func(d *Dogecoin) []registry.FieldError {
			return dogecoinURI.check(&d.Address, &d.Amount, d.Recipient, d.Message)
		},
		Encode: func(d Dogecoin) string { return dogecoinURI.encode(d.Address, d.Amount, d.Recipient, d.Message) },
		ParseNotKept: func(p string) (Dogecoin, []string, bool) {
			var d Dogecoin
			left, ok := dogecoinURI.parse(p, &d.Address, &d.Amount, &d.Recipient, &d.Message, nil)
			return d, left, ok
		},
	})
}
