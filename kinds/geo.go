package kinds

import (
	"math"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Geo is a place on Earth as a geo: URI in WGS-84, the default and only
// coordinate reference system RFC 5870 registers.
type Geo struct {
	Lat         string `json:"lat" also:"latitude,coords,coordinates,latlng,latlon,ll" validate:"required" jsonschema_description:"Latitude in decimal degrees, -90 to 90, with '.' as decimal point (48.198634). Written without exponent or trailing zeros; degrees, minutes and seconds (52°30'N) are refused with a fix in decimal degrees." identity:"true" title:"Latitude"`
	Lon         string `json:"lon" also:"lng,long,longitude" validate:"required" jsonschema_description:"Longitude in decimal degrees, -180 to 180, with '.' as decimal point (16.371648). Set to 0 at the poles, as RFC 5870 §3.4.2 asks." identity:"true" title:"Longitude"`
	Alt         string `json:"alt" also:"altitude,elevation" jsonschema_description:"Altitude in metres above the WGS-84 ellipsoid; negative below it." title:"Altitude (m)"`
	Uncertainty string `json:"uncertainty" jsonschema_description:"Uncertainty of the location in metres, 0 or more: the u= parameter of RFC 5870 §3.4.3." title:"Uncertainty (m)"`
	Query       string `json:"query" also:"q,search" jsonschema_description:"Place search for map apps (a name or address). Not part of RFC 5870: it is Android's ?q= extension (geo:lat,lon?q=...), which ZXing also reads; with lat=0 and lon=0 Android searches for the query alone." identity:"true" title:"Place search"`
}

func init() {
	registry.Register(registry.Kind[Geo]{
		Name:    "geo",
		Title:   "Geo coordinates",
		Purpose: registry.LinksAndText,
		Summary: "Show a place on a map (geo: URI with optional altitude, uncertainty and search query)",
		Standard: registry.Standard{
			Name:    "RFC 5870",
			Version: "2010",
			Section: "§3 (geo URI); ?q= is Android's extension",
			URL:     "https://www.rfc-editor.org/rfc/rfc5870",
		},
		Examples: []Geo{
			{Lat: "48.198634", Lon: "16.371648", Uncertainty: "40"},
			{Lat: "48.2010", Lon: "16.3695", Alt: "183"},
			{Lat: "38.8976763", Lon: "-77.0365298", Query: "1600 Pennsylvania Ave NW, Washington"},
		},
		Check:        checkGeo,
		Encode:       encodeGeo,
		ParseNotKept: parseGeo,
		SplitWord:    splitCoordinates,
	})
}

// splitCoordinates reads a latitude and longitude given together in lat,
// as maps copy a place ("52.520008, 13.404954", latitude first, as RFC
// 5870 §3.3 orders them), and an altitude after them, as lat, lon and
// alt. Commas alone between digits are a decimal comma (52,5), which
// checkGeo reads, so a pair needs a decimal point or a space.
func splitCoordinates(word, value string) (map[string]string, bool) {
	if word != "lat" {
		return nil, false
	}
	parts := strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
	if len(parts) < 2 || len(parts) > 3 || !strings.ContainsAny(value, ". \t") {
		return nil, false
	}
	for _, p := range parts {
		if _, ok := geoNumber(p); !ok {
			return nil, false
		}
	}
	fields := map[string]string{"lat": parts[0], "lon": parts[1]}
	if len(parts) == 3 {
		fields["alt"] = parts[2]
	}
	return fields, true
}

func checkGeo(g *Geo) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range []struct {
		name     string
		value    *string
		min, max float64
		what     string
		// hemispheres are the letters that give the sign: positive,
		// then negative.
		hemispheres string
	}{
		{"lat", &g.Lat, -90, 90, "a latitude in decimal degrees, -90 to 90", "NS"},
		{"lon", &g.Lon, -180, 180, "a longitude in decimal degrees, -180 to 180", "EW"},
		{"alt", &g.Alt, math.Inf(-1), math.Inf(1), "an altitude in metres", ""},
		{"uncertainty", &g.Uncertainty, 0, math.Inf(1), "an uncertainty in metres, 0 or more", ""},
	} {
		if *f.value == "" {
			continue
		}
		n, ok := geoNumber(*f.value)
		if !ok {
			fix := ""
			if alt, ok := geoNumber(strings.Replace(*f.value, ",", ".", 1)); ok && strings.Count(*f.value, ",") == 1 && !strings.Contains(*f.value, ".") {
				fix = alt
			} else if v, ok := registry.Degrees(*f.value, f.hemispheres); ok && v >= f.min && v <= f.max {
				// Degrees, minutes and seconds to 6 places, about 0.1 m,
				// finer than a second of arc.
				fix, _ = geoNumber(strconv.FormatFloat(v, 'f', 6, 64))
			}
			detail := f.name + " is " + f.what + ", written with digits and '.' (no decimal comma, no exponent; RFC 5870 §3.3 num)"
			if f.hemispheres == "" {
				// RFC 5870 §3.4.1 and §3.4.3: altitude and uncertainty
				// are in metres, so a metre sign adds nothing, and feet
				// are another unit, converted with rounding.
				if n, ok := withoutUnit(*f.value, metreWords); ok {
					fix, _ = geoNumber(n)
				} else if _, ok := withoutUnit(*f.value, footWords); ok {
					detail += "; this one is in feet, and a fix does not convert it: give metres (feet × 0.3048), rounded as you mean"
				}
			}
			errs = append(errs, registry.FieldError{Field: f.name, Detail: detail, Fix: fix})
			continue
		}
		v, _ := strconv.ParseFloat(n, 64)
		if v < f.min || v > f.max {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is " + f.what + "; " + n + " is out of range (RFC 5870 §3.4.2)", Fix: ""})
			continue
		}
		*f.value = n
	}
	errs = append(errs, checkTextFields(textField{"query", g.Query})...)
	if len(errs) == 0 && (g.Lat == "90" || g.Lat == "-90") {
		// RFC 5870 §3.4.2: at the poles the longitude SHOULD be 0.
		g.Lon = "0"
	}
	return errs
}

