package kinds_test

import (
	"bytes"
	"image"
	_ "image/png"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gkampitakis/go-snaps/snaps"
	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

var snap = snaps.WithConfig(snaps.Dir("../snapshots/kinds"), snaps.Serializer(func(v any) string {
	// go-snaps reads a snapshot file line by line and drops each line's
	// trailing \r, so a CRLF payload (vCard, iCalendar) would never match
	// again: the carriage returns are written visibly instead.
	return strings.ReplaceAll(v.(string), "\r", "␍")
}))

// vector is one standard test vector: fields in, exact payload out.
type vector struct {
	name    string
	source  string // the document the vector comes from
	fields  map[string]string
	payload string
}

// snapVectors adds the payloads of vectors that fix a reader-visible bug
// to the snapshot set, so that a later change to them shows in review.
func snapVectors(t *testing.T, vectors []vector) {
	t.Helper()
	for _, v := range vectors {
		snap.MatchSnapshot(t, v.payload)
	}
}

// bad is one invalid input and the field the error must name.
type bad struct {
	name   string
	fields map[string]string
	field  string
}

func lookup(t *testing.T, name string) registry.Entry {
	t.Helper()
	k, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("kind %q is not registered", name)
	}
	return k
}

// runVectors checks each vector's exact payload and that its code decodes
// back to it.
func runVectors(t *testing.T, kind string, vectors []vector) {
	k := lookup(t, kind)
	for _, v := range vectors {
		t.Run(v.name, func(t *testing.T) {
			got, errs := k.Build(v.fields)
			if len(errs) > 0 {
				t.Fatalf("valid fields rejected (%s): %v", v.source, errs)
			}
			if got != v.payload {
				t.Fatalf("payload (%s)\n got: %q\nwant: %q", v.source, got, v.payload)
			}
			if d := renderAndDecode(t, got, k.Hints().Level); d != got {
				t.Fatalf("decoded %q, want %q", d, got)
			}
		})
	}
}

// runBad checks that each invalid input is refused naming the field, with a
// non-empty explanation.
func runBad(t *testing.T, kind string, cases []bad) {
	k := lookup(t, kind)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, errs := k.Build(c.fields)
			if len(errs) == 0 {
				t.Fatalf("accepted, payload %q", p)
			}
			for _, e := range errs {
				if e.Field == c.field {
					if e.Detail == "" {
						t.Fatalf("error on %s has no detail", c.field)
					}
					return
				}
			}
			t.Fatalf("errors %v do not name field %q", errs, c.field)
		})
	}
}

func renderAndDecode(t testing.TB, payload string, level render.Level) string {
	t.Helper()
	sym, err := render.Encode(payload, level)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	o := render.DefaultOptions()
	o.Size = 800
	png, err := render.PNG(sym, o)
	if err != nil {
		t.Fatalf("png: %v", err)
	}
	img, _, err := image.Decode(bytes.NewReader(png))
	if err != nil {
		t.Fatal(err)
	}
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	hints := map[gozxing.DecodeHintType]any{
		gozxing.DecodeHintType_TRY_HARDER:    true,
		gozxing.DecodeHintType_CHARACTER_SET: "UTF-8",
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		// gozxing's finder-pattern search misses a few symbols whose data
		// modules imitate a finder (the 47-character XLS-5d X-addresses
		// XVLh...EHi and T719...g6t); its pure-barcode path reads the same
		// pixels without that search.
		hints[gozxing.DecodeHintType_PURE_BARCODE] = true
		res, err = qrcode.NewQRCodeReader().Decode(bmp, hints)
	}
	if err != nil {
		t.Fatalf("gozxing cannot read the code of %q: %v", payload, err)
	}
	return res.GetText()
}

