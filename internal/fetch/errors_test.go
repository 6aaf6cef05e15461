package fetch

import (
	"context"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// A failed fetch says what failed in words of its own: Go's errors name
// the resolver's address, and "connection refused" against a timeout
// would tell a caller which ports are open.
func TestFetchErrorsNameNothingOfTheNetwork(t *testing.T) {
	f := New(func(netip.Addr) bool { return true }, 2*time.Second, 1<<20)
	// RFC 6761 §6.4: .invalid never resolves.
	_, err := f.Get(context.Background(), "http://logo.qrforge.invalid/logo.png")
	if err == nil || err.Error() != "its host name does not resolve" {
		t.Errorf("unresolvable host: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	_, err = f.Get(context.Background(), "http://"+closed+"/logo.png")
	if err == nil || err.Error() != "no connection to its host could be made" {
		t.Errorf("closed port: %v", err)
	}
	if err != nil && (strings.Contains(err.Error(), "127.0.0.1") || strings.Contains(err.Error(), "refused")) {
		t.Errorf("the error names the network: %v", err)
	}
}
