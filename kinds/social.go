package kinds

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
)

// Social opens a profile on a social network: the network's own https
// profile link, which opens the app when it is installed.
type Social struct {
	Network string `json:"network" meant:"twitter=x,ig=instagram,insta=instagram,fb=facebook,yt=youtube,gh=github,bsky=bluesky" validate:"required,oneofci=instagram x facebook linkedin youtube tiktok github mastodon threads bluesky" jsonschema:"enum=instagram,enum=x,enum=facebook,enum=linkedin,enum=youtube,enum=tiktok,enum=github,enum=mastodon,enum=threads,enum=bluesky" jsonschema_description:"The network: instagram, x, facebook, linkedin, youtube, tiktok, github, mastodon, threads or bluesky." title:"Network"`
	Handle  string `json:"handle" validate:"required,max=300" jsonschema_description:"The profile's handle, with or without '@' (nasa), or its profile link (https://www.instagram.com/nasa/): http or https, with or without www. or m., its query and fragment (?igsh=..., ?s=21) left out, as they carry sharing settings, not the account. mastodon takes user@server (Gargron@mastodon.social); bluesky takes the domain handle (alice.bsky.social); linkedin the public profile name after /in/." identity:"true" title:"Handle or profile link"`
}

// socialNetwork is one network's handle rule and profile link. Where the
// network documents its rule the check follows it; where it does not, the
// rule is the character set and length in common use, kept lenient, since
// refusing a real handle is worse than letting an odd one through.
type socialNetwork struct {
	rule   string                        // what a handle is, for messages
	valid  func(string) bool             // the handle rule
	prefix string                        // the link before the handle
	suffix string                        // the link after it
	norm   func(string) (string, string) // optional: normalises, or says what is wrong
	hosts  []string                      // the hosts of its links, without www. or m.
	path   string                        // a profile link's path before the handle
}

// socialChars builds a handle check: runes for which ok is true, from min
// to max runes long.
func socialChars(min, max int, ok func(rune) bool) func(string) bool {
	return func(h string) bool {
		n := utf8.RuneCountInString(h)
		return n >= min && n <= max && strings.IndexFunc(h, func(r rune) bool { return !ok(r) }) < 0
	}
}

func isASCIIAlnumRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

func asciiAlnumOr(extra string) func(rune) bool {
	return func(r rune) bool { return isASCIIAlnumRune(r) || strings.ContainsRune(extra, r) }
}

func letterDigitOr(extra string) func(rune) bool {
	return func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(extra, r) }
}