// TestEveryKindExample renders each kind's examples, decodes them with
// gozxing, snapshots the payloads, and checks that a kind's parser reads
// its own payloads back to the same fields.
func TestEveryKindExample(t *testing.T) {
	for _, k := range registry.All() {
		t.Run(k.Name(), func(t *testing.T) {
			for i, ex := range k.Examples() {
				payload, errs := k.Build(ex)
				if len(errs) > 0 {
					t.Fatalf("example %d invalid: %v", i, errs)
				}
				if got := renderAndDecode(t, payload, k.Hints().Level); got != payload {
					t.Fatalf("example %d decoded %q, want %q", i, got, payload)
				}
				snap.MatchSnapshot(t, payload)
				if fields, ok := k.Recognise(payload); ok {
					again, errs := k.Build(fields)
					if len(errs) > 0 || again != payload {
						t.Fatalf("parse(encode(x)) != x: fields %v give %q (%v), want %q", fields, again, errs, payload)
					}
				}
			}
		})
	}
}

// TestEveryKindDocumented checks the registration carries what the docs,
// schemas and pages need.
func TestEveryKindDocumented(t *testing.T) {
	all := registry.All()
	if len(all) == 0 {
		t.Fatal("no kinds registered")
	}
	for _, k := range all {
		if k.Summary() == "" || k.Standard().Name == "" {
			t.Errorf("%s: summary or standard missing", k.Name())
		}
		// The editor labels and groups by these; a kind without them
		// would show raw API names under "Other codes".
		if k.Title() == k.Name() || k.Purpose() == registry.OtherPurpose {
			t.Errorf("%s: no title or purpose", k.Name())
		}
		for _, f := range k.Fields() {
			if f.Description == "" || f.Title == "" {
				t.Errorf("%s.%s: no description or title", k.Name(), f.Name)
			}
		}
		s := k.Schema()
		if s == nil || s.Properties.Len() != len(k.Fields()) {
			t.Errorf("%s: schema properties do not match fields", k.Name())
		}
	}
}

// identityName matches field names that name a person, an account, an
// address, a network or a secret. A field called so must be marked
// identity:"true", so that a new kind cannot forget the rule.
var identityName = regexp.MustCompile(`^(.*_)?(name|iban|bic|ssid|password|phone\d?|email|address|account|key|number|proxy|username|handle|invoice|secret|recipient|contact|fn|ln|to|cc|bcc|pa|pn|url)$`)

func TestIdentityFieldsAreMarked(t *testing.T) {
	marked := 0
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if f.Identity {
				marked++
			}
			if identityName.MatchString(f.Name) && !f.Identity {
				t.Errorf("%s.%s names a person, an account or a secret but is not marked identity:\"true\"", k.Name(), f.Name)
			}
		}
	}
	if marked < 50 {
		t.Errorf("only %d identity fields are marked", marked)
	}
}

// The words a kind is also called point at it alone: each is lower case,
// no kind's name, and claimed by one kind.
func TestAlsoCalledWordsPointAtOneKind(t *testing.T) {
	owner := map[string]string{}
	for _, k := range registry.All() {
		for _, w := range k.AlsoCalled() {
			if _, isKind := registry.Lookup(w); isKind || w != strings.ToLower(w) {
				t.Errorf("%s: %q is a kind's name or not lower case", k.Name(), w)
			}
			if o, ok := owner[w]; ok {
				t.Errorf("%q is claimed by %s and %s", w, o, k.Name())
			}
			owner[w] = k.Name()
			if got, ok := registry.Meant(w); !ok || got != k.Name() {
				t.Errorf("registry.Meant(%q) = %q, %v; want %s", w, got, ok, k.Name())
			}
		}
	}
	if len(owner) < 80 {
		t.Fatalf("only %d words", len(owner))
	}
}

