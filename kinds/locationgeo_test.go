package kinds_test

import "testing"

// A geo: URI's two numbers pasted into lat (RFC 5870 §3.3) are the
// place's latitude and longitude, as "52.52, 13.40" copied from a map
// app is: the fix writes each under its field. One with parameters
// (;u=10) or an altitude holds what no field of a map link carries, and
// a lon given already leaves the choice to the caller.
func TestLocationGeoURIInLat(t *testing.T) {
	k := lookup(t, "location")
	_, errs := k.Build(map[string]string{"lat": "geo:52.52,13.40"})
	if len(errs) != 1 || errs[0].Fix != "52.52" || errs[0].With["lon"] != "13.40" {
		t.Fatalf("lat=geo:52.52,13.40: %+v, want the fix lat=52.52 with lon=13.40", errs)
	}
	for _, fields := range []map[string]string{
		{"lat": "geo:52.52,13.40;u=10"},
		{"lat": "geo:52.52,13.40,34"},
		{"lat": "geo:52.52,13.40", "lon": "13.5"},
	} {
		if _, errs := k.Build(fields); len(errs) == 0 || errs[0].Fix != "" && len(errs[0].With) > 0 {
			t.Errorf("%v: %+v, want no fix that splits it", fields, errs)
		}
	}
}
