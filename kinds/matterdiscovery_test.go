package kinds_test

import (
	"strings"
	"testing"
)

// A discovery capability spelt without its hyphen, with an underscore or
// by Bluetooth's own name has one reading (Matter Core Specification
// §5.1, Discovery Capabilities Bitmask: bit 1 is Bluetooth LE, the
// only Bluetooth transport): the fix writes the canonical names. "wifi"
// names no one bit (Soft-AP and Wi-Fi PAF are both Wi-Fi), so it has none.
func TestMatterDiscoverySpellings(t *testing.T) {
	k := lookup(t, "matter")
	base := map[string]string{"vendor_id": "65521", "product_id": "32768", "discriminator": "3840", "passcode": "20202021"}
	for given, want := range map[string]string{
		"onnetwork":        "on-network",
		"On_Network":       "on-network",
		"OnNetwork, BLE":   "ble,on-network",
		"soft-ap":          "softap",
		"bluetooth":        "ble",
		"Bluetooth LE":     "ble",
		"wifipaf":          "wifi-paf",
		"on network":       "on-network",
		"wifi":             "",
		"zigbee":           "",
		"bluetooth, onnet": "",
	} {
		fields := map[string]string{"discovery": given}
		for f, v := range base {
			fields[f] = v
		}
		_, errs := k.Build(fields)
		if len(errs) != 1 || errs[0].Field != "discovery" {
			t.Errorf("discovery %q: errors %v, want one on discovery", given, errs)
			continue
		}
		if given == "wifi" && !strings.Contains(errs[0].Detail, "softap") {
			t.Errorf("discovery wifi: detail %q does not name the two it may be", errs[0].Detail)
		}
		if errs[0].Fix != want {
			t.Errorf("discovery %q: fix %q, want %q", given, errs[0].Fix, want)
		}
		if want == "" {
			continue
		}
		fields["discovery"] = want
		if _, errs := k.Build(fields); len(errs) > 0 {
			t.Errorf("discovery %q: the fix %q is refused: %v", given, want, errs)
		}
	}
}