// The names a field is also called (tag also) belong to it alone: none is
// a field of its kind or data, or claimed by two fields. One that names a
// rendering option (BIP21's label, qrforge's caption) leaves the option a
// name the kind's calls write it under.
func TestFieldWordsAreFree(t *testing.T) {
	n := 0
	for _, k := range registry.All() {
		owner := map[string]string{}
		for _, f := range k.Fields() {
			for _, w := range f.AlsoCalled {
				n++
				if k.HasField(w) || w == "data" {
					t.Errorf("%s.%s: %q is a field or data", k.Name(), f.Name, w)
				}
				if o, isOption := options.Named(w); isOption {
					if _, claimed := registry.FieldWords(k)[registry.Unclaimed(k, append([]string{o.Name}, o.Aliases...)...)]; claimed {
						t.Errorf("%s.%s: %q leaves the option %s no name of its own", k.Name(), f.Name, w, o.Name)
					}
				}
				if o, ok := owner[w]; ok {
					t.Errorf("%s: %q is claimed by %s and %s", k.Name(), w, o, f.Name)
				}
				owner[w] = f.Name
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d words", n)
	}
}

// A setting that must match a device, a server or a network gets no fix
// made up: each of these was once fixed to a constant (discovery ble,
// counter 0, eap PEAP, currency CZK, an expiry in 2030, 10 occurrences).
func TestFixesMakeUpNoSetting(t *testing.T) {
	for _, c := range []struct{ kind, field, value string }{
		{"matter", "discovery", "none"},
		{"otpauth", "counter", "-1"},
		{"wifi", "eap", ""},
		{"spd", "currency", "Taler"}, // EURO is EUR written as a word

		{"paynow", "expiry", "next week"},
		{"event", "repeat_count", "0"},
		{"otpauth", "period", "0"},
	} {
		k, _ := registry.Lookup(c.kind)
		fields := k.Example()
		fields[c.field] = c.value
		switch c.kind + "." + c.field {
		case "otpauth.counter":
			fields["otp_type"] = "hotp"
		case "wifi.eap":
			fields["security"], fields["password"] = "WPA2-EAP", "s3cr3t"
		}
		_, errs := k.Build(fields)
		i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == c.field })
		if i < 0 {
			t.Errorf("%s %s=%q: accepted (%v)", c.kind, c.field, c.value, errs)
			continue
		}
		if errs[i].Fix != "" {
			t.Errorf("%s %s=%q: fix %q", c.kind, c.field, c.value, errs[i].Fix)
		}
	}
}

// A repeat that is a multiple of a listed one (biweekly: every two weeks,
// or twice a week?) gets no fix: weekly, the value it is a typo away
// from, is another event (RFC 5545 §3.3.10 FREQ without INTERVAL). The
// detail says how to write twice a week.
func TestEventRepeatMultiplesAreNotFixed(t *testing.T) {
	k, _ := registry.Lookup("event")
	for _, repeat := range []string{"biweekly", "Bi-Weekly", "bi weekly", "bimonthly", "biyearly", "twice-weekly", "semi-monthly"} {
		fields := k.Example()
		fields["repeat"] = repeat
		_, errs := k.Build(fields)
		i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == "repeat" })
		if i < 0 || errs[i].Fix != "" || !strings.Contains(errs[i].Detail, "so there is no fix") || !strings.Contains(errs[i].Detail, "twice a week is weekly with two repeat_days") {
			t.Errorf("repeat=%q: %+v, want no fix", repeat, errs)
		}
	}
}

// A word that names one repeat and its interval (fortnightly, quarterly,
// half-yearly) is fixed to both: FREQ and INTERVAL (RFC 5545 §3.3.10).
// An interval the caller gave that says otherwise leaves it unfixed.
func TestEventRepeatWordsSetTheInterval(t *testing.T) {
	k, _ := registry.Lookup("event")
	for given, want := range map[string][2]string{
		"fortnightly": {"weekly", "2"}, "every other week": {"weekly", "2"}, "Every 2 weeks": {"weekly", "2"},
		"quarterly": {"monthly", "3"}, "half-yearly": {"monthly", "6"}, "semiannually": {"monthly", "6"},
	} {
		fields := k.Example()
		fields["repeat"] = given
		delete(fields, "repeat_interval")
		_, errs := k.Build(fields)
		i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == "repeat" })
		if i < 0 || errs[i].Fix != want[0] || errs[i].With["repeat_interval"] != want[1] {
			t.Errorf("repeat=%q: %+v, want %s every %s", given, errs, want[0], want[1])
		}
	}
}

