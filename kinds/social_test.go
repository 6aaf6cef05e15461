package kinds_test

import (
	"strings"
	"testing"
)

func TestSocial(t *testing.T) {
	runVectors(t, "social", []vector{
		{"instagram", "Instagram profile link https://www.instagram.com/<username>/",
			map[string]string{"network": "instagram", "handle": "nasa"},
			"https://www.instagram.com/nasa/"},
		{"instagram from a pasted link", "Instagram profile link, handle taken from it",
			map[string]string{"network": "Instagram", "handle": "https://www.instagram.com/natgeo/"},
			"https://www.instagram.com/natgeo/"},
		{"x", "X profile link https://x.com/<username>",
			map[string]string{"network": "x", "handle": "@NASA"},
			"https://x.com/NASA"},
		{"facebook short legacy name", "Facebook profile link; zuck predates the 5-character minimum",
			map[string]string{"network": "facebook", "handle": "zuck"},
			"https://www.facebook.com/zuck"},
		{"linkedin", "LinkedIn public profile URL https://www.linkedin.com/in/<name>",
			map[string]string{"network": "linkedin", "handle": "williamhgates"},
			"https://www.linkedin.com/in/williamhgates"},
		{"youtube", "YouTube handle URL https://www.youtube.com/@<handle>",
			map[string]string{"network": "youtube", "handle": "@NASA"},
			"https://www.youtube.com/@NASA"},
		// YouTube handles may use letters of other scripts; the path
		// carries them percent-encoded as UTF-8 (RFC 3987 §3.1).
		{"youtube non-latin handle", "YouTube handle guidelines (75 languages); RFC 3986 §2.1 percent-encoding",
			map[string]string{"network": "youtube", "handle": "ютуб"},
			"https://www.youtube.com/@%D1%8E%D1%82%D1%83%D0%B1"},
		{"tiktok", "TikTok profile link https://www.tiktok.com/@<username>",
			map[string]string{"network": "tiktok", "handle": "scout2015"},
			"https://www.tiktok.com/@scout2015"},
		{"github", "GitHub profile link https://github.com/<username>",
			map[string]string{"network": "github", "handle": "octocat"},
			"https://github.com/octocat"},
		{"mastodon", "Mastodon profile link https://<server>/@<username> for @user@server",
			map[string]string{"network": "mastodon", "handle": "@Gargron@mastodon.social"},
			"https://mastodon.social/@Gargron"},
		{"mastodon from a link, IDN server", "Mastodon profile link; server name in punycode (IDNA)",
			map[string]string{"network": "mastodon", "handle": "https://bücher.social/@lesen"},
			"https://xn--bcher-kva.social/@lesen"},
		{"threads", "Threads profile link https://www.threads.com/@<username>",
			map[string]string{"network": "threads", "handle": "zuck"},
			"https://www.threads.com/@zuck"},
		{"bluesky", "Bluesky profile link https://bsky.app/profile/<handle>; AT Protocol handles are case-insensitive",
			map[string]string{"network": "bluesky", "handle": "@Alice.BSKY.social"},
			"https://bsky.app/profile/alice.bsky.social"},
	})
	runBad(t, "social", []bad{
		{"missing network", map[string]string{"handle": "nasa"}, "network"},
		{"unknown network", map[string]string{"network": "myspace", "handle": "tom"}, "network"},
		{"missing handle", map[string]string{"network": "x"}, "handle"},
		{"instagram over 30", map[string]string{"network": "instagram", "handle": "abcdefghijklmnopqrstuvwxyz12345"}, "handle"},
		{"x with a dot", map[string]string{"network": "x", "handle": "nasa.gov"}, "handle"},
		{"x over 15", map[string]string{"network": "x", "handle": "abcdefghijklmnop"}, "handle"},
		{"facebook with underscore", map[string]string{"network": "facebook", "handle": "my_page"}, "handle"},
		{"linkedin with a space", map[string]string{"network": "linkedin", "handle": "bill gates"}, "handle"},
		{"youtube too short", map[string]string{"network": "youtube", "handle": "ab"}, "handle"},
		{"tiktok with a dash", map[string]string{"network": "tiktok", "handle": "scout-2015"}, "handle"},
		{"github leading hyphen", map[string]string{"network": "github", "handle": "-octocat"}, "handle"},
		{"mastodon without server", map[string]string{"network": "mastodon", "handle": "Gargron"}, "handle"},
		{"mastodon bad user", map[string]string{"network": "mastodon", "handle": "gar.@mastodon.social"}, "handle"},
		{"mastodon bad server", map[string]string{"network": "mastodon", "handle": "Gargron@localhost"}, "handle"},
		{"bluesky without domain", map[string]string{"network": "bluesky", "handle": "alice"}, "handle"},
		{"bluesky numeric tld", map[string]string{"network": "bluesky", "handle": "alice.123"}, "handle"},
		{"link of another network", map[string]string{"network": "x", "handle": "https://www.instagram.com/nasa/"}, "handle"},
	})
	recogniseVectors(t, "social", []recognised{
		{"twitter.com", "X profile links were twitter.com/<username>", "https://twitter.com/NASA",
			map[string]string{"network": "x", "handle": "NASA"}, "https://x.com/NASA"},
		{"threads.net", "Threads moved its web links from threads.net to threads.com", "https://www.threads.net/@zuck",
			map[string]string{"network": "threads", "handle": "zuck"}, "https://www.threads.com/@zuck"},
		{"linkedin trailing slash", "LinkedIn shares profile links with a trailing slash", "https://www.linkedin.com/in/williamhgates/",
			map[string]string{"network": "linkedin", "handle": "williamhgates"}, "https://www.linkedin.com/in/williamhgates"},
	})
	notRecognised(t, "social", []string{
		"https://mastodon.social/@Gargron", // left to the url kind: same shape as medium.com/@user
		"https://www.instagram.com/p/Cxyz123/",
		"https://github.com/golang/go",
		"https://www.youtube.com/watch?v=dQw4w9WgXcQ",
		"https://x.com/",
	})
}

