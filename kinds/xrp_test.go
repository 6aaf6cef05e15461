package kinds_test

import (
	"slices"
	"testing"
)

// xrpCodec lists ripple-address-codec's X-address test cases (XRPLF
// xrpl.js packages/ripple-address-codec/test/xrp-codec... "testCases"):
// classic address, tag (-1 for none), mainnet and testnet X-address.
var xrpCodec = []struct {
	classic          string
	tag              int64
	mainnet, testnet string
}{
	{"r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59", -1, "X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ", "T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ"},
	{"r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59", 1, "X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu", "T719a5UwUCnEs54UsxG9CJYYDhwmFCvbJNZbi37gBGkRkbE"},
	{"r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59", 11747, "X7AcgcsBL6XDcUb289X4mJ8djcdyKaLFuhLRuNXPrDeJd9A", "T719a5UwUCnEs54UsxG9CJYYDhwmFCziiNHtUukubF2Mg6t"},
	{"rLczgQHxPhWtjkaQqn3Q6UM8AbRbbRvs5K", -1, "XVZVpQj8YSVpNyiwXYSqvQoQqgBttTxAZwMcuJd4xteQHyt", "TVVrSWtmQQssgVcmoMBcFQZKKf56QscyWLKnUyiuZW8ALU4"},
	{"rpZc4mVfWUif9CRoHRKKcmhu1nx2xktxBo", 58, "X7YenJqxv3L66CwhBSfd3N8RzGXxYqV56ZkTCa9UCzgaao1", "T77wVQzA8ntj9wvCTNiQpNYLT5hmhR9kej6uxm4jGcQD7rZ"},
	{"rsA2LpzuawewSBQXkiju3YQTMzW13pAAdW", 23480, "X7d3eHCXzwBeWrZec1yT24iZerQjYL8m8zCJ16ACxu1BrBY", "T7YChPFWifjCAXLEtg5N74c7fSAYsvSokwcmBPBUZWhxH5P"},
	{"rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", -1, "XVLhHMPHU98es4dbozjVtdWzVrDjtV5fdx1mHp98tDMoQXb", "TVE26TYGhfLC7tQDno7G8dGtxSkYQn49b3qD26PK7FcGSKE"},
	{"rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", 0, "XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc", "TVE26TYGhfLC7tQDno7G8dGtxSkYQnSy8RHqGHoGJ59spi2"},
	{"rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", 65591, "XVLhHMPHU98es4dbozjVtdWzVrDjtVozpjdhPQVdt3ghaWw", "TVE26TYGhfLC7tQDno7G8dGtxSkYQn7ryu2W6njw7mT1jmS"},
	{"rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", 4294967295, "XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi", "TVE26TYGhfLC7tQDno7G8dGtxSkYQnXoy6kSDh6rZzApc69"},
	{"rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY", 13371337, "XV5sbjUmgPpvXv4ixFWZ5ptAYZ6PD2qwGkhgc48zzcx6Gkr", "TVd2rqMkYL2AyS97NdELcpeiprNBjwVUDvp3vhpXbNhLwJi"},
}

