package kinds_test

import "testing"

const (
	mvines = "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN"
	usdc   = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
	ref82  = "82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny"
)

func TestSolana(t *testing.T) {
	runVectors(t, "solana", []vector{
		{"spec 1 SOL", "Solana Pay Specification, Transfer Request §Examples: 1 SOL",
			map[string]string{"address": mvines, "amount": "1", "recipient": "Michael", "message": "Thanks for all the fish", "memo": "OrderId12345"},
			"solana:" + mvines + "?amount=1&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId12345"},
		{"spec 0.01 USDC", "Solana Pay Specification, Transfer Request §Examples: 0.01 USDC",
			map[string]string{"address": mvines, "amount": "0.01", "spl_token": usdc},
			"solana:" + mvines + "?amount=0.01&spl-token=" + usdc},
		{"recipient only", "solana-pay core/test/encodeURL.test.ts: encodes a url with recipient",
			map[string]string{"address": mvines}, "solana:" + mvines},
		{"reference and lamport", "solana-pay core/test/parseURL.test.ts first URL",
			map[string]string{"address": mvines, "amount": "0.000000001", "reference": ref82, "recipient": "Michael", "message": "Thanks for all the fish", "memo": "OrderId5678"},
			"solana:" + mvines + "?amount=0.000000001&reference=" + ref82 + "&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId5678"},
		{"two references in order", "solana-pay core/test/encodeURL.test.ts: reference=<1>&reference=<2>",
			map[string]string{"address": mvines, "reference": ref82 + ", " + usdc},
			"solana:" + mvines + "?reference=" + ref82 + "&reference=" + usdc},
		{"zero and token decimals", "Solana Pay §Amount: 0 is valid; a token's decimals are the mint's",
			map[string]string{"address": mvines, "amount": "0.0000000001", "spl_token": usdc},
			"solana:" + mvines + "?amount=0.0000000001&spl-token=" + usdc},
		{"percent-encoding", "Solana Pay §Label, §Message, §Memo: URL-encoded UTF-8",
			map[string]string{"address": mvines, "amount": "0", "recipient": "Café & Co", "message": "1+1=2", "memo": "#42"},
			"solana:" + mvines + "?amount=0&label=Caf%C3%A9%20%26%20Co&message=1%2B1%3D2&memo=%2342"},
	})
	runBad(t, "solana", []bad{
		{"missing address", map[string]string{"amount": "1"}, "address"},
		{"hex address", map[string]string{"address": "0xffff"}, "address"},
		{"amount with letters", map[string]string{"address": mvines, "amount": "1milliondollars"}, "amount"},
		{"negative amount", map[string]string{"address": mvines, "amount": "-0.1"}, "amount"},
		{"amount without leading 0", map[string]string{"address": mvines, "amount": ".5"}, "amount"},
		{"scientific notation", map[string]string{"address": mvines, "amount": "1e-9"}, "amount"},
		{"10 decimals of SOL", map[string]string{"address": mvines, "amount": "0.0000000001"}, "amount"},
		{"token in hex", map[string]string{"address": mvines, "spl_token": "0xffff"}, "spl_token"},
		{"reference in hex", map[string]string{"address": mvines, "reference": "0xffff"}, "reference"},
		{"second reference bad", map[string]string{"address": mvines, "reference": ref82 + ",abc"}, "reference"},
		{"recipient not UTF-8", map[string]string{"address": mvines, "recipient": "\xff"}, "recipient"},
		{"message with control character", map[string]string{"address": mvines, "message": "\x01"}, "message"},
		{"memo with control character", map[string]string{"address": mvines, "memo": "\x7f"}, "memo"},
	})
	// Solana addresses carry no checksum: a changed character gives
	// another valid key. Length and charset are checked.
	runFixed(t, "solana", []fixed{
		{"length", map[string]string{"address": mvines[:40]}, "address", "32 bytes", noFix},
		{"charset 0", map[string]string{"address": mvines[:42] + "0"}, "address", "Base58 alphabet", noFix},
		{"charset l", map[string]string{"address": "l" + mvines[1:]}, "address", "§Recipient", noFix},
		{"token length", map[string]string{"address": mvines, "spl_token": usdc + "1"}, "spl_token", "§SPL Token", noFix},
		{"reference charset", map[string]string{"address": mvines, "reference": "O" + ref82[1:]}, "reference", "§Reference", noFix},
		{"amount with a decimal comma", map[string]string{"address": mvines, "amount": "0,000000002"}, "amount", "§Amount", "0.000000002"},
	})
}

func TestSolanaRecognise(t *testing.T) {
	// solana-pay core/test/parseURL.test.ts.
	recogniseVectors(t, "solana", []recognised{
		{"parseURL reference", "solana-pay parseURL.test.ts",
			"solana:" + mvines + "?amount=0.000000001&reference=" + ref82 + "&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId5678",
			map[string]string{"address": mvines, "amount": "0.000000001", "reference": ref82, "recipient": "Michael", "message": "Thanks for all the fish", "memo": "OrderId5678"},
			"solana:" + mvines + "?amount=0.000000001&reference=" + ref82 + "&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId5678"},
		{"parseURL token", "solana-pay parseURL.test.ts",
			"solana:" + mvines + "?amount=1.01&spl-token=" + ref82 + "&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId5678",
			map[string]string{"address": mvines, "amount": "1.01", "spl_token": ref82, "recipient": "Michael", "message": "Thanks for all the fish", "memo": "OrderId5678"},
			"solana:" + mvines + "?amount=1.01&spl-token=" + ref82 + "&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId5678"},
		{"plus as space", "solana-pay encodeURL.ts writes with URLSearchParams, which encodes a space as '+'",
			"solana:" + mvines + "?label=Coffee+Shop",
			map[string]string{"address": mvines, "recipient": "Coffee Shop"},
			"solana:" + mvines + "?label=Coffee%20Shop"},
	})
	notRecognised(t, "solana", []string{
		"solana:0xffff",
		"solana:https://example.com/solana-pay",
		"solana:https%3A%2F%2Fexample.com%2Fsolana-pay%3Forder%3D12345",
		// The spec's third example lacks the '?' before label.
		"solana:" + mvines + "&label=Michael",
		"bitcoin:" + mvines,
	})
}
