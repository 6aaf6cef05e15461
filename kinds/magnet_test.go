package kinds_test

import "testing"

const (
	// The BEP 52 hybrid and v2 test torrents' magnet links, as
	// anacrolix/torrent (metainfo magnet-v2 tests) and webtorrent
	// parse-torrent test them.
	hybridMagnet = "magnet:?xt=urn:btih:631a31dd0a46257d5078c0dee4e66e26f73e42ac&xt=urn:btmh:1220d8dd32ac93357c368556af3ac1d95c9d76bd0dff6fa9833ecdac3d53134efabb&dn=bittorrent-v1-v2-hybrid-test"
	v2Magnet     = "magnet:?xt=urn:btmh:1220caf1e1c30e81cb361b9ee167c4aa64228a7fa4fa9f6105232b28ad099f3a302e&dn=bittorrent-v2-test"
	// webtorrent magnet-uri's README and tests: "Leaves of Grass".
	leavesMagnet = "magnet:?xt=urn:btih:d2474e86c95b19b8bcfdb92bc12c9d44667cfa36&dn=Leaves+of+Grass+by+Walt+Whitman.epub&tr=udp%3A%2F%2Ftracker.example4.com%3A80&tr=udp%3A%2F%2Ftracker.example5.com%3A80&tr=udp%3A%2F%2Ftracker.example3.com%3A6969&tr=udp%3A%2F%2Ftracker.example2.com%3A80&tr=udp%3A%2F%2Ftracker.example1.com%3A1337"
)

