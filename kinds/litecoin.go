package kinds

import (
	"math/big"

	"github.com/qrforge/qrforge/registry"
)

// Litecoin is a litecoin: payment URI, BIP21 with Litecoin's address
// prefixes, the form Litecoin Core's wallet reads. Everything but the
// prefixes and the supply is Bitcoin's: see Bitcoin and bip21Scheme.
type Litecoin struct {
	Address   string `json:"address" validate:"required" jsonschema_description:"Litecoin address, mainnet or testnet: legacy Base58Check P2PKH (L...), P2SH (M..., or 3... with the older prefix), or native segwit bech32 (ltc1q...) or bech32m (ltc1p...); testnet m.../n.../Q.../2.../tltc1.... The checksum is verified; a bech32 address is all lowercase or all uppercase. MWEB addresses (ltcmweb1...) are not supported." identity:"true" title:"Litecoin address"`
	Amount    string `json:"amount" jsonschema_description:"Amount in LTC, greater than zero, with '.' as decimal point and at most 8 decimals (0.5). Omit it to let the payer choose." title:"Amount (LTC)"`
	Recipient string `json:"recipient" also:"label" jsonschema_description:"Name of the payee shown by the wallet, written as the label= parameter. A call's label is refused, with a fix that renames it recipient: qrforge's label is the caption, which this kind's calls write as caption." identity:"true" title:"Payee name"`
	Message   string `json:"message" space:"keep" jsonschema_description:"Note describing the payment, shown to the payer (message= parameter)." title:"Message"`
}

var litecoinURI = bip21Scheme{
	scheme: "litecoin",
	chain: coinChain{
		coin: "Litecoin",
		// Litecoin Core src/chainparams.cpp: base58Prefixes PUBKEY_ADDRESS,
		// SCRIPT_ADDRESS, SCRIPT_ADDRESS2 and bech32_hrp of main and test.
		versions: map[byte]string{
			0x30: "mainnet P2PKH (L...)", 0x32: "mainnet P2SH (M...)", 0x05: "mainnet P2SH, older prefix (3...)",
			0x6f: "testnet P2PKH (m.../n...)", 0x3a: "testnet P2SH (Q...)", 0xc4: "testnet P2SH, older prefix (2...)",
		},
		hrps:  map[string]string{"ltc": "mainnet", "tltc": "testnet"},
		rules: "Litecoin Core chainparams: base58Prefixes and bech32_hrp",
	},
	amount: decimalAmount{
		unit:     "LTC",
		decimals: 8, // 1 litoshi = 0.00000001 LTC
		smaller:  map[string]int{"litoshi": -8, "litoshis": -8},
		names:    []string{"litecoins", "litecoin"},
		max:      big.NewRat(84_000_000, 1),
		cite:     "BIP21 §Transfer amount; 1 litoshi = 0.00000001 LTC, 84 million LTC supply",
	},
}

func init() {
	registry.Register(registry.Kind[Litecoin]{
		Name:       "litecoin",
		Currency:   "LTC",
		Title:      "Litecoin",
		AlsoCalled: []string{"ltc"},
		Purpose:    registry.Crypto,
		Summary:    "Request a Litecoin payment (litecoin: URI with amount, payee name and message; address checksum verified)",
		Standard: registry.Standard{
			Name:    "BIP21",
			Version: "(URI Scheme, 2012) with Litecoin Core's address prefixes",
			Section: "§Specification",
			URL:     "https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki",
		},
		Examples: []Litecoin{
			{Address: "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9", Amount: "0.5", Recipient: "Coffee Shop", Message: "Order 42"},
			{Address: "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", Amount: "1.25"},
			{Address: "MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2", Recipient: "Donations"},
		},
		Check: func(l *Litecoin) []registry.FieldError {
			return litecoinURI.check(&l.Address, &l.Amount, l.Recipient, l.Message)
		},
		Encode: func(l Litecoin) string { return litecoinURI.encode(l.Address, l.Amount, l.Recipient, l.Message) },
		ParseNotKept: func(p string) (Litecoin, []string, bool) {
			var l Litecoin
			left, ok := litecoinURI.parse(p, &l.Address, &l.Amount, &l.Recipient, &l.Message, nil)
			return l, left, ok
		},
	})
}