var (
	// mastodonUser is Mastodon's Account::USERNAME_RE.
	mastodonUser = regexp.MustCompile(`^[a-zA-Z0-9_]+([.-]+[a-zA-Z0-9_]+)*$`)
	// githubUser: letters, digits and hyphens, not starting with a
	// hyphen, at most 39 (GitHub's sign-up rule; old accounts may have
	// doubled or trailing hyphens, so those pass).
	githubUser = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{0,38}$`)
	// atprotoHandle is the AT Protocol handle syntax (atproto.com specs,
	// Handle): a domain name of two or more labels whose last does not
	// start with a digit.
	atprotoHandle = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$`)

	instagramOK = asciiAlnumOr("._")
	socialNets  = map[string]socialNetwork{
		// Instagram Help: letters, numbers, periods and underscores, at
		// most 30 characters.
		"instagram": {rule: "1 to 30 letters, digits, '.' and '_' (Instagram username rules)", valid: socialChars(1, 30, instagramOK), prefix: "https://www.instagram.com/", suffix: "/", hosts: []string{"instagram.com"}},
		// Threads uses the Instagram username.
		"threads": {rule: "the Instagram username: 1 to 30 letters, digits, '.' and '_'", valid: socialChars(1, 30, instagramOK), prefix: "https://www.threads.com/@", hosts: []string{"threads.com", "threads.net"}, path: "@"},
		// X Help: at most 15 characters, letters, digits and '_'. New
		// names need 4 or more, but older ones are shorter.
		"x": {rule: "1 to 15 letters, digits and '_' (X username rules)", valid: socialChars(1, 15, asciiAlnumOr("_")), prefix: "https://x.com/", hosts: []string{"x.com", "twitter.com"}},
		// Facebook Help: letters, digits and '.'. Its 5-character minimum
		// is not enforced: early names such as zuck are shorter.
		"facebook": {rule: "letters, digits and '.', at most 50 (Facebook username rules)", valid: socialChars(1, 50, asciiAlnumOr(".")), prefix: "https://www.facebook.com/", hosts: []string{"facebook.com"}},
		// LinkedIn Help: a custom public profile URL has 3 to 100
		// characters without spaces, symbols or special characters;
		// hyphens and letters of other scripts appear in real ones.
		"linkedin": {rule: "3 to 100 letters, digits and '-' (LinkedIn public profile URL rules)", valid: socialChars(3, 100, letterDigitOr("-")), prefix: "https://www.linkedin.com/in/", hosts: []string{"linkedin.com"}, path: "in/"},
		// YouTube Help: handles have 3 to 30 characters, letters and
		// digits (of 75 languages' scripts), '_', '-' and '.'.
		"youtube": {rule: "3 to 30 letters, digits, '_', '-' and '.' (YouTube handle guidelines)", valid: socialChars(3, 30, letterDigitOr("_-.")), prefix: "https://www.youtube.com/@", hosts: []string{"youtube.com"}, path: "@"},
		// TikTok: letters, digits, '_' and '.'; its length limit (24 or
		// 30 in different help texts) is unconfirmed, so 30 is taken.
		"tiktok":   {rule: "1 to 30 letters, digits, '_' and '.' (TikTok username rules)", valid: socialChars(1, 30, asciiAlnumOr("._")), prefix: "https://www.tiktok.com/@", hosts: []string{"tiktok.com"}, path: "@"},
		"github":   {rule: "1 to 39 letters, digits and '-', not starting with '-' (GitHub username rules)", valid: githubUser.MatchString, prefix: "https://github.com/", hosts: []string{"github.com"}},
		"bluesky":  {rule: "a domain name such as alice.bsky.social (AT Protocol handle syntax)", valid: atprotoHandle.MatchString, prefix: "https://bsky.app/profile/", norm: normaliseBlueskyHandle, hosts: []string{"bsky.app"}, path: "profile/"},
		"mastodon": {rule: "user@server, such as Gargron@mastodon.social (Mastodon username rules, a domain name)", norm: normaliseMastodonHandle},
	}
)

func init() {
	registry.Register(registry.Kind[Social]{
		Name:       "social",
		Title:      "Social profile",
		AlsoCalled: []string{"instagram", "facebook", "linkedin", "youtube", "tiktok", "github", "mastodon", "threads", "bluesky", "twitter", "profile"},
		Purpose:    registry.LinksAndText,
		Summary:    "Open a social profile (Instagram, X, Facebook, LinkedIn, YouTube, TikTok, GitHub, Mastodon, Threads, Bluesky) by its handle",
		Standard: registry.Standard{
			Name:    "Profile links of the networks",
			Section: "instagram.com/<name>/, x.com/<name>, facebook.com/<name>, linkedin.com/in/<name>, youtube.com/@<handle>, tiktok.com/@<name>, github.com/<user>, <server>/@<user>, threads.com/@<name>, bsky.app/profile/<handle> (AT Protocol handle syntax)",
		},
		Examples: []Social{
			{Network: "instagram", Handle: "nasa"},
			{Network: "x", Handle: "@NASA"},
			{Network: "mastodon", Handle: "@Gargron@mastodon.social"},
			{Network: "bluesky", Handle: "bsky.app"},
			{Network: "youtube", Handle: "@NASA"},
		},
		Check:     checkSocial,
		Encode:    encodeSocial,
		Parse:     parseSocial,
		SplitWord: networkOfLink,
	})
}

// networkOfLink reads the network out of a profile link given as the
// handle without a network: the link's host is one network's (a Mastodon
// server's is not known). The link stays the handle, which checkSocial
// reads out of it once the network is set.
func networkOfLink(word, value string) (map[string]string, bool) {
	if word != "handle" {
		return nil, false
	}
	h := strings.TrimSpace(value)
	for name, net := range socialNets {
		if len(net.hosts) > 0 && isSocialLink(net, h) {
			rest, _ := cutHTTPScheme(h)
			host, _, _ := strings.Cut(rest, "/")
			if slices.Contains(net.hosts, socialHost(host)) {
				return map[string]string{"handle": value, "network": name}, true
			}
		}
	}
	return nil, false
}