// A listed value named by another word (tag meant) is fixed to the value,
// and every such value is on the field's list.
func TestMeantValuesAreFixed(t *testing.T) {
	for _, c := range []struct{ kind, field, given, want string }{
		{"social", "network", "twitter", "x"},
		{"appstore", "platform", "iphone", "ios"},
		{"event", "repeat", "every week", "weekly"},
		{"epc", "purpose", "charity", "CHAR"},
		// EPC069-12 §3.4 writes the version in three digits.
		{"epc", "version", "1", "001"},
		{"epc", "version", "v2", "002"},
		// ISO 4217's numeric codes and the signs that, among a kind's
		// currencies, name one (Swiss QR-bill: CHF or EUR; KHQR: KHR or
		// USD) had no fix.
		{"swissqr", "currency", "756", "CHF"},
		{"swissqr", "currency", "€", "EUR"},
		{"swissqr", "currency", "Fr.", "CHF"},
		{"khqr", "currency", "$", "USD"},
		{"khqr", "currency", "riel", "KHR"},
	} {
		k, _ := registry.Lookup(c.kind)
		fields := k.Example()
		fields[c.field] = c.given
		if c.kind == "appstore" {
			fields["ios"], fields["android"] = "284882215", "com.facebook.katana"
		}
		_, errs := k.Build(fields)
		i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == c.field })
		if i < 0 || errs[i].Fix != c.want {
			t.Errorf("%s %s=%q: %+v, want fix %q", c.kind, c.field, c.given, errs, c.want)
		}
	}
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			for word, value := range f.Meant {
				// A word may set other fields of the kind too
				// (fortnightly=weekly+repeat_interval:2).
				value, with, _ := strings.Cut(value, "+")
				for _, pair := range strings.Split(with, "+") {
					if field, _, _ := strings.Cut(pair, ":"); with != "" && !slices.ContainsFunc(k.Fields(), func(g registry.Field) bool { return g.Name == field }) {
						t.Errorf("%s.%s: %q sets %q, not a field of the kind", k.Name(), f.Name, word, field)
					}
				}
				// A word mapped to nothing means no one value (biweekly).
				listed := value == "" || slices.Contains(f.Enum, value) || f.Enum == nil && f.Pattern != "" && regexp.MustCompile(f.Pattern).MatchString(value)
				if !listed {
					t.Errorf("%s.%s: %q means %q, which is not listed", k.Name(), f.Name, word, value)
				}
			}
		}
	}
}

// A line break in a one-line text field is fixed to a space, in every
// kind: dropped, it joined the words on either side ("Invoice 42Paid in
// full" in a QR-bill's message), where EPC's text and an e-mail's subject
// got a space.
func TestLineBreakFixesKeepWordsApart(t *testing.T) {
	for _, c := range []struct{ kind, field string }{
		{"swissqr", "message"},
		{"pix", "description"},
		{"dpp", "info"},
		{"epc", "text"},
		{"email", "subject"},
	} {
		for _, given := range []string{"Invoice 42\nPaid in full", "Invoice 42\r\nPaid in full", "Invoice 42\rPaid in full"} {
			k, _ := registry.Lookup(c.kind)
			fields := k.Example()
			fields[c.field] = given
			if c.kind == "epc" {
				delete(fields, "reference") // text or reference, not both
			}
			_, errs := k.Build(fields)
			i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == c.field })
			if i < 0 || errs[i].Fix != "Invoice 42 Paid in full" {
				t.Errorf("%s %s=%q: %+v, want the fix %q", c.kind, c.field, given, errs, "Invoice 42 Paid in full")
			}
		}
	}
}
