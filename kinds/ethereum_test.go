package kinds_test

import (
	"maps"
	"strings"
	"testing"
)

// eip55Valid is ERC-55 §Test Cases (all caps, all lower, normal): each is
// its own EIP-55 spelling.
var eip55Valid = []string{
	"0x52908400098527886E0F7030069857D2E4169EE7",
	"0x8617E340B3D01FA5F11F306F4090FD50E238070D",
	"0xde709f2102306220921060314715629080e2fb77",
	"0x27b1fdb04752bbc536007a920d24acb045561c26",
	"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
	"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
	"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
	"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
}

func TestEthereum(t *testing.T) {
	var vectors []vector
	for _, a := range eip55Valid {
		vectors = append(vectors, vector{"ERC-55 " + a, "ERC-55 §Test Cases", map[string]string{"address": a}, "ethereum:" + a})
		// The same address in lowercase gets its checksum back.
		vectors = append(vectors, vector{"ERC-55 lowercased " + a, "ERC-55 §Specification: checksum_encode of the lowercase hex",
			map[string]string{"address": strings.ToLower(a)}, "ethereum:" + a})
	}
	vectors = append(vectors,
		vector{"ERC-681 ether with scientific value", "ERC-681 §Semantics: ethereum:0xfb69...d359?value=2.014e18 (address lowercased, see TestEthereumRecognise)",
			map[string]string{"address": "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359", "value": "2.014e18"},
			"ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359?value=2014000000000000000"},
		vector{"ERC-681 ERC-20 transfer", "ERC-681 §Semantics: ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1",
			map[string]string{"token": "0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7", "address": "0x8e23ee67d1332ad560396262c48ffbb01f93d052", "value": "1"},
			"ethereum:0x89205A3A3b2A69De6Dbf7f01ED13B2108B2c43e7/transfer?address=0x8e23Ee67d1332aD560396262C48ffbB01F93D052&uint256=1"},
		vector{"chain ID and gas", "ERC-681 §Syntax: target_address [\"@\" chain_id] ?value&gasLimit&gasPrice",
			map[string]string{"address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "chain_id": "11155111", "value": "1e16", "gas_limit": "21000", "gas_price": "2.5e9"},
			"ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed@11155111?value=10000000000000000&gasLimit=21000&gasPrice=2500000000"},
		vector{"token on a chain", "ERC-681 §Syntax: target_address \"@\" chain_id \"/\" function_name",
			map[string]string{"address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "token": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "chain_id": "1", "value": "1000000"},
			"ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=1000000"},
		vector{"largest value", "uint256 maximum, 2^256-1",
			map[string]string{"address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "value": "115792089237316195423570985008687907853269984665640564039457584007913129639935"},
			"ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?value=115792089237316195423570985008687907853269984665640564039457584007913129639935"},
	)
	runVectors(t, "ethereum", vectors)

	var bads []bad
	for _, a := range eip55Valid[4:] {
		// One character changed: a letter's case flipped, or one digit
		// replaced. EIP-55 catches both in mixed-case addresses.
		for i := 2; i < len(a); i++ {
			c := a[i]
			switch {
			case c >= 'a' && c <= 'f':
				bads = append(bads, bad{"case flipped " + a[:i+1], map[string]string{"address": a[:i] + strings.ToUpper(string(c)) + a[i+1:]}, "address"})
			case c >= 'A' && c <= 'F':
				bads = append(bads, bad{"case flipped " + a[:i+1], map[string]string{"address": a[:i] + strings.ToLower(string(c)) + a[i+1:]}, "address"})
			default:
				next := string('0' + (c-'0'+1)%10)
				bads = append(bads, bad{"digit changed " + a[:i+1], map[string]string{"address": a[:i] + next + a[i+1:]}, "address"})
			}
		}
	}
	ok := "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	bads = append(bads,
		bad{"missing address", map[string]string{"value": "1"}, "address"},
		bad{"ERC-681 example address fails EIP-55", map[string]string{"address": "0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359"}, "address"},
		bad{"ENS name", map[string]string{"address": "example.eth"}, "address"},
		bad{"token checksum", map[string]string{"address": ok, "token": "0xa0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}, "token"},
		bad{"chain ID in hex", map[string]string{"address": ok, "chain_id": "0x1"}, "chain_id"},
		bad{"chain ID zero", map[string]string{"address": ok, "chain_id": "0"}, "chain_id"},
		bad{"value in ether", map[string]string{"address": ok, "value": "2.014"}, "value"},
		bad{"exponent smaller than decimals", map[string]string{"address": ok, "value": "2.014e2"}, "value"},
		bad{"negative value", map[string]string{"address": ok, "value": "-1"}, "value"},
		bad{"value over 256 bits", map[string]string{"address": ok, "value": "1e78"}, "value"},
		bad{"huge exponent", map[string]string{"address": ok, "value": "1e999999999"}, "value"},
		bad{"value with unit", map[string]string{"address": ok, "value": "1 ETH"}, "value"},
		bad{"gas limit not a number", map[string]string{"address": ok, "gas_limit": "lots"}, "gas_limit"},
		bad{"gas price in gwei", map[string]string{"address": ok, "gas_price": "2.5"}, "gas_price"},
	)
	runBad(t, "ethereum", bads)

	runFixed(t, "ethereum", []fixed{
		{"check digits", map[string]string{"address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"}, "address", "ERC-55", noFix},
		{"length", map[string]string{"address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe"}, "address", "40 hex digits", noFix},
		{"charset", map[string]string{"address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg"}, "address", "ERC-681 §Syntax", noFix},
		{"prefix", map[string]string{"address": "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00"}, "address", "0x", noFix},
		{"token check digits", map[string]string{"address": ok, "token": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB4B"}, "token", "ERC-55", noFix},
		{"chain ID", map[string]string{"address": ok, "chain_id": "mainnet"}, "chain_id", "chain_id = 1*DIGIT", "1"},
	})
}

// TestEthereumRecognise reads ERC-681's examples and the forms qrforge
// writes. The ether example's address is mixed case but not EIP-55 cased
// (its letters' case does not follow the checksum, EIP-55
// §Specification): it is recognised, and a build refuses only it.
func TestEthereumRecognise(t *testing.T) {
	k := lookup(t, "ethereum")
	example := "ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?value=2.014e18"
	fields, ok := k.Recognise(example)
	want := map[string]string{"address": "0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359", "value": "2.014e18"}
	if !ok || !maps.Equal(fields, want) {
		t.Fatalf("ERC-681 example: %v (%v), want %v", fields, ok, want)
	}
	if _, errs := k.Build(fields); len(errs) != 1 || errs[0].Field != "address" {
		t.Fatalf("ERC-681 example: errors %v, want one on address", errs)
	}

	recogniseVectors(t, "ethereum", []recognised{
		{"ERC-20 transfer", "ERC-681 §Semantics (Unicorn token example)",
			"ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1",
			map[string]string{"token": "0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7", "address": "0x8e23ee67d1332ad560396262c48ffbb01f93d052", "value": "1"},
			"ethereum:0x89205A3A3b2A69De6Dbf7f01ED13B2108B2c43e7/transfer?address=0x8e23Ee67d1332aD560396262C48ffbB01F93D052&uint256=1"},
		{"pay- prefix, chain and gas", "ERC-681 §Syntax: schema_prefix = \"ethereum\" \":\" [\"pay-\"]; gas is gasLimit",
			"ethereum:pay-0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed@137?value=1e18&gas=21000",
			map[string]string{"address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "chain_id": "137", "value": "1e18", "gas_limit": "21000"},
			"ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed@137?value=1000000000000000000&gasLimit=21000"},
	})
	notRecognised(t, "ethereum", []string{
		"ethereum:example.eth?value=1",
		"ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/approve?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1",
		"ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?uint256=1",
		"ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&value=1",
		"bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
	})
}

// A chain ID is fixed only from a network's name: a number the caller did
// not write would send the payment to another network.
func TestChainIDFixOnlyFromAName(t *testing.T) {
	k := lookup(t, "ethereum")
	for given, want := range map[string]string{"Sepolia": "11155111", "mainnet": "1", "main": "", "0": "", "-1": ""} {
		_, errs := k.Build(map[string]string{"address": "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359", "chain_id": given})
		if len(errs) != 1 || errs[0].Field != "chain_id" || errs[0].Fix != want {
			t.Errorf("chain_id=%s: %+v, want fix %q", given, errs, want)
		}
	}
}

// value=1,000,000 and value=2014000000000000000 wei had no fix; their one
// reading is the number of wei. A value in another unit of ether is
// the same number of wei (1 ETH = 10^18 wei, 1 gwei = 10^9 wei).
func TestEthereumIntegerWrittenWithGroupsOrUnitIsFixed(t *testing.T) {
	k := lookup(t, "ethereum")
	addr := "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"
	for _, c := range []struct{ field, value, want string }{
		{"value", "1,000,000", "1000000"},
		{"value", "2014000000000000000 wei", "2014000000000000000"},
		{"value", "2 014 000 000 000 000 000 WEI", "2014000000000000000"},
		{"gas_price", "20,000,000,000 wei", "20000000000"},
		{"gas_limit", "21,000", ""}, // twenty-one thousand, or twenty-one
		{"value", "1,000", ""},
		{"value", "1.5 ETH", "1500000000000000000"},
		{"value", "50000 gwei", "50000000000000"},
		{"gas_price", "20 gwei", "20000000000"},
		{"value", "1e-19 ETH", ""},
		{"value", "1.5", ""},
	} {
		_, errs := k.Build(map[string]string{"address": addr, c.field: c.value})
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.want {
			t.Errorf("%s=%q: %+v, want fix %q", c.field, c.value, errs, c.want)
		}
	}
}
