package kinds_test

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

func TestGeo(t *testing.T) {
	runVectors(t, "geo", []vector{
		{"two dimensions", "RFC 5870 §1 <geo:13.4125,103.8667>",
			map[string]string{"lat": "13.4125", "lon": "103.8667"},
			"geo:13.4125,103.8667"},
		// RFC 5870 §6.1 writes geo:48.2010,16.3695,183; numbers are
		// written in their shortest form, so 48.2010 becomes 48.201,
		// the same coordinate.
		{"three dimensions", "RFC 5870 §6.1 <geo:48.2010,16.3695,183> (trailing zero dropped)",
			map[string]string{"lat": "48.2010", "lon": "16.3695", "alt": "183"},
			"geo:48.201,16.3695,183"},
		// RFC 5870 §6.2 adds ;crs=wgs84, the default, which is left out.
		{"uncertainty", "RFC 5870 §6.2 <geo:48.198634,16.371648;crs=wgs84;u=40> (default crs left out)",
			map[string]string{"lat": "48.198634", "lon": "16.371648", "uncertainty": "40"},
			"geo:48.198634,16.371648;u=40"},
		{"segno", "segno make_geo_data(38.8976763, -77.0365298)",
			map[string]string{"lat": "38.8976763", "lon": "-77.0365298"},
			"geo:38.8976763,-77.0365298"},
		{"qrcoder", "QRCoder GeolocationTests geolocation_should_build_type_GEO",
			map[string]string{"lat": "51.227741", "lon": "6.773456"},
			"geo:51.227741,6.773456"},
		{"number normalisation", "RFC 5870 §3.3 num: no '+', no exponent; shortest form",
			map[string]string{"lat": "+048.50000", "lon": "-0.0", "alt": "-12.0", "uncertainty": "0"},
			"geo:48.5,0,-12;u=0"},
		{"pole", "RFC 5870 §3.4.2: longitude SHOULD be 0 at the poles (cf. §6.4 <geo:90,-22.43;crs=WGS84>)",
			map[string]string{"lat": "90", "lon": "-22.43"},
			"geo:90,0"},
		{"search query", "Android geo intent ?q= (ZXing GeoParsedResultTestCase geo:-20.33,132.3344,0.01?q=foobar)",
			map[string]string{"lat": "-20.33", "lon": "132.3344", "alt": "0.01", "query": "foobar"},
			"geo:-20.33,132.3344,0.01?q=foobar"},
		{"query alone", "Android geo:0,0?q=<address>, percent-encoded with %20",
			map[string]string{"lat": "0", "lon": "0", "query": "1600 Amphitheatre Parkway, CA"},
			"geo:0,0?q=1600%20Amphitheatre%20Parkway%2C%20CA"},
		{"uncertainty and query", "u= stays in the path, q= in the query",
			map[string]string{"lat": "37.786971", "lon": "-122.399677", "uncertainty": "35", "query": "Wikimedia"},
			"geo:37.786971,-122.399677;u=35?q=Wikimedia"},
	})
	runBad(t, "geo", []bad{
		{"missing lat", map[string]string{"lon": "16.3"}, "lat"},
		{"missing lon", map[string]string{"lat": "48.2"}, "lon"},
		{"latitude out of range", map[string]string{"lat": "94", "lon": "0"}, "lat"},
		{"longitude out of range", map[string]string{"lat": "0", "lon": "-180.5"}, "lon"},
		{"decimal comma", map[string]string{"lat": "48,2", "lon": "16.3"}, "lat"},
		{"exponent", map[string]string{"lat": "4.8e1", "lon": "16.3"}, "lat"},
		{"degrees and minutes", map[string]string{"lat": "48°12'", "lon": "16.3"}, "lat"},
		{"altitude not a number", map[string]string{"lat": "48.2", "lon": "16.3", "alt": "high"}, "alt"},
		{"negative uncertainty", map[string]string{"lat": "48.2", "lon": "16.3", "uncertainty": "-5"}, "uncertainty"},
	})
	recogniseVectors(t, "geo", []recognised{
		{"rfc crs and u", "RFC 5870 §6.2", "geo:48.198634,16.371648;crs=wgs84;u=40",
			map[string]string{"lat": "48.198634", "lon": "16.371648", "uncertainty": "40"},
			"geo:48.198634,16.371648;u=40"},
		{"rfc three dimensions", "RFC 5870 §6.1", "geo:48.2010,16.3695,183",
			map[string]string{"lat": "48.2010", "lon": "16.3695", "alt": "183"},
			"geo:48.201,16.3695,183"},
		{"rfc upper-case crs at a pole", "RFC 5870 §6.4", "geo:90,-22.43;crs=WGS84",
			map[string]string{"lat": "90", "lon": "-22.43"},
			"geo:90,0"},
		{"zxing upper-case scheme with query", "ZXing GeoParsedResultTestCase", "GEO:-20.33,132.3344,0.01?q=foobar",
			map[string]string{"lat": "-20.33", "lon": "132.3344", "alt": "0.01", "query": "foobar"},
			"geo:-20.33,132.3344,0.01?q=foobar"},
		{"android query with plus signs", "Android Common Intents, Maps: \"spaces can be encoded with %20 or replaced with the plus sign (+)\"",
			"geo:0,0?q=1600+Amphitheatre+Parkway%2C+CA%2B",
			map[string]string{"lat": "0", "lon": "0", "query": "1600 Amphitheatre Parkway, CA+"},
			"geo:0,0?q=1600%20Amphitheatre%20Parkway%2C%20CA%2B"},
	})
	notRecognised(t, "geo", []string{"geo:1", "geo:1,2,3,4", "geo:a,b", "geo:1,2;crs=nad27", "geo:", "GEO:1e1,2"})
}