func checkSocial(s *Social) []registry.FieldError {
	s.Network = strings.ToLower(s.Network)
	net := socialNets[s.Network]
	h := strings.TrimSpace(s.Handle)
	switch {
	case s.Network == "mastodon":
		if _, link := cutHTTPScheme(h); link {
			h = mastodonHandleOfLink(h)
		}
	case isSocialLink(net, h):
		// A pasted profile link: take the handle out of it.
		handle, fe := socialLinkHandle(s.Network, net, h)
		if fe != nil {
			return []registry.FieldError{*fe}
		}
		h = handle
	}
	h = strings.TrimPrefix(h, "@")
	if net.norm != nil {
		n, problem := net.norm(h)
		if problem != "" {
			return []registry.FieldError{{Field: "handle", Detail: "handle for " + s.Network + " " + problem, Fix: ""}}
		}
		s.Handle = n
		return nil
	}
	if !net.valid(h) {
		// No fix: a handle with a character dropped is another account
		// (nasa.gov and nasagov).
		return []registry.FieldError{{Field: "handle", Detail: "handle for " + s.Network + " is " + net.rule, Fix: ""}}
	}
	s.Handle = h
	return nil
}

// cutHTTPScheme is link without its http:// or https://, in any case, and
// whether it had one.
func cutHTTPScheme(link string) (string, bool) {
	if rest, ok := cutSchemeFold(link, "https://"); ok {
		return rest, true
	}
	return cutSchemeFold(link, "http://")
}

// socialHost is a link's host as a network's hosts list it: lower-cased,
// without the www., m. or mobile. of its web and mobile sites.
func socialHost(host string) string {
	host = strings.ToLower(host)
	for _, sub := range []string{"www.", "m.", "mobile."} {
		if rest, ok := strings.CutPrefix(host, sub); ok {
			return rest
		}
	}
	return host
}

// isSocialLink reports whether h is a link rather than a handle: it has an
// http(s) scheme, or starts with one of the network's hosts and a '/'.
func isSocialLink(net socialNetwork, h string) bool {
	if _, ok := cutHTTPScheme(h); ok {
		return true
	}
	host, _, ok := strings.Cut(h, "/")
	return ok && slices.Contains(net.hosts, socialHost(host))
}

// socialLinkHandle reads the handle out of a link to a profile on the
// network: http or https, its host with or without www., m. or mobile.,
// and its query and fragment left out, as they carry sharing and display
// settings (igsh, s, lang), not the account (RFC 3986 §3.4, §3.5). A link
// that is not a profile link is refused; the fix is the handle only where
// the link plainly starts with it after the network's own mark (@, in/,
// profile/), as youtube.com/@NASA/videos does: the first segment of an
// unmarked path may be a page (instagram.com/p/...), not an account.
func socialLinkHandle(name string, net socialNetwork, link string) (string, *registry.FieldError) {
	rest, _ := cutHTTPScheme(link)
	rest, _, _ = strings.Cut(rest, "#")
	rest, query, _ := strings.Cut(rest, "?")
	host, path, _ := strings.Cut(rest, "/")
	form := net.prefix + "<handle>" + net.suffix
	shown := strconv.Quote(truncateBytes(link, 100))
	if !slices.Contains(net.hosts, socialHost(host)) {
		return "", &registry.FieldError{Field: "handle", Detail: "handle " + shown + " is a link to " + strconv.Quote(truncateBytes(host, 64)) + ", not to " + name + ": give the handle, or its profile link " + form, Fix: ""}
	}
	after, marked := strings.CutPrefix(strings.TrimSuffix(path, "/"), net.path)
	seg, _, more := strings.Cut(after, "/")
	h, decoded := pctDecode(seg)
	// profile.php?id=... names the account in the query, which is left
	// out: the page name profile.php is no handle.
	page := strings.HasSuffix(strings.ToLower(seg), ".php") && query != ""
	if marked && !more && seg != "" && decoded && !page {
		return h, nil
	}
	fe := &registry.FieldError{Field: "handle", Detail: "handle " + shown + " is not a profile link of " + name + ": a profile link is " + form + "; give the handle or that link", Fix: ""}
	if marked && more && net.path != "" && seg != "" && decoded && socialHandleValid(net, strings.TrimPrefix(h, "@")) {
		fe.Detail += " (the fix is the handle the link starts with, " + h + ")"
		fe.Fix, fe.FromLink = h, true
	}
	return "", fe
}

