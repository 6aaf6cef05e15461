package kinds_test

import (
	"strings"
	"testing"
)

func TestAppStore(t *testing.T) {
	runVectors(t, "appstore", []vector{
		{"apple id", "App Store product link https://apps.apple.com/app/id<Apple ID> (Facebook, 284882215)",
			map[string]string{"ios": "284882215"},
			"https://apps.apple.com/app/id284882215"},
		{"apple id with id prefix", "App Store links write the Apple ID as id<number>",
			map[string]string{"ios": "id585027354"},
			"https://apps.apple.com/app/id585027354"},
		// Google's Maps URLs page links the iOS app as
		// https://itunes.apple.com/app/id585027354.
		{"store link with country and name", "App Store link; Google Maps URLs get-started page links https://itunes.apple.com/app/id585027354",
			map[string]string{"ios": "https://apps.apple.com/us/app/google-maps/id585027354?mt=8"},
			"https://apps.apple.com/app/id585027354"},
		{"store link without country", "App Store link https://apps.apple.com/app/<name>/id<Apple ID>",
			map[string]string{"ios": "https://itunes.apple.com/app/facebook/id284882215/"},
			"https://apps.apple.com/app/id284882215"},
		{"application id", "Google Play link https://play.google.com/store/apps/details?id=com.google.android.apps.maps (Google Maps URLs get-started page)",
			map[string]string{"android": "com.google.android.apps.maps"},
			"https://play.google.com/store/apps/details?id=com.google.android.apps.maps"},
		{"play link with language", "Google Play details link; hl= is left out",
			map[string]string{"android": "https://play.google.com/store/apps/details?id=com.example.my_app&hl=de"},
			"https://play.google.com/store/apps/details?id=com.example.my_app"},
		{"market link", "Android market://details?id= link",
			map[string]string{"android": "market://details?id=org.wikipedia"},
			"https://play.google.com/store/apps/details?id=org.wikipedia"},
		{"both, platform ios", "one link per code: platform picks the store",
			map[string]string{"ios": "284882215", "android": "com.facebook.katana", "platform": "IOS"},
			"https://apps.apple.com/app/id284882215"},
		{"both, platform android", "one link per code: platform picks the store",
			map[string]string{"ios": "284882215", "android": "com.facebook.katana", "platform": "android"},
			"https://play.google.com/store/apps/details?id=com.facebook.katana"},
	})
	runBad(t, "appstore", []bad{
		{"no app", map[string]string{"platform": "ios"}, "ios"},
		{"both without platform", map[string]string{"ios": "284882215", "android": "com.facebook.katana"}, "platform"},
		{"platform without its app", map[string]string{"ios": "284882215", "platform": "android"}, "android"},
		{"unknown platform", map[string]string{"ios": "284882215", "platform": "windows"}, "platform"},
		{"apple id with letters", map[string]string{"ios": "id28488221x"}, "ios"},
		{"link to another site", map[string]string{"ios": "https://example.com/app/id284882215"}, "ios"},
		// A developer's page, a bundle and a story carry an id<number>
		// too, of something that is not an app.
		{"developer page", map[string]string{"ios": "https://apps.apple.com/us/developer/google-llc/id281956209"}, "ios"},
		{"app bundle", map[string]string{"ios": "https://apps.apple.com/us/app-bundle/some-bundle/id1487516271"}, "ios"},
		{"story", map[string]string{"ios": "https://apps.apple.com/us/story/id1538632801"}, "ios"},
		// Android: "It must have at least two segments ... Each segment
		// must start with a letter ... [a-zA-Z0-9_]".
		{"one segment", map[string]string{"android": "myapp"}, "android"},
		{"segment starting with a digit", map[string]string{"android": "com.example.2ndEdition"}, "android"},
		{"symbol in application id", map[string]string{"android": "com.thunk@ble.l!ve"}, "android"},
		{"play link without id", map[string]string{"android": "https://play.google.com/store/apps/details?hl=en"}, "android"},
	})
	recogniseVectors(t, "appstore", []recognised{
		{"storefront link", "App Store link as shared from the store", "https://apps.apple.com/us/app/google-maps/id585027354",
			map[string]string{"ios": "585027354"}, "https://apps.apple.com/app/id585027354"},
		{"play link", "Google Play link as shared from the store", "https://play.google.com/store/apps/details?id=com.google.android.apps.maps&hl=en_US",
			map[string]string{"android": "com.google.android.apps.maps"}, "https://play.google.com/store/apps/details?id=com.google.android.apps.maps"},
	})
	notRecognised(t, "appstore", []string{"https://apps.apple.com/us/story/id1538632801x", "https://play.google.com/store/apps/dev?id=5700313618786177705", "https://example.com/app/id284882215"})
}

// With both apps and no platform, the store is the caller's choice: it was
// once made for them (platform=ios). The detail names both choices.
func TestAppStoreBothWithoutPlatformHasNoFix(t *testing.T) {
	_, errs := lookup(t, "appstore").Build(map[string]string{"ios": "284882215", "android": "com.example.app"})
	if len(errs) != 1 || errs[0].Field != "platform" || errs[0].Fix != "" ||
		!strings.Contains(errs[0].Detail, "platform=ios") || !strings.Contains(errs[0].Detail, "platform=android") {
		t.Errorf("errors %+v: want one on platform naming platform=ios and platform=android, without a fix", errs)
	}
}