// TestSocialFix checks that a handle with a character its network does
// not allow is refused without a fix: nasa.gov and nasagov are two
// accounts, and the code would open the other one.
func TestSocialFix(t *testing.T) {
	_, errs := lookup(t, "social").Build(map[string]string{"network": "x", "handle": "nasa.gov"})
	if len(errs) != 1 || errs[0].Field != "handle" || errs[0].Fix != "" {
		t.Fatalf("errors %+v, want handle refused without a fix", errs)
	}
}

// A profile link is read with its query and fragment left out, over http
// or https, with or without www., m. or mobile.: each of these was once
// refused as a handle with the link's characters stripped.
func TestSocialProfileLinks(t *testing.T) {
	runVectors(t, "social", []vector{
		{"instagram share link", "Instagram profile link; RFC 3986 §3.4: the query (igsh) is no part of the path",
			map[string]string{"network": "instagram", "handle": "https://www.instagram.com/nasa?igsh=MWQ1"},
			"https://www.instagram.com/nasa/"},
		{"x share link", "X profile link; RFC 3986 §3.4",
			map[string]string{"network": "x", "handle": "https://x.com/NASA?s=21"},
			"https://x.com/NASA"},
		{"tiktok link with a language", "TikTok profile link; RFC 3986 §3.4",
			map[string]string{"network": "tiktok", "handle": "https://www.tiktok.com/@nasa?lang=en"},
			"https://www.tiktok.com/@nasa"},
		{"http, no www., a fragment", "RFC 3986 §3.5: the fragment is no part of the path",
			map[string]string{"network": "instagram", "handle": "http://instagram.com/nasa/#top"},
			"https://www.instagram.com/nasa/"},
		{"mobile site", "Facebook's mobile site m.facebook.com",
			map[string]string{"network": "facebook", "handle": "https://m.facebook.com/zuck"},
			"https://www.facebook.com/zuck"},
		{"twitter mobile link", "X profile links were (mobile.)twitter.com/<username>",
			map[string]string{"network": "x", "handle": "https://mobile.twitter.com/NASA"},
			"https://x.com/NASA"},
		{"link without a scheme", "YouTube handle URL without https://",
			map[string]string{"network": "youtube", "handle": "youtube.com/@NASA?si=abc"},
			"https://www.youtube.com/@NASA"},
		{"mastodon link with a query", "Mastodon profile link; RFC 3986 §3.4",
			map[string]string{"network": "mastodon", "handle": "https://mastodon.social/@Gargron?lang=en"},
			"https://mastodon.social/@Gargron"},
		{"bluesky link with a query", "Bluesky profile link; RFC 3986 §3.4",
			map[string]string{"network": "bluesky", "handle": "https://bsky.app/profile/alice.bsky.social?ref=qr"},
			"https://bsky.app/profile/alice.bsky.social"},
	})
	k := lookup(t, "social")
	for _, c := range []struct {
		network, handle, fix, says string
	}{
		{"youtube", "https://www.youtube.com/@NASA/videos", "NASA", "https://www.youtube.com/@<handle>"},
		{"tiktok", "https://www.tiktok.com/@nasa/video/7300000000000000000?lang=en", "nasa", "https://www.tiktok.com/@<handle>"},
		{"linkedin", "https://www.linkedin.com/in/williamhgates/recent-activity/", "williamhgates", "https://www.linkedin.com/in/<handle>"},
		{"instagram", "https://www.instagram.com/p/Cxyz123/", "", "not a profile link"},
		{"x", "https://x.com/NASA/status/1234567890", "", "https://x.com/<handle>"},
		{"facebook", "https://www.facebook.com/profile.php?id=100000000000000", "", "not a profile link"},
		{"youtube", "https://www.youtube.com/channel/UCLA_DiR1FfKNvjuUpBHmylQ", "", "https://www.youtube.com/@<handle>"},
		{"youtube", "https://www.youtube.com/@N/videos", "", "not a profile link"},
		{"x", "https://www.instagram.com/nasa/", "", "not to x"},
		{"instagram", "https://www.instagram.com/nasa!?igsh=MWQ1", "", "Instagram username rules"},
	} {
		_, errs := k.Build(map[string]string{"network": c.network, "handle": c.handle})
		if len(errs) != 1 || errs[0].Field != "handle" || errs[0].Fix != c.fix || !strings.Contains(errs[0].Detail, c.says) {
			t.Errorf("%s %s: errors %+v, want one on handle saying %q with fix %q", c.network, c.handle, errs, c.says, c.fix)
			continue
		}
		if c.fix != "" {
			if _, errs := k.Build(map[string]string{"network": c.network, "handle": c.fix}); len(errs) > 0 {
				t.Errorf("%s %s: the fix %q is refused: %v", c.network, c.handle, c.fix, errs)
			}
		}
	}
}

// A profile link given without a network is refused with a fix that sets
// the network its host names, the link kept as the handle; a Mastodon
// server's host names no network, and a network given is not replaced.
func TestSocialLinkGivesItsNetwork(t *testing.T) {
	social := lookup(t, "social")
	for link, want := range map[string]string{
		"https://www.instagram.com/nasa/":   "instagram",
		"twitter.com/NASA":                  "x",
		"https://bsky.app/profile/bsky.app": "bluesky",
		"https://mastodon.social/@Gargron":  "",
		"nasa":                              "",
	} {
		_, errs := social.Build(map[string]string{"handle": link})
		got := ""
		for _, e := range errs {
			if e.Field == "handle" && e.Fix == link {
				got = e.With["network"]
			}
		}
		if got != want {
			t.Errorf("%s: %+v, want the fix to set network %q", link, errs, want)
		}
	}
	if _, errs := social.Build(map[string]string{"handle": "https://x.com/NASA", "network": "instagram"}); len(errs) != 1 || errs[0].With != nil {
		t.Errorf("a link to another network: %+v", errs)
	}
}