// TestGeoFix checks that a decimal comma is answered with the point form.
func TestGeoFix(t *testing.T) {
	_, errs := lookup(t, "geo").Build(map[string]string{"lat": "48,20", "lon": "16.3"})
	if len(errs) != 1 || errs[0].Fix != "48.2" {
		t.Fatalf("errors %+v, want one fixing lat to 48.2", errs)
	}
}

// Degrees, minutes and seconds, as maps and GPS units write them, are
// answered with decimal degrees to 6 places; a letter of the other axis,
// or a latitude out of range, gets no fix.
func TestGeoDegreesMinutesSecondsFix(t *testing.T) {
	for _, c := range []struct{ lat, lon, wantLat, wantLon string }{
		{"52°30'N", "13°24'E", "52.5", "13.4"},
		{"40°26'46\"N", "79°58'56\"W", "40.446111", "-79.982222"},
		{"S 33.9°", "151.2", "-33.9", ""},
		{"33° 52′ 04″ S", "151° 12′ 36″ E", "-33.867778", "151.21"},
		{"13°24'E", "1", "", ""},
		{"95°N", "1", "", ""},
		{"52°60'N", "1", "", ""},
	} {
		_, errs := lookup(t, "geo").Build(map[string]string{"lat": c.lat, "lon": c.lon})
		got := map[string]string{}
		for _, e := range errs {
			got[e.Field] = e.Fix
		}
		if got["lat"] != c.wantLat || got["lon"] != c.wantLon {
			t.Errorf("lat %q lon %q: fixes %v, want lat %q lon %q", c.lat, c.lon, got, c.wantLat, c.wantLon)
		}
	}
}

// A latitude and longitude copied together from a map ("52.520008,
// 13.404954") into lat, or under a name such as coords, are written as
// lat and lon (and alt) by the fix, each part as given; a decimal comma
// alone (48,20) is a latitude, and a lon already given leaves lat to the
// other checks.
func TestGeoCoordinatesInOneField(t *testing.T) {
	geo := lookup(t, "geo")
	for _, c := range []struct {
		lat, lon   string
		fix, wlon  string
		alt, wnone string
	}{
		{lat: "52.520008, 13.404954", fix: "52.520008", wlon: "13.404954"},
		{lat: "52.52,13.405", fix: "52.52", wlon: "13.405"},
		{lat: "-33.8688 151.2093", fix: "-33.8688", wlon: "151.2093"},
		{lat: "52.52,13.405,183", fix: "52.52", wlon: "13.405", alt: "183"},
		{lat: "48,20", lon: "16.3", fix: "48.2"},
		{lat: "52.52,13.405", lon: "13.405", fix: ""},
		{lat: "52.52,13.405,1,2", fix: ""},
	} {
		values := map[string]string{"lat": c.lat}
		if c.lon != "" {
			values["lon"] = c.lon
		}
		_, errs := geo.Build(values)
		var got registry.FieldError
		for _, e := range errs {
			if e.Field == "lat" {
				got = e
			}
		}
		if got.Fix != c.fix || got.With["lon"] != c.wlon || got.With["alt"] != c.alt {
			t.Errorf("lat=%q lon=%q: %+v, want the fix %q with lon %q and alt %q", c.lat, c.lon, errs, c.fix, c.wlon, c.alt)
		}
	}
}
