package kinds

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// AppStore links to an app's page in Apple's App Store or on Google Play.
//
// A QR code holds one link, and the stores have different ones. A single
// code that sends iPhones to the App Store and Android phones to Google
// Play needs a server that looks at the browser (a redirect), and qrforge
// stores nothing and runs none. So with both apps given, platform says
// which link the code carries; for one code for both, point the url kind
// at a redirect you host.
type AppStore struct {
	IOS      string `json:"ios" jsonschema_description:"The iOS app: its App Store link (https://apps.apple.com/us/app/facebook/id284882215) or its Apple ID number (284882215, also id284882215). Written as https://apps.apple.com/app/id<number>, which opens in the scanner's own storefront." identity:"true" title:"iOS app"`
	Android  string `json:"android" jsonschema_description:"The Android app: its application ID (com.example.myapp) or its Google Play link (https://play.google.com/store/apps/details?id=com.example.myapp). Written as https://play.google.com/store/apps/details?id=<application ID>." identity:"true" title:"Android app"`
	Platform string `json:"platform" meant:"iphone=ios,ipad=ios,apple=ios,appstore=ios,app-store=ios,google=android,play=android,googleplay=android,google-play=android" validate:"omitempty,oneofci=ios android" jsonschema:"enum=ios,enum=android" jsonschema_description:"Which store the code opens when both ios and android are given: ios or android. A QR code carries one link; one code for both stores needs a redirect on your own server (use the url kind for it)." title:"Store when both are given"`
}

