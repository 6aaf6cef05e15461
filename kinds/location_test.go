package kinds_test

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

func TestLocation(t *testing.T) {
	runVectors(t, "location", []vector{
		{"google coordinates", "Google Maps URLs, Search: https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393",
			map[string]string{"lat": "47.5951518", "lon": "-122.3316393"},
			"https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393"},
		// The document writes spaces as '+'; %20 is the RFC 3986 form,
		// which it accepts as well and which no reader turns into '+'.
		{"google search", "Google Maps URLs, Search: query=pizza+seattle+wa, spaces as %20",
			map[string]string{"query": "pizza seattle wa", "app": "Google"},
			"https://www.google.com/maps/search/?api=1&query=pizza%20seattle%20wa"},
		{"google address with reserved characters", "Google Maps URLs: values must be URL-encoded (',' as %2C, '&' as %26)",
			map[string]string{"query": "Bert & Ernie's, 1 Sesame St"},
			"https://www.google.com/maps/search/?api=1&query=Bert%20%26%20Ernie%27s%2C%201%20Sesame%20St"},
		{"apple pin", "Apple Map Links: http://maps.apple.com/?ll=50.894967,4.341626 over https",
			map[string]string{"lat": "50.894967", "lon": "4.341626", "app": "apple"},
			"https://maps.apple.com/?ll=50.894967,4.341626"},
		{"apple labelled pin with zoom", "Apple Map Links: q labels the location given by ll; z from 2 to 21",
			map[string]string{"lat": "50.894967", "lon": "4.341626", "query": "Atomium", "zoom": "10", "app": "apple"},
			"https://maps.apple.com/?ll=50.894967,4.341626&q=Atomium&z=10"},
		{"apple search", "Apple Map Links: q is the query typed in the search field",
			map[string]string{"query": "Mexican Restaurant", "app": "apple"},
			"https://maps.apple.com/?q=Mexican%20Restaurant"},
		{"osm marker", "OpenStreetMap permalink with marker: ?mlat=..&mlon=..#map=zoom/lat/lon",
			map[string]string{"lat": "51.5074", "lon": "-0.1278", "app": "osm", "zoom": "15"},
			"https://www.openstreetmap.org/?mlat=51.5074&mlon=-0.1278#map=15/51.5074/-0.1278"},
		{"osm default zoom", "OpenStreetMap permalink, zoom 16 when none is given",
			map[string]string{"lat": "48.8583", "lon": "2.2945", "app": "osm"},
			"https://www.openstreetmap.org/?mlat=48.8583&mlon=2.2945#map=16/48.8583/2.2945"},
		{"osm search", "OpenStreetMap search page /search?query=",
			map[string]string{"query": "Brandenburger Tor", "app": "osm"},
			"https://www.openstreetmap.org/search?query=Brandenburger%20Tor"},
		// Waze's own example writes the comma as %2C and adds zoom=17;
		// its Maryhill example uses a literal comma, as here.
		{"waze navigate", "Waze deep links: https://waze.com/ul?ll=45.6906304,-120.810983 with navigate=yes",
			map[string]string{"lat": "40.758895", "lon": "-73.985131", "app": "waze"},
			"https://waze.com/ul?ll=40.758895,-73.985131&navigate=yes"},
		{"waze search", "Waze deep links: https://waze.com/ul?q=66%20Acacia%20Avenue",
			map[string]string{"query": "66 Acacia Avenue", "app": "waze"},
			"https://waze.com/ul?q=66%20Acacia%20Avenue"},
		{"numbers in shortest form", "RFC 5870 §3.3 num, as the geo kind writes it",
			map[string]string{"lat": "+47.50", "lon": "-0.0"},
			"https://www.google.com/maps/search/?api=1&query=47.5%2C0"},
	})
	runBad(t, "location", []bad{
		{"nothing to show", map[string]string{"app": "google"}, "lat"},
		{"lat without lon", map[string]string{"lat": "47.5"}, "lon"},
		{"lon without lat", map[string]string{"lon": "-122.3"}, "lat"},
		{"latitude out of range", map[string]string{"lat": "91", "lon": "0"}, "lat"},
		{"decimal comma", map[string]string{"lat": "47.5", "lon": "-122,3"}, "lon"},
		{"unknown app", map[string]string{"query": "x", "app": "bing"}, "app"},
		{"label on google", map[string]string{"lat": "47.5", "lon": "-122.3", "query": "Home"}, "query"},
		{"control character in query", map[string]string{"query": "a\x00b"}, "query"},
		{"zoom on google", map[string]string{"lat": "47.5", "lon": "-122.3", "zoom": "10"}, "zoom"},
		{"apple zoom out of range", map[string]string{"lat": "47.5", "lon": "-122.3", "zoom": "25", "app": "apple"}, "zoom"},
		{"osm zoom not a number", map[string]string{"lat": "47.5", "lon": "-122.3", "zoom": "near", "app": "osm"}, "zoom"},
		{"zoom on an osm search", map[string]string{"query": "Berlin", "zoom": "10", "app": "osm"}, "zoom"},
	})
	// A zoom out of range is fixed to the nearest one the app shows, as a
	// number out of range is (it was 15 whatever was given).
	location := lookup(t, "location")
	for given, want := range map[string]string{"25": "21", "1": "2", "near": ""} {
		_, errs := location.Build(map[string]string{"lat": "1", "lon": "2", "app": "apple", "zoom": given})
		if len(errs) != 1 || errs[0].Field != "zoom" || errs[0].Fix != want {
			t.Errorf("apple zoom=%s: %+v, want the fix %q", given, errs, want)
		}
	}
	recogniseVectors(t, "location", []recognised{
		{"google example", "Google Maps URLs, Search", "https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393",
			map[string]string{"app": "google", "lat": "47.5951518", "lon": "-122.3316393"},
			"https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393"},
		{"google literal comma", "Google Maps URLs accept an unencoded comma", "https://www.google.com/maps/search/?api=1&query=47.5951518,-122.3316393",
			map[string]string{"app": "google", "lat": "47.5951518", "lon": "-122.3316393"},
			"https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393"},
	})
	notRecognised(t, "location", []string{
		"https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393&query_place_id=ChIJKxjxuaNqkFQR3CK6O1HNNqY",
		"https://maps.apple.com/?daddr=San+Francisco",
		"https://waze.com/ul?favorite=work&navigate=yes",
		"https://www.openstreetmap.org/?mlat=1&mlon=2#map=16/3/4",
		"geo:47.5,-122.3",
	})
}

// A latitude and longitude copied together into lat, as map apps copy a
// pin, are split into lat and lon, as the geo kind splits them; the
// location kind once refused them without a fix.
func TestLocationCoordinatesInLatAreSplit(t *testing.T) {
	k, _ := registry.Lookup("location")
	for _, c := range []struct {
		fields   map[string]string
		lat, lon string
	}{
		{map[string]string{"lat": "52.520008, 13.404954"}, "52.520008", "13.404954"},
		{map[string]string{"lat": "-33.8568 151.2153", "app": "apple"}, "-33.8568", "151.2153"},
	} {
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || errs[0].Field != "lat" || errs[0].Fix != c.lat || errs[0].With["lon"] != c.lon {
			t.Errorf("%v: %+v, want the fix lat=%s&lon=%s", c.fields, errs, c.lat, c.lon)
		}
	}
	// Three numbers hold an altitude, which no map link carries.
	if _, errs := k.Build(map[string]string{"lat": "52.5, 13.4, 34"}); len(errs) == 0 || errs[0].Fix != "" {
		t.Errorf("lat with an altitude: %+v, want no fix", errs)
	}
}
