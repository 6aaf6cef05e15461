package kinds_test

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/btcsuite/btcd/btcutil/base58"
)

// tronHub is the address pair of the TRON Developer Hub's Accounts page:
// hex 418840E6C55B9ADA326D211D818C34A994AECED808 is
// TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL in Base58Check.
const (
	tronHub    = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"
	tronHubHex = "418840E6C55B9ADA326D211D818C34A994AECED808"
	// tronUSDT is Tether's TRC-20 contract, the address most TRON
	// payments go through.
	tronUSDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
)

func TestTron(t *testing.T) {
	// The Hub's pair, decoded here independently of the kind: the
	// vector is the hex account, not only the string.
	payload, version, err := base58.CheckDecode(tronHub)
	if err != nil || !strings.EqualFold(hex.EncodeToString(append([]byte{version}, payload...)), tronHubHex) {
		t.Fatalf("TRON Developer Hub pair: %x %x %v", version, payload, err)
	}
	runVectors(t, "tron", []vector{
		{"developer hub", "TRON Developer Hub, Accounts §Account Address Format",
			map[string]string{"address": tronHub}, tronHub},
		{"USDT contract", "Tether TRC-20 contract address (tronscan)",
			map[string]string{"address": tronUSDT}, tronUSDT},
		{"spaces trimmed", "a pasted address with spaces",
			map[string]string{"address": " " + tronHub + " "}, tronHub},
	})
	runBad(t, "tron", []bad{
		{"missing address", map[string]string{}, "address"},
		{"bitcoin address", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"}, "address"},
		{"hex form", map[string]string{"address": tronHubHex}, "address"},
		{"ethereum address", map[string]string{"address": "0x8840E6C55B9ADA326D211D818C34A994AECED808"}, "address"},
	})
	runFixed(t, "tron", []fixed{
		{"check digits", map[string]string{"address": tronHub[:33] + "M"}, "address", "BIP13", noFix},
		{"length", map[string]string{"address": tronHub[:30]}, "address", "25 bytes", noFix},
		{"charset", map[string]string{"address": tronHub[:33] + "0"}, "address", "Base58 alphabet", noFix},
		{"version byte", map[string]string{"address": "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE"}, "address", "0x41", noFix},
	})
	recogniseVectors(t, "tron", []recognised{
		{"bare address", "TRON wallets scan the bare address", tronHub,
			map[string]string{"address": tronHub}, tronHub},
	})
	notRecognised(t, "tron", []string{tronHub[:33] + "M", "tron:" + tronHub, "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE", ""})
}
