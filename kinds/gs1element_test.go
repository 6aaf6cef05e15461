package kinds

import "testing"

// Element strings of checked fields: the GTIN written to 14 digits, the
// fixed-length AIs first, a group separator only between variable-length
// fields (GS1 General Specifications §7.8.5.2; the first example is
// §2.1's GTIN 09506000134352).
func TestGS1ElementString(t *testing.T) {
	for _, c := range []struct {
		in   GS1
		want string
	}{
		{GS1{GTIN: "09506000134352"}, "0109506000134352"},
		{GS1{GTIN: "4006381333931", Expiry: "2027-12-31", Batch: "LOT-ABC"}, "0104006381333931172712311" + "0LOT-ABC"},
		{GS1{GTIN: "09520123456788", Batch: "ABC1", Serial: "12345", Expiry: "180426"}, "01095201234567881718042610ABC1\x1d2112345"},
		{GS1{GTIN: "09520123456788", Serial: "S%1"}, "010952012345678821S%1"},
	} {
		g := c.in
		if errs := checkGS1(&g); len(errs) > 0 {
			t.Fatalf("%+v: %v", c.in, errs)
		}
		if got := gs1ElementString(g); got != c.want {
			t.Errorf("%+v: %q, want %q", c.in, got, c.want)
		}
	}
}
