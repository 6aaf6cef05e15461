package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Tron is a TRON account address, written bare. TRON defines no payment
// URI: TronLink and the other TRON wallets read a scanned address and ask
// for the amount and token themselves, so the code carries the address and
// nothing else (an amount in a made-up tron: URI would be dropped or
// refused). The address is Base58Check over 0x41 and the 20-byte account
// (TRON Developer Hub, Accounts §Account Address Format), the same
// encoding and checksum as Bitcoin's, so coinChain checks it.
type Tron struct {
	Address string `json:"address" validate:"required" jsonschema_description:"TRON address: Base58Check of 0x41 and the 20-byte account, 34 characters starting with T (TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL). The checksum is verified. The hex form (41...) is not accepted: wallets scan the T... form. TRON defines no payment URI, so the code holds the bare address; the payer's wallet asks for amount and token (TRX or a TRC-20 such as USDT)." identity:"true" title:"TRON address"`
}

var tronChain = coinChain{
	coin:     "TRON",
	versions: map[byte]string{0x41: "TRON account (T...)"},
	rules:    "TRON Developer Hub, Accounts: the address prefix is 0x41",
}

func init() {
	registry.Register(registry.Kind[Tron]{
		Name:       "tron",
		Title:      "TRON",
		AlsoCalled: []string{"trx"},
		Purpose:    registry.Crypto,
		Summary:    "Share a TRON address for TRX or TRC-20 (USDT) payments (bare Base58Check address, checksum verified; TRON has no payment URI)",
		Standard: registry.Standard{
			Name:    "TRON Developer Hub",
			Version: "Accounts (address format)",
			Section: "§Account Address Format",
			URL:     "https://developers.tron.network/docs/account",
		},
		Examples: []Tron{
			{Address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"},
		},
		Check: func(t *Tron) []registry.FieldError {
			t.Address = strings.TrimSpace(t.Address)
			canon, bad := tronChain.check(t.Address)
			if bad != nil {
				return []registry.FieldError{{Field: "address", Detail: "address: " + bad.detail, Fix: bad.fix}}
			}
			t.Address = canon
			return nil
		},
		Encode: func(t Tron) string { return t.Address },
		// Only a string that is exactly a valid TRON address is one:
		// the version byte and checksum make that specific.
		Parse: func(p string) (Tron, bool) {
			if _, bad := tronChain.check(p); bad != nil {
				return Tron{}, false
			}
			return Tron{Address: p}, true
		},
	})
}
