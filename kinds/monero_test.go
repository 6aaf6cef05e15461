package kinds_test

import (
	"net/url"
	"testing"
)

// Addresses of monero-project/monero tests/functional_tests/uri.py: the
// wallet restored from its seed (standard), an integrated and a
// subaddress, and the two addresses of docs/URI_SCHEME.md.
const (
	xmrStandard   = "42ey1afDFnn4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJJQAWDm"
	xmrIntegrated = "4BxSHvcgTwu25WooY4BVmgdcKwZu5EksVZSZkDd6ooxSVVqQ4ubxXkhLF6hEqtw96i9cf3cVfLw8UWe95bdDKfRQeYtPwLm1Jiw7AKt2LY"
	xmrSub        = "8AsN91rznfkBGTY8psSNkJBg9SZgxxGGRUhGwRptBhgr5XSQ1XzmA9m8QAnoxydecSh5aLJXdrgXwTDMMZ1AuXsN1EX5Mtm"
	xmrDocs       = "46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em"
	xmrDocs2      = "888tNkZrPN6JsEgekjMnABU4TBzc2Dt29EPAvkRxbANsAnjyPbb3iQ1YBRk1UXcdRsiKc9dhwMVgN5S9cQUiyoogDavup3H"
)

func TestMonero(t *testing.T) {
	const uriPy = "monero tests/functional_tests/uri.py test_monero_uri"
	jp0, jp1 := "えんしゅう", "あまやかす"
	q0, q1 := url.PathEscape(jp0), url.PathEscape(jp1)
	runVectors(t, "monero", []vector{
		{"standard", uriPy + ": make_uri(address) == 'monero:' + address",
			map[string]string{"address": xmrStandard}, "monero:" + xmrStandard},
		{"integrated", uriPy + ": integrated address",
			map[string]string{"address": xmrIntegrated}, "monero:" + xmrIntegrated},
		{"subaddress", uriPy + ": subaddress",
			map[string]string{"address": xmrSub}, "monero:" + xmrSub},
		{"amount", uriPy + ": amount 11000000000 piconero gives tx_amount=0.011",
			map[string]string{"address": xmrSub, "amount": "0.011"}, "monero:" + xmrSub + "?tx_amount=0.011"},
		{"description", uriPy + ": tx_description, UTF-8 percent-encoded",
			map[string]string{"address": xmrStandard, "description": jp0}, "monero:" + xmrStandard + "?tx_description=" + q0},
		{"recipient", uriPy + ": recipient_name",
			map[string]string{"address": xmrStandard, "recipient": jp0}, "monero:" + xmrStandard + "?recipient_name=" + q0},
		{"all parameters in wallet2 order", uriPy + ": tx_amount=1.000000000000&recipient_name=...&tx_description=...",
			map[string]string{"address": xmrStandard, "amount": "1.000000000000", "recipient": jp0, "description": jp1},
			"monero:" + xmrStandard + "?tx_amount=1.000000000000&recipient_name=" + q0 + "&tx_description=" + q1},
		{"spaces as %20", uriPy + ": spaces must be encoded as %20",
			map[string]string{"address": xmrStandard, "amount": "1.000000000000", "description": " " + jp1 + " " + jp0 + " "},
			"monero:" + xmrStandard + "?tx_amount=1.000000000000&tx_description=%20" + q1 + "%20" + q0 + "%20"},
		{"docs example", "monero docs/URI_SCHEME.md §TX Scheme example",
			map[string]string{"address": xmrDocs, "amount": "239.39014", "description": "donation"},
			"monero:" + xmrDocs + "?tx_amount=239.39014&tx_description=donation"},
		{"docs second address", "monero docs/URI_SCHEME.md §TX Scheme, second recipient (subaddress)",
			map[string]string{"address": xmrDocs2, "amount": "132.44"}, "monero:" + xmrDocs2 + "?tx_amount=132.44"},
		{"largest amount", "wallet2 amounts are uint64 piconero",
			map[string]string{"address": xmrDocs, "amount": "18446744.073709551615"}, "monero:" + xmrDocs + "?tx_amount=18446744.073709551615"},
	})
	// uri.py's malformed/invalid list: a typo in the last character, an
	// amount that overflows uint64 piconero, and the amounts that are not
	// plain decimals.
	runBad(t, "monero", []bad{
		{"missing address", map[string]string{"amount": "1"}, "address"},
		{"uri.py badaddress", map[string]string{"address": "badaddress"}, "address"},
		{"uri.py kjshdkj", map[string]string{"address": "kjshdkj"}, "address"},
		{"bitcoin address", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"}, "address"},
		{"uri.py amount -1", map[string]string{"address": xmrStandard, "amount": "-1"}, "amount"},
		{"uri.py amount 1e12", map[string]string{"address": xmrStandard, "amount": "1e12"}, "amount"},
		{"uri.py amount +12", map[string]string{"address": xmrStandard, "amount": "+12"}, "amount"},
		{"uri.py amount 0x2", map[string]string{"address": xmrStandard, "amount": "0x2"}, "amount"},
		{"uri.py amount overflow", map[string]string{"address": xmrStandard, "amount": "222222222222222222222"}, "amount"},
		{"13 decimals", map[string]string{"address": xmrStandard, "amount": "0.0000000000001"}, "amount"},
		{"recipient not UTF-8", map[string]string{"address": xmrStandard, "recipient": "\xff"}, "recipient"},
		{"description with control character", map[string]string{"address": xmrStandard, "description": "\x00"}, "description"},
	})
	runFixed(t, "monero", []fixed{
		{"uri.py checksum typo", map[string]string{"address": xmrStandard[:len(xmrStandard)-1] + "n"}, "address", "Keccak-256", noFix},
		{"charset", map[string]string{"address": "0" + xmrStandard[1:]}, "address", "alphabet", noFix},
		{"short", map[string]string{"address": xmrStandard[:94]}, "address", "Monero Base58", noFix},
		{"standard address cut to a block", map[string]string{"address": xmrStandard[:88]}, "address", "decodes to 69 bytes", noFix},
		{"amount with a unit", map[string]string{"address": xmrStandard, "amount": "0.000000000002 XMR"}, "amount", "piconero", "0.000000000002"},
	})
	recogniseVectors(t, "monero", []recognised{
		{"docs example", "monero docs/URI_SCHEME.md; uri.py parse_uri of it",
			"monero:" + xmrDocs + "?tx_amount=239.39014&tx_description=donation",
			map[string]string{"address": xmrDocs, "amount": "239.39014", "description": "donation"},
			"monero:" + xmrDocs + "?tx_amount=239.39014&tx_description=donation"},
		{"unknown parameter ignored", "uri.py: unknown parameters but otherwise valid",
			"monero:" + xmrStandard + "?tx_amount=239.39014&foo=bar",
			map[string]string{"address": xmrStandard, "amount": "239.39014"},
			"monero:" + xmrStandard + "?tx_amount=239.39014"},
	})
	notRecognised(t, "monero", []string{
		"monero:", "monero:?tx_amount=10", "notmonero:" + xmrStandard,
		"monero:" + xmrStandard + "?tx_amount=10&tx_amount=20",
		"monero:" + xmrStandard + "?tx_payment_id=1111111111111111",
		"monero:" + xmrDocs + ";" + xmrDocs2 + "?tx_amount=239.39014;132.44&tx_description=donations",
	})
}

// TestMoneroNetworks checks addresses of the other networks that the
// functional tests refuse on mainnet: they are valid addresses whose
// prefix is testnet's or stagenet's, which this kind accepts.
func TestMoneroNetworks(t *testing.T) {
	k := lookup(t, "monero")
	for _, addr := range []string{
		"9ujeXrjzf7bfeK3KZdCqnYaMwZVFuXemPU8Ubw335rj2FN1CdMiWNyFV3ksEfMFvRp9L9qum5UxkP5rN9aLcPxbH1au4WAB",
		"5K8mwfjumVseCcQEjNbf59Um6R9NfVUNkHTLhhPCmNvgDLVS88YW5tScnm83rw9mfgYtchtDDTW5jEfMhygi27j1QYphX38hg6m4VMtN29",
		"7A1Hr63MfgUa8pkWxueD5xBqhQczkusYiCMYMnJGcGmuQxa7aDBxN1G7iCuLCNB3VPeb2TW7U9FdxB27xKkWKfJ8VhUZthF",
	} {
		if p, errs := k.Build(map[string]string{"address": addr}); len(errs) > 0 || p != "monero:"+addr {
			t.Errorf("%s: %q %v", addr, p, errs)
		}
	}
}