// geoNumber reads a decimal number and writes it as RFC 5870 §3.3 num
// ([ "-" ] 1*DIGIT [ "." 1*DIGIT ]) in its shortest form: no '+', no
// leading zeros, no trailing fractional zeros, and 0 for -0, which names
// the same point. The digits are kept as given, never rounded through a
// float.
func geoNumber(s string) (string, bool) {
	s = strings.TrimSpace(s)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return "", false
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	frac = strings.TrimRight(frac, "0")
	out := whole
	if frac != "" {
		out += "." + frac
	}
	if neg && out != "0" {
		out = "-" + out
	}
	return out, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// encodeGeo writes geo:<lat>,<lon>[,<alt>][;u=<uncertainty>][?q=<query>].
// crs=wgs84 is left out because it is the default (RFC 5870 §3.4.1).
func encodeGeo(g Geo) string {
	out := "geo:" + g.Lat + "," + g.Lon
	if g.Alt != "" {
		out += "," + g.Alt
	}
	if g.Uncertainty != "" {
		out += ";u=" + g.Uncertainty
	}
	if g.Query != "" {
		out += "?q=" + pctEncode(g.Query)
	}
	return out
}

// parseGeo reads a geo: URI. Parameter names are case-insensitive (RFC
// 5870 §3.3); a CRS other than WGS-84 cannot be described by these fields,
// and other parameters (Android's z, a zoom level) are named as not kept.
func parseGeo(p string) (Geo, []string, bool) {
	rest, ok := cutSchemeFold(p, "geo:")
	if !ok {
		return Geo{}, nil, false
	}
	path, query, _ := strings.Cut(rest, "?")
	params := strings.Split(path, ";")
	coords := strings.Split(params[0], ",")
	if len(coords) < 2 || len(coords) > 3 {
		return Geo{}, nil, false
	}
	for _, c := range coords {
		if _, ok := geoNumber(c); !ok || strings.TrimSpace(c) != c {
			return Geo{}, nil, false
		}
	}
	g := Geo{Lat: coords[0], Lon: coords[1]}
	if len(coords) == 3 {
		g.Alt = coords[2]
	}
	left := notKept{}
	u := 0
	for i := 1; i < len(params); i++ {
		name, value, _ := strings.Cut(params[i], "=")
		switch strings.ToLower(name) {
		case "crs":
			if !strings.EqualFold(value, "wgs84") {
				return Geo{}, nil, false
			}
		case "u":
			if u > 0 {
				left[u] = params[u] // the later value is the one read
			}
			g.Uncertainty, u = value, i
		default:
			left[i] = params[i]
		}
	}
	// Android reads a '+' in q as a space ("spaces can be encoded with %20
	// or replaced with the plus sign", Android Common Intents, Maps); a
	// plus sign itself is %2B.
	pairs, ok := uriQueryPairs(strings.ReplaceAll(query, "+", "%20"))
	if !ok {
		return Geo{}, nil, false
	}
	raw := strings.Split(query, "&")
	q := -1
	for i, pair := range pairs {
		switch {
		case raw[i] == "":
		case pair.name != "q":
			left[len(params)+i] = raw[i]
		default:
			if q >= 0 {
				left[len(params)+q] = raw[q] // the later value is the one read
			}
			g.Query, q = pair.value, i
		}
	}
	return g, left.list(), true
}
