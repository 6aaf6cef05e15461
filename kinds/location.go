package kinds

import (
	"math"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Location opens a place in a map app through the app's documented https
// link. Unlike a geo: URI (the geo kind), these links open in a browser
// when the app is missing, and iOS cameras open them without asking which
// app handles geo:.
type Location struct {
	Lat   string `json:"lat" also:"latitude" jsonschema_description:"Latitude in decimal degrees, -90 to 90, with '.' as decimal point (47.5951518). Give lat and lon, or query, or (app=apple) both." identity:"true" title:"Latitude"`
	Lon   string `json:"lon" also:"lng,long,longitude" jsonschema_description:"Longitude in decimal degrees, -180 to 180, with '.' as decimal point (-122.3316393)." identity:"true" title:"Longitude"`
	Query string `json:"query" also:"q,address,search,place" jsonschema_description:"A place to search for: a name or address (Lumen Field, Seattle). With app=apple and coordinates it labels the pin instead." identity:"true" title:"Place search"`
	App   string `json:"app" validate:"omitempty,oneofci=google apple osm waze" jsonschema:"enum=google,enum=apple,enum=osm,enum=waze" jsonschema_description:"Map to open: google (default, Google Maps URLs), apple (Apple Maps links), osm (OpenStreetMap) or waze (Waze deep link, starts navigation to coordinates)." title:"Map app"`
	Zoom  string `json:"zoom" jsonschema_description:"Zoom level, a whole number: 2 to 21 for app=apple, 0 to 19 for app=osm (default 16 there). Google and Waze links take none." title:"Zoom level"`
}

func init() {
	registry.Register(registry.Kind[Location]{
		Name:       "location",
		Title:      "Map location",
		AlsoCalled: []string{"map", "maps", "googlemaps", "google-maps", "directions", "address", "place"},
		Purpose:    registry.LinksAndText,
		Summary:    "Open a place in Google Maps, Apple Maps, OpenStreetMap or Waze (https map link from coordinates or a search)",
		Standard: registry.Standard{
			Name:    "Google Maps URLs; Apple Map Links; OpenStreetMap URLs; Waze deep links",
			Section: "Google: search action (api=1, query); Apple: ll, q, z; OpenStreetMap: mlat, mlon, #map; Waze: ll, q, navigate",
			URL:     "https://developers.google.com/maps/documentation/urls/get-started",
		},
		Examples: []Location{
			{Lat: "47.5951518", Lon: "-122.3316393"},
			{Query: "Lumen Field, Seattle"},
			{Lat: "50.894967", Lon: "4.341626", Query: "Atomium", App: "apple"},
			{Lat: "51.5074", Lon: "-0.1278", App: "osm", Zoom: "15"},
			{Lat: "40.758895", Lon: "-73.985131", App: "waze"},
		},
		Check:        checkLocation,
		Encode:       encodeLocation,
		ParseNotKept: parseLocation,
		SplitWord:    splitLocationCoordinates,
	})
}

// splitLocationCoordinates reads a latitude and longitude copied
// together into lat ("52.520008, 13.404954", as map apps copy a pin), as
// the geo kind's splitCoordinates does. A third number would be an
// altitude, which no map link here carries, so it is no pair.
//
// A geo: URI's two numbers (RFC 5870 §3.3, geo:52.52,13.40), as a geo
// code or a phone's share sheet gives a place, are the same pair; one
// with an altitude or parameters (;u=10) holds what no field here does.
func splitLocationCoordinates(word, value string) (map[string]string, bool) {
	if rest, ok := cutSchemeFold(strings.TrimSpace(value), "geo:"); ok {
		if strings.ContainsAny(rest, ";?") || strings.Count(rest, ",") != 1 {
			return nil, false
		}
		value = rest
	}
	fields, ok := splitCoordinates(word, value)
	if _, alt := fields["alt"]; !ok || alt {
		return nil, false
	}
	return fields, true
}

func checkLocation(l *Location) []registry.FieldError {
	var errs []registry.FieldError
	l.App = strings.ToLower(l.App)
	l.Query = strings.TrimSpace(l.Query)
	hasCoords := l.Lat != "" || l.Lon != ""
	switch {
	case !hasCoords && l.Query == "":
		errs = append(errs, registry.FieldError{Field: "lat", Detail: "lat and lon, or query, are required: the link needs a place", Fix: ""})
	case hasCoords:
		for _, c := range []struct {
			name  string
			value *string
			limit float64
		}{{"lat", &l.Lat, 90}, {"lon", &l.Lon, 180}} {
			n, ok := geoNumber(*c.value)
			v, _ := strconv.ParseFloat(n, 64)
			switch {
			case *c.value == "":
				other := "lon"
				if c.name == "lon" {
					other = "lat"
				}
				errs = append(errs, registry.FieldError{Field: c.name, Detail: c.name + " is required with " + other, Fix: ""})
			case !ok || math.Abs(v) > c.limit:
				errs = append(errs, registry.FieldError{Field: c.name, Detail: c.name + " is decimal degrees from -" + itoa(int(c.limit)) + " to " + itoa(int(c.limit)) + ", written with digits and '.' (WGS 84, as the map links take it)", Fix: ""})
			default:
				*c.value = n
			}
		}
		if l.Query != "" && l.App != "apple" {
			// Only Apple's q labels a pin at ll; Google's query,
			// OpenStreetMap's and Waze's search replace the coordinates.
			errs = append(errs, registry.FieldError{Field: "query", Detail: "query together with lat and lon works only with app=apple, where it labels the pin (Apple Map Links, q); for app=" + locationApp(l.App) + " give coordinates or a search, not both", Fix: ""})
		}
	}
	errs = append(errs, checkTextFields(textField{"query", l.Query})...)
	if l.Zoom != "" {
		lo, hi := 0, 0
		switch l.App {
		case "apple":
			lo, hi = 2, 21 // Apple Map Links: z from 2 to 21
		case "osm":
			lo, hi = 0, 19 // the highest zoom of OpenStreetMap's standard tiles
		}
		z, err := strconv.Atoi(l.Zoom)
		switch {
		case hi == 0:
			errs = append(errs, registry.FieldError{Field: "zoom", Detail: "zoom applies to app=apple and app=osm; the " + locationApp(l.App) + " link has no zoom", Fix: ""})
		case err != nil || z < lo || z > hi || !allDigits(l.Zoom):
			// The fix is the nearest zoom the app shows, as a number
			// out of range is fixed everywhere; a value that is no
			// whole number has none to be near.
			fix := ""
			if err == nil && allDigits(l.Zoom) {
				fix = strconv.Itoa(min(max(z, lo), hi))
			}
			errs = append(errs, registry.FieldError{Field: "zoom", Detail: "zoom is a whole number from " + itoa(lo) + " to " + itoa(hi) + " for app=" + l.App, Fix: fix})
		default:
			l.Zoom = strconv.Itoa(z)
		}
	}
	if l.App == "osm" && l.Query != "" && l.Zoom != "" {
		errs = append(errs, registry.FieldError{Field: "zoom", Detail: "zoom applies to an OpenStreetMap link with coordinates; a search link has none", Fix: ""})
	}
	return errs
}

func locationApp(app string) string {
	if app == "" {
		return "google"
	}
	return app
}

// encodeLocation writes the app's link. Coordinates are written as given
// (already in geo's shortest decimal form); search text is percent-encoded
// with %20, which each of the four documents accepts.
func encodeLocation(l Location) string {
	coords := l.Lat != ""
	switch l.App {
	case "apple":
		// Apple Map Links: ll is "latitude,longitude"; q is the query,
		// or the pin's label when ll is given.
		var params []string
		if coords {
			params = append(params, "ll="+l.Lat+","+l.Lon)
		}
		if l.Query != "" {
			params = append(params, "q="+pctEncode(l.Query))
		}
		if l.Zoom != "" {
			params = append(params, "z="+l.Zoom)
		}
		return "https://maps.apple.com/?" + strings.Join(params, "&")
	case "osm":
		if !coords {
			return "https://www.openstreetmap.org/search?query=" + pctEncode(l.Query)
		}
		zoom := l.Zoom
		if zoom == "" {
			zoom = "16"
		}
		// mlat/mlon place the marker; #map centres the view on it.
		return "https://www.openstreetmap.org/?mlat=" + l.Lat + "&mlon=" + l.Lon + "#map=" + zoom + "/" + l.Lat + "/" + l.Lon
	case "waze":
		if !coords {
			return "https://waze.com/ul?q=" + pctEncode(l.Query)
		}
		return "https://waze.com/ul?ll=" + l.Lat + "," + l.Lon + "&navigate=yes"
	}
	// Google Maps URLs, search action: query is coordinates or text; the
	// document's example writes the comma as %2C.
	query := pctEncode(l.Query)
	if coords {
		query = l.Lat + "%2C" + l.Lon
	}
	return "https://www.google.com/maps/search/?api=1&query=" + query
}

// parseLocation reads back the links encodeLocation writes; links with
// other parameters (query_place_id, zoom on Google, directions) have no
// fields here and are not recognised.
func parseLocation(p string) (Location, []string, bool) {
	if rest, ok := strings.CutPrefix(p, "https://www.google.com/maps/search/?api=1&query="); ok {
		q, ok := pctDecode(rest)
		if !ok || q == "" || strings.ContainsAny(rest, "&#") {
			return Location{}, nil, false
		}
		l := Location{App: "google"}
		if lat, lon, ok := locationLatLon(q); ok {
			l.Lat, l.Lon = lat, lon
		} else {
			l.Query = q
		}
		return l, nil, true
	}
	if rest, ok := strings.CutPrefix(p, "https://maps.apple.com/?"); ok {
		l := Location{App: "apple"}
		pairs, ok := uriQueryPairs(rest)
		if !ok {
			return Location{}, nil, false
		}
		for _, pair := range pairs {
			switch pair.name {
			case "ll":
				if l.Lat, l.Lon, ok = locationLatLon(pair.value); !ok {
					return Location{}, nil, false
				}
			case "q":
				l.Query = pair.value
			case "z":
				l.Zoom = pair.value
			default:
				return Location{}, nil, false
			}
		}
		// A name given again is read from its last value; the earlier
		// ones are named (docs/decode.md, "Naming the payload").
		_, left, _ := readQuery(rest, false, "ll", "q", "z")
		return l, left.list(), l.Lat != "" || l.Query != ""
	}
	if rest, ok := strings.CutPrefix(p, "https://www.openstreetmap.org/search?query="); ok {
		q, ok := pctDecode(rest)
		return Location{App: "osm", Query: q}, nil, ok && q != "" && !strings.ContainsAny(rest, "&#")
	}
	if rest, ok := strings.CutPrefix(p, "https://www.openstreetmap.org/?mlat="); ok {
		lat, rest, _ := strings.Cut(rest, "&mlon=")
		lon, view, _ := strings.Cut(rest, "#map=")
		zoom, center, _ := strings.Cut(view, "/")
		if _, _, ok := locationLatLon(lat + "," + lon); !ok || center != lat+"/"+lon {
			return Location{}, nil, false
		}
		return Location{App: "osm", Lat: lat, Lon: lon, Zoom: zoom}, nil, zoom != ""
	}
	if rest, ok := strings.CutPrefix(p, "https://waze.com/ul?"); ok {
		if ll, ok := strings.CutPrefix(rest, "ll="); ok {
			lat, lon, ok := locationLatLon(strings.TrimSuffix(ll, "&navigate=yes"))
			return Location{App: "waze", Lat: lat, Lon: lon}, nil, ok && strings.HasSuffix(ll, "&navigate=yes")
		}
		if q, ok := strings.CutPrefix(rest, "q="); ok && !strings.ContainsAny(q, "&#") {
			q, ok = pctDecode(q)
			return Location{App: "waze", Query: q}, nil, ok && q != ""
		}
	}
	return Location{}, nil, false
}

// locationLatLon splits "lat,lon" when both are plain decimal numbers.
func locationLatLon(s string) (string, string, bool) {
	lat, lon, ok := strings.Cut(s, ",")
	if !ok {
		return "", "", false
	}
	_, ok1 := geoNumber(lat)
	_, ok2 := geoNumber(lon)
	return lat, lon, ok1 && ok2 && strings.TrimSpace(lat) == lat && strings.TrimSpace(lon) == lon
}