func TestMagnet(t *testing.T) {
	const bep52 = "BEP 52 hybrid test torrent (anacrolix/torrent, webtorrent parse-torrent tests)"
	runVectors(t, "magnet", []vector{
		{"hybrid", bep52,
			map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ac", "btmh": "1220d8dd32ac93357c368556af3ac1d95c9d76bd0dff6fa9833ecdac3d53134efabb", "name": "bittorrent-v1-v2-hybrid-test"},
			hybridMagnet},
		{"v2 only, hash without multihash prefix", "BEP 52 v2 test torrent; BEP 52 §Magnet Links: 1220 is SHA-256's multihash prefix",
			map[string]string{"btmh": "CAF1E1C30E81CB361B9EE167C4AA64228A7FA4FA9F6105232B28AD099F3A302E", "name": "bittorrent-v2-test"},
			v2Magnet},
		{"base32 info-hash written as hex", "webtorrent magnet-uri test: 64DZYZWMUAVLIWJUXGDIK4QGAAIN7SL6 is f7079c66cca02ab45934b9868572060010dfc97e (BEP 9: base32 for compatibility)",
			map[string]string{"btih": "64DZYZWMUAVLIWJUXGDIK4QGAAIN7SL6"},
			"magnet:?xt=urn:btih:f7079c66cca02ab45934b9868572060010dfc97e"},
		{"uppercase hex", "webtorrent magnet-uri test: aad050ee1bb22e196939547b134535824dabf0ce",
			map[string]string{"btih": "AAD050EE1BB22E196939547B134535824DABF0CE"},
			"magnet:?xt=urn:btih:aad050ee1bb22e196939547b134535824dabf0ce"},
		{"name, size and trackers", "BEP 9 §Magnet URI format (dn, tr URL-encoded) with xl",
			map[string]string{"btih": "d2474e86c95b19b8bcfdb92bc12c9d44667cfa36", "name": "Leaves of Grass by Walt Whitman.epub", "length": "362017", "trackers": "udp://tracker.example4.com:80\nudp://tracker.example5.com:80"},
			"magnet:?xt=urn:btih:d2474e86c95b19b8bcfdb92bc12c9d44667cfa36&dn=Leaves%20of%20Grass%20by%20Walt%20Whitman.epub&xl=362017&tr=udp%3A%2F%2Ftracker.example4.com%3A80&tr=udp%3A%2F%2Ftracker.example5.com%3A80"},
	})
	recogniseVectors(t, "magnet", []recognised{
		{"hybrid", bep52, hybridMagnet,
			map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ac", "btmh": "1220d8dd32ac93357c368556af3ac1d95c9d76bd0dff6fa9833ecdac3d53134efabb", "name": "bittorrent-v1-v2-hybrid-test"},
			hybridMagnet},
		{"leaves of grass", "webtorrent magnet-uri tests ('+' read as a space, as its decoder does)", leavesMagnet,
			map[string]string{"btih": "d2474e86c95b19b8bcfdb92bc12c9d44667cfa36", "name": "Leaves of Grass by Walt Whitman.epub",
				"trackers": "udp://tracker.example4.com:80 udp://tracker.example5.com:80 udp://tracker.example3.com:6969 udp://tracker.example2.com:80 udp://tracker.example1.com:1337"},
			"magnet:?xt=urn:btih:d2474e86c95b19b8bcfdb92bc12c9d44667cfa36&dn=Leaves%20of%20Grass%20by%20Walt%20Whitman.epub&tr=udp%3A%2F%2Ftracker.example4.com%3A80&tr=udp%3A%2F%2Ftracker.example5.com%3A80&tr=udp%3A%2F%2Ftracker.example3.com%3A6969&tr=udp%3A%2F%2Ftracker.example2.com%3A80&tr=udp%3A%2F%2Ftracker.example1.com%3A1337"},
	})
	notRecognised(t, "magnet", []string{
		"magnet:?dn=no-hash",
		"magnet:?xt=urn:sha1:YNCKHTQCWBTRNJIV4WNAE52SJUQCZO5C",
		"https://example.com/?xt=urn:btih:631a31dd0a46257d5078c0dee4e66e26f73e42ac",
	})
	runBad(t, "magnet", []bad{
		{"no hash", map[string]string{"name": "x"}, "btih"},
		{"btih 39 hex digits", map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42a"}, "btih"},
		{"btih not hex", map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ag"}, "btih"},
		{"btih base32 with 1", map[string]string{"btih": "64DZYZWMUAVLIWJUXGDIK4QGAAIN7SL1"}, "btih"},
		// anacrolix/torrent: "a multihash prefix other than 1220 is an error".
		{"btmh other multihash", map[string]string{"btmh": "1120caf1e1c30e81cb361b9ee167c4aa64228a7fa4fa9f6105232b28ad099f3a302e"}, "btmh"},
		{"btmh sha-1 length", map[string]string{"btmh": "631a31dd0a46257d5078c0dee4e66e26f73e42ac"}, "btmh"},
		{"length negative", map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ac", "length": "-1"}, "length"},
		{"length with unit", map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ac", "length": "3 MB"}, "length"},
		{"tracker without scheme", map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ac", "trackers": "tracker.example.com:80"}, "trackers"},
		{"tracker ftp", map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ac", "trackers": "ftp://tracker.example.com/"}, "trackers"},
		{"name not UTF-8", map[string]string{"btih": "631a31dd0a46257d5078c0dee4e66e26f73e42ac", "name": "\xff"}, "name"},
	})
}

// Trackers given as a list with commas, udp://a:80,wss://b, are two
// announce URLs, each its own tr= (BEP 9 §Magnet URI format): they were
// written as one tr= holding both, a tracker no client can reach. A port
// that is not a number is refused.
func TestMagnetTrackersWithCommas(t *testing.T) {
	k := lookup(t, "magnet")
	const btih = "dd8255ecdc7ca55fb0bbf81323d87062db1f6d1c"
	payload, errs := k.Build(map[string]string{"btih": btih, "trackers": "udp://tracker.example.org:1337/announce, wss://tracker.example.com,https://t.example.net/announce?a=1,2"})
	want := "magnet:?xt=urn:btih:" + btih + "&tr=udp%3A%2F%2Ftracker.example.org%3A1337%2Fannounce&tr=wss%3A%2F%2Ftracker.example.com&tr=https%3A%2F%2Ft.example.net%2Fannounce%3Fa%3D1%2C2"
	if len(errs) > 0 || payload != want {
		t.Errorf("got %q %v\nwant %q", payload, errs, want)
	}
	if payload, errs := k.Build(map[string]string{"btih": btih, "trackers": "udp://a.example:80x"}); len(errs) == 0 {
		t.Errorf("a port that is no number accepted: %q", payload)
	}
}