// socialHandleValid reports whether h is a handle of the network.
func socialHandleValid(net socialNetwork, h string) bool {
	if net.norm != nil {
		_, problem := net.norm(h)
		return problem == ""
	}
	return net.valid(h)
}

// normaliseBlueskyHandle lowers the case (handles are case-insensitive)
// and checks the AT Protocol handle syntax: ASCII labels, at most 253
// characters in all.
func normaliseBlueskyHandle(h string) (string, string) {
	h = strings.ToLower(h)
	if len(h) > 253 || !atprotoHandle.MatchString(h) {
		fix := ""
		if !strings.Contains(h, ".") && atprotoHandle.MatchString(h+".bsky.social") {
			fix = " (alice.bsky.social; perhaps " + h + ".bsky.social)"
		}
		return "", "is a domain name such as alice.bsky.social: labels of letters, digits and '-', the last not starting with a digit (AT Protocol, Handle)" + fix
	}
	return h, ""
}

// normaliseMastodonHandle reads user@server and writes the server in
// punycode; a handle without a server cannot be found, since Mastodon
// accounts live on many servers.
func normaliseMastodonHandle(h string) (string, string) {
	user, server, ok := strings.Cut(h, "@")
	if !ok {
		return "", "is user@server (Gargron@mastodon.social): an account's address names its server"
	}
	if !mastodonUser.MatchString(user) || len(user) > 64 {
		return "", "has user name " + user + "; Mastodon user names are letters, digits and '_', with '.' or '-' only between them (Mastodon Account::USERNAME_RE)"
	}
	host, problem := asciiHost(strings.ToLower(server))
	if problem != "" || !strings.Contains(host, ".") || strings.ContainsAny(host, "_~[") {
		return "", "has server " + server + ", which is not a domain name such as mastodon.social"
	}
	return user + "@" + host, ""
}

// mastodonHandleOfLink turns https://server/@user into user@server; the
// link's query and fragment are left out (RFC 3986 §3.4, §3.5).
func mastodonHandleOfLink(link string) string {
	rest, ok := cutHTTPScheme(link)
	if !ok {
		return link
	}
	rest, _, _ = strings.Cut(rest, "#")
	rest, _, _ = strings.Cut(rest, "?")
	server, user, ok := strings.Cut(strings.TrimSuffix(rest, "/"), "/@")
	if !ok || strings.Contains(user, "/") {
		return link
	}
	return user + "@" + server
}

func encodeSocial(s Social) string {
	if s.Network == "mastodon" {
		user, server, _ := strings.Cut(s.Handle, "@")
		return "https://" + server + "/@" + user
	}
	net := socialNets[s.Network]
	return net.prefix + pctEncodeKeeping(s.Handle, "") + net.suffix
}

// parseSocial reads the profile links encodeSocial writes, and the older
// twitter.com and threads.net links. A Mastodon link, https://<server>/@<user>,
// has the shape of many other sites' profile pages (Medium's, for one), so
// it is not claimed: the url kind describes it.
func parseSocial(p string) (Social, bool) {
	for _, alias := range [][2]string{{"https://twitter.com/", "https://x.com/"}, {"https://www.threads.net/@", "https://www.threads.com/@"}} {
		if rest, ok := strings.CutPrefix(p, alias[0]); ok {
			p = alias[1] + rest
		}
	}
	for name, net := range socialNets {
		if net.prefix == "" {
			continue
		}
		rest, ok := strings.CutPrefix(p, net.prefix)
		if !ok {
			continue
		}
		rest = strings.TrimSuffix(rest, "/")
		h, ok := pctDecode(rest)
		if !ok || h == "" || strings.ContainsAny(rest, "/?#") || strings.HasPrefix(h, "@") {
			continue
		}
		if net.norm != nil {
			if _, problem := net.norm(h); problem == "" {
				return Social{Network: name, Handle: h}, true
			}
			continue
		}
		if net.valid(h) {
			return Social{Network: name, Handle: h}, true
		}
	}
	return Social{}, false
}