func TestXRP(t *testing.T) {
	const src = "ripple-address-codec X-address test cases (XLS-5d)"
	var vectors []vector
	var recs []recognised
	for _, c := range xrpCodec {
		fields := map[string]string{"address": c.classic}
		if c.tag >= 0 {
			fields["tag"] = xrpTagText(c.tag)
		}
		vectors = append(vectors, vector{c.classic + " " + xrpTagText(c.tag) + " mainnet", src, fields, c.mainnet})
		test := map[string]string{"network": "testnet"}
		for k, v := range fields {
			test[k] = v
		}
		vectors = append(vectors, vector{c.classic + " " + xrpTagText(c.tag) + " testnet", src, test, c.testnet})
		// An X-address given as it is rebuilds to itself.
		vectors = append(vectors, vector{c.mainnet + " as given", src, map[string]string{"address": c.mainnet}, c.mainnet})
		recs = append(recs, recognised{c.testnet, src, c.testnet, test, c.testnet})
	}
	vectors = append(vectors, vector{"X-address with its own tag repeated", "XLS-5d: the tag inside the X-address",
		map[string]string{"address": "XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc", "tag": "0", "network": "mainnet"},
		"XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc"})
	runVectors(t, "xrp", vectors)
	recogniseVectors(t, "xrp", recs)

	runBad(t, "xrp", []bad{
		{"missing address", map[string]string{"tag": "1"}, "address"},
		{"tag too large", map[string]string{"address": "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", "tag": "4294967296"}, "tag"},
		{"negative tag", map[string]string{"address": "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", "tag": "-1"}, "tag"},
		{"tag not a number", map[string]string{"address": "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", "tag": "12a"}, "tag"},
		{"tag other than the X-address's", map[string]string{"address": "XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc", "tag": "1"}, "tag"},
		{"tag on an X-address without one", map[string]string{"address": "XVLhHMPHU98es4dbozjVtdWzVrDjtV5fdx1mHp98tDMoQXb", "tag": "1"}, "tag"},
		{"network unknown", map[string]string{"address": "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", "network": "devnet"}, "network"},
		{"bitcoin address", map[string]string{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"}, "address"},
	})
	runFixed(t, "xrp", []fixed{
		// ripple-address-codec: "Invalid X-address (bad checksum)".
		{"X-address checksum", map[string]string{"address": "XVLhHMPHU98es4dbozjVtdWzVrDjtV5fdx1mHp98tDMoQXa"}, "address", "checksum", noFix},
		// ripple-address-codec: "Invalid X-address (bad prefix)".
		{"X-address prefix", map[string]string{"address": "dGzKGt8CVpWoa8aWL1k18tAdy9Won3PxynvbbpkAqp3V47g"}, "address", "neither", noFix},
		// ripple-address-codec: "Invalid X-address (64-bit tag)".
		{"64-bit tag", map[string]string{"address": "XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8zeUygYrCgrPh"}, "address", "64-bit", noFix},
		{"classic checksum", map[string]string{"address": "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpg"}, "address", "checksum", noFix},
		{"alphabet", map[string]string{"address": "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYp0"}, "address", "alphabet", noFix},
		{"network of an X-address", map[string]string{"address": "XVLhHMPHU98es4dbozjVtdWzVrDjtV5fdx1mHp98tDMoQXb", "network": "testnet"}, "network", "XLS-5d", "mainnet"},
	})
	notRecognised(t, "xrp", []string{
		"rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf", // a classic address is not this kind's payload
		"XVLhHMPHU98es4dbozjVtdWzVrDjtV5fdx1mHp98tDMoQXa",
	})
}

func xrpTagText(n int64) string {
	if n < 0 {
		return "none"
	}
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return xrpTagText(n/10) + digits[n%10:n%10+1]
}

// A ripple: or xrpl: account link is read as its address and its dt=
// destination tag; an amount, which the X-address cannot carry, is named
// as not kept.
func TestXRPAccountLinks(t *testing.T) {
	x := lookup(t, "xrp")
	const classic = "rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf"
	for p, want := range map[string]struct {
		tag     string
		notKept []string
	}{
		"ripple:" + classic + "?dt=13371337":           {"13371337", nil},
		"XRPL://" + classic:                            {"", nil},
		"xrpl:" + classic + "?dt=7&amount=10":          {"7", []string{"amount=10"}},
		"ripple:" + classic + "?DT=13371337&dt=133713": {"133713", []string{"DT=13371337"}},
	} {
		fields, notKept, ok := x.Read(p)
		if !ok || fields["address"] != classic || fields["tag"] != want.tag || !slices.Equal(notKept, want.notKept) {
			t.Errorf("%s reads as %v, not kept %v (%v); want tag %q, not kept %v", p, fields, notKept, ok, want.tag, want.notKept)
		}
	}
	if fields, _, ok := x.Read("ripple:rNotAnAddress?dt=1"); ok {
		t.Errorf("a link to no address reads as %v", fields)
	}
}