var (
	// androidAppID is the application ID rule of Android's "Configure
	// the app module": at least two segments, each starting with a
	// letter, of [a-zA-Z0-9_].
	androidAppID = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$`)
	// appleAppID is an App Store Apple ID, the int64 appAppleId of
	// Apple's App Store Server API, with the optional "id" of store
	// links.
	appleAppID = regexp.MustCompile(`^(?:id)?([0-9]{1,19})$`)
	// appleStorePath reads the id<number> of an App Store link to an app
	// (/us/app/<name>/id284882215, /app/id284882215). A developer's page,
	// a bundle or a story has an id<number> too (/us/developer/<name>/id…,
	// /app-bundle/…, /story/id…), of something that is not an app.
	appleStorePath = regexp.MustCompile(`^(?:/[A-Za-z]{2}(?:-[A-Za-z]{2,4})?)?/app/(?:[^/]+/)?id([0-9]{1,19})/?$`)
)

func init() {
	registry.Register(registry.Kind[AppStore]{
		Name:       "appstore",
		Title:      "App download",
		AlsoCalled: []string{"app", "app-store", "play-store", "googleplay", "google-play", "playstore"},
		Purpose:    registry.Apps,
		Common:     true,
		Summary:    "Open an app's page in the App Store or on Google Play (one store per code; platform chooses when both apps are given)",
		Standard: registry.Standard{
			Name:    "App Store and Google Play product links",
			Section: "apps.apple.com/app/id<Apple ID>; play.google.com/store/apps/details?id=<application ID> (Android: Configure the app module, application ID rules)",
			URL:     "https://developer.android.com/build/configure-app-module#set-application-id",
		},
		Examples: []AppStore{
			{IOS: "284882215"},
			{Android: "com.google.android.apps.maps"},
			{IOS: "https://apps.apple.com/us/app/google-maps/id585027354", Android: "com.google.android.apps.maps", Platform: "android"},
		},
		Check:        checkAppStore,
		Encode:       encodeAppStore,
		ParseNotKept: parseAppStore,
	})
}

func checkAppStore(a *AppStore) []registry.FieldError {
	var errs []registry.FieldError
	a.Platform = strings.ToLower(a.Platform)
	a.IOS, a.Android = strings.TrimSpace(a.IOS), strings.TrimSpace(a.Android)
	switch {
	case a.IOS == "" && a.Android == "":
		errs = append(errs, registry.FieldError{Field: "ios", Detail: "ios or android is required: the code opens one app's store page", Fix: ""})
	case a.IOS != "" && a.Android != "" && a.Platform == "":
		// No fix: which store's readers the code is for only the caller
		// knows.
		errs = append(errs, registry.FieldError{Field: "platform", Detail: "platform is required when both ios and android are given: give platform=ios for the App Store link or platform=android for the Google Play one. A QR code carries one link, and one code for both stores needs a redirect server, which qrforge does not run (use the url kind with your own redirect)", Fix: ""})
	case a.Platform == "ios" && a.IOS == "":
		errs = append(errs, registry.FieldError{Field: "ios", Detail: "platform=ios needs ios, the App Store link or Apple ID", Fix: ""})
	case a.Platform == "android" && a.Android == "":
		errs = append(errs, registry.FieldError{Field: "android", Detail: "platform=android needs android, the application ID", Fix: ""})
	}
	if a.IOS != "" {
		if id, ok := appleAppIDOf(a.IOS); ok {
			a.IOS = id
		} else {
			errs = append(errs, registry.FieldError{Field: "ios", Detail: "ios is an App Store link to an app (https://apps.apple.com/<country>/app/<name>/id<number>; not a developer's page, a bundle or a story) or the app's Apple ID, a number of up to 19 digits (App Store Server API appAppleId, int64)", Fix: ""})
		}
	}
	if a.Android != "" {
		if id, ok := androidAppIDOf(a.Android); ok {
			a.Android = id
		} else {
			errs = append(errs, registry.FieldError{Field: "android", Detail: "android is a Google Play link or an application ID: at least two segments separated by dots, each starting with a letter, with only letters, digits and '_' (Android developers, Configure the app module: Set the application ID)", Fix: ""})
		}
	}
	return errs
}

// appleAppIDOf reads an Apple ID from a number, id<number> or an App Store
// link on apps.apple.com or itunes.apple.com.
func appleAppIDOf(s string) (string, bool) {
	if m := appleAppID.FindStringSubmatch(s); m != nil {
		return m[1], true
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host != "apps.apple.com" && u.Host != "itunes.apple.com" {
		return "", false
	}
	if m := appleStorePath.FindStringSubmatch(u.Path); m != nil {
		return m[1], true
	}
	return "", false
}

// androidAppIDOf reads an application ID, or takes it from the id= of a
// Google Play link or a market://details link.
func androidAppIDOf(s string) (string, bool) {
	if androidAppID.MatchString(s) {
		return s, true
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	play := (u.Scheme == "https" || u.Scheme == "http") && u.Host == "play.google.com" && u.Path == "/store/apps/details"
	market := u.Scheme == "market" && u.Host == "details"
	id := u.Query().Get("id")
	return id, (play || market) && androidAppID.MatchString(id)
}

func encodeAppStore(a AppStore) string {
	if a.Platform == "android" || a.IOS == "" {
		return "https://play.google.com/store/apps/details?id=" + a.Android
	}
	return "https://apps.apple.com/app/id" + a.IOS
}

// parseAppStore reads App Store and Google Play links, with or without a
// country, app name or parameters such as hl=, which the fields do not
// carry: they are named, as written (docs/decode.md, "Naming the
// payload"). Of Play's id= the first is read, as url.Values.Get does.
func parseAppStore(p string) (AppStore, []string, bool) {
	u, err := url.Parse(p)
	if err != nil {
		return AppStore{}, nil, false
	}
	var left []string
	switch {
	case strings.HasPrefix(p, "https://apps.apple.com/"), strings.HasPrefix(p, "https://itunes.apple.com/"):
		id, ok := appleAppIDOf(p)
		for _, seg := range strings.Split(u.EscapedPath(), "/") {
			if seg != "" && seg != "app" && seg != "id"+id {
				left = append(left, seg)
			}
		}
		left = append(left, queryParts(u.RawQuery, "")...)
		return AppStore{IOS: id}, left, ok
	case strings.HasPrefix(p, "https://play.google.com/store/apps/details?"):
		id, ok := androidAppIDOf(p)
		return AppStore{Android: id}, queryParts(u.RawQuery, "id"), ok
	}
	return AppStore{}, nil, false
}

// queryParts are the pairs of a query, as written, but the first named
// keep (none when keep is empty).
func queryParts(query, keep string) []string {
	var out []string
	for _, part := range strings.Split(query, "&") {
		name, _, _ := strings.Cut(part, "=")
		if n, err := url.QueryUnescape(name); err == nil && keep != "" && n == keep {
			keep = ""
			continue
		}
		if part != "" {
			out = append(out, part)
		}
	}
	return out
}
