package kinds_test

import (
	"strings"
	"testing"
)

func TestLitecoin(t *testing.T) {
	// Litecoin Core src/test/data/key_io_valid.json, Base58Check address
	// entries for main and test.
	var vectors []vector
	for _, addr := range []string{
		"LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", "MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2", "M9dw1FAoWpHC6PcMzoCHhqQ9McvTyG5Ywj",
		"mwXn5Vhicdav8Av3KMokx4YNuHoGRKxtWs", "QXaUgLHkZcbJb2j5XgMYzY8cF9YM48Y81Z", "QNfyfXGXxfeaG8SQpnHxS2J27ysokKCtZL",
		"LbfVMz974gbbGFqXF7FZUpSBWSbwBHDwR5", "MWGEAUUZoN4r6puz8KsgnE9wNTQ8fGWCEy", "mnJYjG654G354sX1xEBaPGvGCoe34M1Pqr",
		"QQjXG2nbVfxysmaEZQVL9TsS359WjDT5ux",
	} {
		vectors = append(vectors, vector{"Litecoin Core key_io " + addr, "Litecoin Core src/test/data/key_io_valid.json",
			map[string]string{"address": addr}, "litecoin:" + addr})
	}
	// BIP173/BIP350 witness programs under Litecoin's hrp, as ACINQ
	// bitcoin-lib's Bech32 tests give them (uppercase in the code, as for
	// Bitcoin).
	for _, addr := range []string{
		"ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9",
		"tltc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qsnr4fp",
	} {
		vectors = append(vectors, vector{"bech32 " + addr, "ACINQ bitcoin-lib Bech32 tests (BIP173 programs, hrp ltc/tltc)",
			map[string]string{"address": addr}, "litecoin:" + strings.ToUpper(addr)})
	}
	vectors = append(vectors,
		vector{"taproot", "BIP350 v1 program 79be667e...f81798 re-encoded with hrp ltc (Bech32m)",
			map[string]string{"address": "ltc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqpj6zg2"},
			"litecoin:LTC1P0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQPJ6ZG2"},
		vector{"older P2SH prefix", "Litecoin Core chainparams: SCRIPT_ADDRESS = 5 still accepted",
			map[string]string{"address": "3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX"}, "litecoin:3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX"},
		vector{"all parameters", "BIP21 §Examples shape with Litecoin's prefix",
			map[string]string{"address": "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", "amount": "84000000", "recipient": "Coffee Shop", "message": "Order #42"},
			"litecoin:LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA?amount=84000000&label=Coffee%20Shop&message=Order%20%2342"},
	)
	runVectors(t, "litecoin", vectors)

	ok := "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA"
	runBad(t, "litecoin", []bad{
		{"missing address", map[string]string{"amount": "1"}, "address"},
		{"bitcoin P2PKH", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"}, "address"},
		{"bitcoin bech32", map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}, "address"},
		{"MWEB address", map[string]string{"address": "ltcmweb1qq0"}, "address"},
		{"bech32 checksum", map[string]string{"address": "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n8"}, "address"},
		{"amount with 9 decimals", map[string]string{"address": ok, "amount": "0.123456789"}, "amount"},
		{"amount above supply", map[string]string{"address": ok, "amount": "84000001"}, "amount"},
		{"recipient not UTF-8", map[string]string{"address": ok, "recipient": "\xfe"}, "recipient"},
		{"message with control character", map[string]string{"address": ok, "message": "\x07"}, "message"},
	})
	runFixed(t, "litecoin", []fixed{
		{"base58 check digits", map[string]string{"address": "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeB"}, "address", "BIP13", noFix},
		{"base58 length", map[string]string{"address": "LT2KVaAy1ppRuxRgrS5RNU3v"}, "address", "25 bytes", noFix},
		{"base58 charset", map[string]string{"address": "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPe0"}, "address", "Base58 alphabet", noFix},
		{"version byte of bitcoin", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"}, "address", "Litecoin Core chainparams", noFix},
		{"bech32 check digits", map[string]string{"address": "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n8"}, "address", "BIP173 §Checksum", noFix},
		{"bech32 charset", map[string]string{"address": "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4nb"}, "address", "BIP173 §Bech32", noFix},
		{"mixed case", map[string]string{"address": "LTC1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9"}, "address", "mixed", "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9"},
	})
	recogniseVectors(t, "litecoin", []recognised{
		{"uppercase bech32", "BIP173 §Uppercase/lowercase",
			"LITECOIN:LTC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KGMN4N9?amount=0.5&label=Coffee%20Shop",
			map[string]string{"address": "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9", "amount": "0.5", "recipient": "Coffee Shop"},
			"litecoin:LTC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KGMN4N9?amount=0.5&label=Coffee%20Shop"},
	})
	notRecognised(t, "litecoin", []string{"bitcoin:LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", "litecoin:" + ok + "?req-x=1"})
}
