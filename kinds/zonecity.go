package kinds

import (
	"strings"
	"time"
)

// zoneAreas are the areas of the IANA time zone database's region names
// (tz-link.html, "Area/Location"), and the subdivided ones: a zone is
// named after its area and a city, Europe/Berlin, America/New_York.
var zoneAreas = []string{
	"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific",
	"America/Argentina", "America/Indiana", "America/Kentucky", "America/North_Dakota",
}

// zoneOfCity is the one IANA zone named after city, a location written
// without its area (Berlin is Europe/Berlin, New York America/New_York:
// the database writes spaces as '_'), or "" when none is, or more than
// one (Buenos Aires is America/Buenos_Aires and
// America/Argentina/Buenos_Aires), which only the caller can choose from.
func zoneOfCity(city string) string {
	city = strings.TrimSpace(city)
	if city == "" || strings.Contains(city, "/") || strings.ContainsAny(city, ";:,\".") {
		return ""
	}
	name := titleWords(strings.Join(strings.Fields(city), "_"))
	var found []string
	for _, area := range zoneAreas {
		if _, err := time.LoadLocation(area + "/" + name); err == nil {
			found = append(found, area+"/"+name)
		}
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}
