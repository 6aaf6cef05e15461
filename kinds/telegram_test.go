package kinds_test

import (
	"strings"
	"testing"
)

func TestTelegram(t *testing.T) {
	runVectors(t, "telegram", []vector{
		{"profile", "Telegram deep links, t.me/<username> (core.telegram.org/api/links)",
			map[string]string{"username": "durov"},
			"https://t.me/durov"},
		{"leading @ dropped", "an @mention is not part of the t.me path",
			map[string]string{"username": "@durov"},
			"https://t.me/durov"},
		{"bot start parameter", "aiogram create_start_link example <https://t.me/MyBot?start=foo>",
			map[string]string{"username": "MyBot", "start": "foo"},
			"https://t.me/MyBot?start=foo"},
		{"base64url start parameter", "core.telegram.org/bots/features#deep-linking: A-Z a-z 0-9 _ -, base64url recommended",
			map[string]string{"username": "my_tracker_bot", "start": "cmVmOjQy-_"},
			"https://t.me/my_tracker_bot?start=cmVmOjQy-_"},
		{"32 characters", "longest username",
			map[string]string{"username": "a" + strings.Repeat("b", 31)},
			"https://t.me/a" + strings.Repeat("b", 31)},
	})
	runBad(t, "telegram", []bad{
		{"missing", map[string]string{}, "username"},
		{"too short", map[string]string{"username": "abc"}, "username"},
		{"too long", map[string]string{"username": "a" + strings.Repeat("b", 32)}, "username"},
		{"starts with a digit", map[string]string{"username": "1durov"}, "username"},
		{"starts with underscore", map[string]string{"username": "_durov"}, "username"},
		{"ends with underscore", map[string]string{"username": "durov_"}, "username"},
		{"hyphen", map[string]string{"username": "du-rov"}, "username"},
		{"start with a space", map[string]string{"username": "MyBot", "start": "a b"}, "start"},
		{"start over 64", map[string]string{"username": "MyBot", "start": strings.Repeat("x", 65)}, "start"},
	})
	recogniseVectors(t, "telegram", []recognised{
		{"profile", "t.me/<username>", "https://t.me/durov",
			map[string]string{"username": "durov"}, "https://t.me/durov"},
		{"bot", "t.me/<bot>?start=", "https://t.me/MyBot?start=foo",
			map[string]string{"username": "MyBot", "start": "foo"}, "https://t.me/MyBot?start=foo"},
	})
	// Invite links, startgroup, message links and other hosts are not profiles.
	notRecognised(t, "telegram", []string{"https://t.me/+AbCdEf123", "https://t.me/joinchat/AbCd", "https://t.me/triviabot?startgroup=test", "https://t.me/durov/123", "https://t.me/"})
}

// A t.me link given as the username is refused with a fix that is the
// username the link names, and its start parameter where start is not
// given (Telegram deep links, t.me/<username>?start=<parameter>).
func TestTelegramLinkAsUsername(t *testing.T) {
	tg := lookup(t, "telegram")
	for _, c := range []struct{ username, start, fix, withStart string }{
		{"https://t.me/durov", "", "durov", ""},
		{"t.me/MyBot?start=foo", "", "MyBot", "foo"},
		{"t.me/MyBot?start=foo", "foo", "MyBot", ""},
		{"t.me/MyBot?start=foo", "bar", "", ""},
		{"https://t.me/joinchat/AbC", "", "", ""},
	} {
		values := map[string]string{"username": c.username}
		if c.start != "" {
			values["start"] = c.start
		}
		_, errs := tg.Build(values)
		if len(errs) != 1 || errs[0].Fix != c.fix || errs[0].With["start"] != c.withStart {
			t.Errorf("%s (start %q): %+v, want the fix %q with start %q", c.username, c.start, errs, c.fix, c.withStart)
		}
	}
}

// Telegram's deep links (core.telegram.org/api/links) open a public
// username from telegram.me and telegram.dog as from t.me, and from
// tg://resolve?domain=<username>: each pasted as the username is read as
// that username, with its start parameter.
func TestTelegramOtherLinkForms(t *testing.T) {
	tg := lookup(t, "telegram")
	for _, c := range []struct{ username, fix, withStart string }{
		{"https://telegram.me/durov", "durov", ""},
		{"telegram.dog/MyBot?start=foo", "MyBot", "foo"},
		{"http://T.ME/durov", "durov", ""},
	} {
		_, errs := tg.Build(map[string]string{"username": c.username})
		if len(errs) != 1 || errs[0].Fix != c.fix || errs[0].With["start"] != c.withStart {
			t.Errorf("%s: %+v, want the fix %q with start %q", c.username, errs, c.fix, c.withStart)
		}
	}
	for p, want := range map[string]struct{ Username, Start string }{
		"tg://resolve?domain=durov":           {Username: "durov"},
		"tg:resolve?domain=MyBot&start=foo":   {Username: "MyBot", Start: "foo"},
		"https://telegram.me/MyBot?start=foo": {Username: "MyBot", Start: "foo"},
	} {
		fields, ok := tg.Recognise(p)
		if !ok || fields["username"] != want.Username || fields["start"] != want.Start {
			t.Errorf("%s reads as %v (%v), want %+v", p, fields, ok, want)
		}
	}
	for _, p := range []string{"tg://resolve?domain=durov&post=1", "tg://resolve?phone=4915112345678", "https://telegram.me/joinchat/AbC"} {
		if fields, ok := tg.Recognise(p); ok {
			t.Errorf("%s reads as %v; it is no username link", p, fields)
		}
	}
}
