package kinds

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
)

// Social opens a profile on a social network: the network's own https
// profile link, which opens the app when it is installed.
type Social struct {
	Network string `json:"network" meant:"twitter=x,ig=instagram,insta=instagram,fb=facebook,yt=youtube,gh=github,bsky=bluesky" validate:"required,oneofci=instagram x facebook linkedin youtube tiktok github mastodon threads bluesky" jsonschema:"enum=instagram,enum=x,enum=facebook,enum=linkedin,enum=youtube,enum=tiktok,enum=github,enum=mastodon,enum=threads,enum=bluesky" jsonschema_description:"The network: instagram, x, facebook, linkedin, youtube, tiktok, github, mastodon, threads or bluesky." title:"Network"`
	Handle  string `json:"handle" validate:"required,max=300" jsonschema_description:"The profile's handle, with or without '@' (nasa), or its profile link (https://www.instagram.com/nasa/). mastodon takes user@server (Gargron@mastodon.social); bluesky takes the domain handle (alice.bsky.social); linkedin the public profile name after /in/." identity:"true" title:"Handle or profile link"`
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
	fix    func(string) string           // a cleaned handle, "" if none
	norm   func(string) (string, string) // optional: normalises, or says what is wrong
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

// socialKeep drops the runes a rule does not allow; a fix for a handle
// with a stray character.
func socialKeep(ok func(rune) bool, max int) func(string) string {
	return func(h string) string {
		h = strings.Map(func(r rune) rune {
			if ok(r) {
				return r
			}
			return -1
		}, h)
		if r := []rune(h); len(r) > max {
			h = string(r[:max])
		}
		return h
	}
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
		"instagram": {rule: "1 to 30 letters, digits, '.' and '_' (Instagram username rules)", valid: socialChars(1, 30, instagramOK), prefix: "https://www.instagram.com/", suffix: "/", fix: socialKeep(instagramOK, 30)},
		// Threads uses the Instagram username.
		"threads": {rule: "the Instagram username: 1 to 30 letters, digits, '.' and '_'", valid: socialChars(1, 30, instagramOK), prefix: "https://www.threads.com/@", fix: socialKeep(instagramOK, 30)},
		// X Help: at most 15 characters, letters, digits and '_'. New
		// names need 4 or more, but older ones are shorter.
		"x": {rule: "1 to 15 letters, digits and '_' (X username rules)", valid: socialChars(1, 15, asciiAlnumOr("_")), prefix: "https://x.com/", fix: socialKeep(asciiAlnumOr("_"), 15)},
		// Facebook Help: letters, digits and '.'. Its 5-character minimum
		// is not enforced: early names such as zuck are shorter.
		"facebook": {rule: "letters, digits and '.', at most 50 (Facebook username rules)", valid: socialChars(1, 50, asciiAlnumOr(".")), prefix: "https://www.facebook.com/", fix: socialKeep(asciiAlnumOr("."), 50)},
		// LinkedIn Help: a custom public profile URL has 3 to 100
		// characters without spaces, symbols or special characters;
		// hyphens and letters of other scripts appear in real ones.
		"linkedin": {rule: "3 to 100 letters, digits and '-' (LinkedIn public profile URL rules)", valid: socialChars(3, 100, letterDigitOr("-")), prefix: "https://www.linkedin.com/in/", fix: socialKeep(letterDigitOr("-"), 100)},
		// YouTube Help: handles have 3 to 30 characters, letters and
		// digits (of 75 languages' scripts), '_', '-' and '.'.
		"youtube": {rule: "3 to 30 letters, digits, '_', '-' and '.' (YouTube handle guidelines)", valid: socialChars(3, 30, letterDigitOr("_-.")), prefix: "https://www.youtube.com/@", fix: socialKeep(letterDigitOr("_-."), 30)},
		// TikTok: letters, digits, '_' and '.'; its length limit (24 or
		// 30 in different help texts) is unconfirmed, so 30 is taken.
		"tiktok": {rule: "1 to 30 letters, digits, '_' and '.' (TikTok username rules)", valid: socialChars(1, 30, asciiAlnumOr("._")), prefix: "https://www.tiktok.com/@", fix: socialKeep(asciiAlnumOr("._"), 30)},
		"github": {rule: "1 to 39 letters, digits and '-', not starting with '-' (GitHub username rules)", valid: githubUser.MatchString, prefix: "https://github.com/", fix: func(h string) string {
			return strings.TrimLeft(socialKeep(asciiAlnumOr("-"), 39)(h), "-")
		}},
		"bluesky":  {rule: "a domain name such as alice.bsky.social (AT Protocol handle syntax)", valid: atprotoHandle.MatchString, prefix: "https://bsky.app/profile/", norm: normaliseBlueskyHandle},
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
		Check:  checkSocial,
		Encode: encodeSocial,
		Parse:  parseSocial,
	})
}

func checkSocial(s *Social) []registry.FieldError {
	s.Network = strings.ToLower(s.Network)
	net := socialNets[s.Network]
	h := strings.TrimSpace(s.Handle)
	if strings.HasPrefix(strings.ToLower(h), "http") {
		// A pasted profile link: take the handle out of it.
		if p, ok := parseSocial(h); ok && p.Network == s.Network {
			h = p.Handle
		} else if s.Network == "mastodon" {
			h = mastodonHandleOfLink(h)
		}
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
		return []registry.FieldError{{Field: "handle", Detail: "handle for " + s.Network + " is " + net.rule, Fix: net.fix(h)}}
	}
	s.Handle = h
	return nil
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

// mastodonHandleOfLink turns https://server/@user into user@server.
func mastodonHandleOfLink(link string) string {
	rest, ok := cutSchemeFold(link, "https://")
	if !ok {
		return link
	}
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
