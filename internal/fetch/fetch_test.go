package fetch

import (
	"net/netip"
	"testing"
)

func TestPublicAddress(t *testing.T) {
	for _, c := range []struct {
		addr   string
		public bool
	}{
		{"93.184.215.14", true}, {"1.1.1.1", true}, {"2606:4700:4700::1111", true},
		{"127.0.0.1", false}, {"127.1.2.3", false}, {"::1", false},
		{"10.0.0.1", false}, {"172.16.5.4", false}, {"192.168.1.1", false}, {"fd00::1", false},
		{"169.254.169.254", false}, {"fe80::1", false}, // cloud metadata, link-local
		{"100.64.0.1", false}, {"0.0.0.0", false}, {"::", false}, {"224.0.0.1", false}, {"ff02::1", false},
		{"198.18.0.1", false}, {"192.0.2.1", false}, {"240.0.0.1", false}, {"255.255.255.255", false},
		{"::ffff:127.0.0.1", false}, {"::ffff:10.1.1.1", false}, {"64:ff9b::a00:1", false}, {"2001:db8::1", false},
		{"::7f00:1", false}, {"::a01:101", false}, {"fec0::1", false}, {"192.88.99.1", false}, // IPv4-compatible, site-local, 6to4 relay
	} {
		if got := Public(netip.MustParseAddr(c.addr)); got != c.public {
			t.Errorf("%s: public %v, want %v", c.addr, got, c.public)
		}
	}
}
