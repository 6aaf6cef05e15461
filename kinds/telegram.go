package kinds

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Telegram opens a user, channel, group or bot by its public username.
type Telegram struct {
	Username string `json:"username" also:"user,handle" validate:"required" jsonschema_description:"Public username, with or without the leading @: letters, digits and underscores, 4 to 32 characters, starting with a letter and neither starting nor ending with an underscore." identity:"true" title:"Username"`
	Start    string `json:"start" jsonschema_description:"Bot deep-link parameter, sent to the bot as /start <start>: 1 to 64 characters of A-Z, a-z, 0-9, _ and - (encode other data as base64url)." title:"Bot start parameter"`
}

var (
	// telegramUsername holds the rules the official Telegram Android
	// client applies before it asks the server (ChangeUsernameActivity):
	// characters a-z, A-Z, 0-9 and '_', no leading digit, no leading or
	// trailing '_', at most 32 characters. Basic usernames have at least 5
	// characters (Telegram FAQ); collectible ones can be shorter, and 4 is
	// taken as the floor (unconfirmed). Doubled underscores are refused by
	// some third-party checks but not by the official client, so they pass.
	telegramUsername = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{2,30}[A-Za-z0-9]$`)
	// telegramStart is the deep-link parameter alphabet and length of
	// core.telegram.org/bots/features#deep-linking.
	telegramStart = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
)

func init() {
	registry.Register(registry.Kind[Telegram]{
		Name:       "telegram",
		Title:      "Telegram",
		AlsoCalled: []string{"tg"},
		Purpose:    registry.Contact,
		Summary:    "Open a Telegram profile, channel, group or bot (t.me link, optional bot start parameter)",
		Standard: registry.Standard{
			Name:    "Telegram deep links",
			Section: "t.me/<username>; bot start parameter",
			URL:     "https://core.telegram.org/api/links",
		},
		Examples: []Telegram{
			{Username: "durov"},
			{Username: "MyBot", Start: "foo"},
		},
		Check:  checkTelegram,
		Encode: encodeTelegram,
		Parse:  parseTelegram,
	})
}

func checkTelegram(t *Telegram) []registry.FieldError {
	var errs []registry.FieldError
	u := strings.TrimPrefix(strings.TrimSpace(t.Username), "@")
	if telegramUsername.MatchString(u) {
		t.Username = u
	} else {
		fe := registry.FieldError{Field: "username", Detail: "username is 4 to 32 characters of a-z, A-Z, 0-9 and _, starting with a letter and not ending with _ (Telegram username rules)", Fix: ""}
		// A tg:// link holds the username in its query, which the service
		// reads as a pasted payload; this reads the path of a t.me link.
		given := strings.TrimSpace(t.Username)
		if link, ok := parseTelegram(given); ok && !strings.HasPrefix(strings.ToLower(given), "tg:") && (t.Start == "" || link.Start == "" || link.Start == t.Start) {
			// A t.me link pasted whole: its username, and its start
			// parameter where start is not given.
			fe.Detail += "; " + strconv.Quote(truncateBytes(t.Username, 64)) + " is a t.me link, and the fix is its username"
			fe.Fix, fe.FromLink = link.Username, true
			if link.Start != "" && t.Start == "" {
				fe.With = map[string]string{"start": link.Start}
				fe.Detail += " with start=" + link.Start
			}
		}
		errs = append(errs, fe)
	}
	if t.Start != "" && !telegramStart.MatchString(t.Start) {
		errs = append(errs, registry.FieldError{Field: "start", Detail: "start is 1 to 64 characters of A-Z, a-z, 0-9, _ and - (Telegram bot deep linking); encode other data as base64url", Fix: ""})
	}
	return errs
}

func encodeTelegram(t Telegram) string {
	out := "https://t.me/" + t.Username
	if t.Start != "" {
		out += "?start=" + t.Start
	}
	return out
}

// telegramHosts are the hosts of Telegram's username links: t.me, and
// telegram.me and telegram.dog, which clients read the same way
// (core.telegram.org/api/links: "t.me can also be telegram.me,
// telegram.dog").
var telegramHosts = []string{"t.me/", "telegram.me/", "telegram.dog/"}

// parseTelegram reads a public username link, https://t.me/<username>
// [?start=<parameter>] and its other spellings: http:// or no scheme,
// the hosts telegramHosts, and tg://resolve?domain=<username>[&start=]
// (core.telegram.org/api/links, Public username links; Bot links). Other
// t.me paths (invite links, messages, stickers) and tg:// links with
// other parameters (post=, phone=) are not this kind's.
func parseTelegram(p string) (Telegram, bool) {
	if rest, ok := cutSchemeFold(p, "tg://resolve?"); ok {
		return telegramResolve(rest)
	}
	if rest, ok := cutSchemeFold(p, "tg:resolve?"); ok {
		return telegramResolve(rest)
	}
	rest := p
	for _, scheme := range []string{"https://", "http://"} {
		if r, ok := cutSchemeFold(rest, scheme); ok {
			rest = r
			break
		}
	}
	host := slices.IndexFunc(telegramHosts, func(h string) bool {
		_, ok := cutSchemeFold(rest, h)
		return ok
	})
	if host < 0 {
		return Telegram{}, false
	}
	username, query, _ := strings.Cut(rest[len(telegramHosts[host]):], "?")
	if !telegramUsername.MatchString(username) {
		return Telegram{}, false
	}
	t := Telegram{Username: username}
	if query != "" {
		start, ok := strings.CutPrefix(query, "start=")
		if !ok || !telegramStart.MatchString(start) {
			return Telegram{}, false
		}
		t.Start = start
	}
	return t, true
}

// telegramResolve reads the query of tg://resolve: domain=<username> and
// optionally start=<parameter>, nothing else.
func telegramResolve(query string) (Telegram, bool) {
	values, err := url.ParseQuery(query)
	if err != nil || len(values["domain"]) != 1 || len(values["start"]) > 1 || len(values) > len(values["domain"])+len(values["start"]) {
		return Telegram{}, false
	}
	t := Telegram{Username: values.Get("domain"), Start: values.Get("start")}
	if !telegramUsername.MatchString(t.Username) || t.Start != "" && !telegramStart.MatchString(t.Start) || values.Has("start") && t.Start == "" {
		return Telegram{}, false
	}
	return t, true
}
