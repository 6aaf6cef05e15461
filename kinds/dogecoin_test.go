package kinds_test

import "testing"

func TestDogecoin(t *testing.T) {
	// Dogecoin Core src/test/data/base58_keys_valid.json, the address
	// entries (addrType pubkey/script) of main and test.
	var vectors []vector
	for _, addr := range []string{
		"DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE", "A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs",
		"nhRsrUaxZou6sewjqaS37cJrMRJRgwVXdk", "2MsvyG12kxxipe276Au4zKqvd2xdrBuHWb3",
		"DBjW6kna7rUPE4Mj9j4B3oK3xVA1SDHrdt", "A3RHoAQLPDSuBewbuvt5NMqEKasqs9ty3C",
		"D77Z1nmgSZxJTmtN65n2MVF9yvLSB4MpiC", "9zYnVRaekPtdKBYuPw5QiBtv3NNrzD2LLW",
		"ngao4q8auS6YuDKYPkzjt7zKYYT8LzkGZS", "2N22vuiMGhfqD77vPqsXPiALBfn6oUTtFtH",
		"DQJXChtyuN3aiU3W6pG4mgnykisHH5hqst", "AD21pKoCWcrqrUW4oRv5xUaGwCfXhiyx6y",
	} {
		vectors = append(vectors, vector{"Dogecoin Core base58 " + addr, "Dogecoin Core src/test/data/base58_keys_valid.json",
			map[string]string{"address": addr}, "dogecoin:" + addr})
	}
	vectors = append(vectors,
		vector{"all parameters", "BIP21 §Examples shape with Dogecoin's prefix",
			map[string]string{"address": "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE", "amount": "1000000.12345678", "recipient": "Shibe Shop", "message": "Order #42"},
			"dogecoin:DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE?amount=1000000.12345678&label=Shibe%20Shop&message=Order%20%2342"},
		vector{"the most a transaction carries", "Dogecoin Core src/amount.h MAX_MONEY: 10,000,000,000 DOGE, though the supply has no cap",
			map[string]string{"address": "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE", "amount": "10000000000"},
			"dogecoin:DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE?amount=10000000000"},
	)
	runVectors(t, "dogecoin", vectors)

	ok := "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE"
	runBad(t, "dogecoin", []bad{
		{"missing address", map[string]string{"amount": "1"}, "address"},
		{"bitcoin P2PKH", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"}, "address"},
		{"litecoin P2PKH", map[string]string{"address": "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA"}, "address"},
		{"segwit is not Dogecoin", map[string]string{"address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}, "address"},
		{"amount with 9 decimals", map[string]string{"address": ok, "amount": "0.123456789"}, "amount"},
		{"zero amount", map[string]string{"address": ok, "amount": "0"}, "amount"},
		{"more than a transaction carries", map[string]string{"address": ok, "amount": "10000000000.00000001"}, "amount"},
		{"recipient not UTF-8", map[string]string{"address": ok, "recipient": "\xfe"}, "recipient"},
		{"message with control character", map[string]string{"address": ok, "message": "\x07"}, "message"},
	})
	runFixed(t, "dogecoin", []fixed{
		{"check digits", map[string]string{"address": "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkF"}, "address", "BIP13", noFix},
		{"length", map[string]string{"address": "DD4KSSuBJqcjuTcvUg1CgUKeur"}, "address", "25 bytes", noFix},
		{"charset", map[string]string{"address": "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZk0"}, "address", "Base58 alphabet", noFix},
		{"version byte of bitcoin", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"}, "address", "Dogecoin Core chainparams", noFix},
		{"decimal comma", map[string]string{"address": ok, "amount": "42,5"}, "amount", "BIP21 §Transfer amount", "42.5"},
	})
	recogniseVectors(t, "dogecoin", []recognised{
		{"uppercase scheme", "BIP21 §ABNF grammar: the scheme is case-insensitive",
			"DOGECOIN:" + ok + "?amount=42&label=Shibe%20Shop",
			map[string]string{"address": ok, "amount": "42", "recipient": "Shibe Shop"},
			"dogecoin:" + ok + "?amount=42&label=Shibe%20Shop"},
	})
	notRecognised(t, "dogecoin", []string{"bitcoin:" + ok, "dogecoin:" + ok + "?req-x=1", "dogecoin:"})
}
