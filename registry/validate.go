package registry

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"reflect"
	"slices"
	"strings"

	"github.com/go-playground/validator/v10"
	"github.com/qrforge/qrforge/internal/editdistance"
)

// validate is shared by every kind; validator caches struct metadata.
var validate = func() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		return name
	})
	// oneofci is oneof without regard to case: "wpa" and "WPA" are the
	// same security type to a user.
	if err := v.RegisterValidation("oneofci", func(fl validator.FieldLevel) bool {
		for _, option := range strings.Fields(fl.Param()) {
			if strings.EqualFold(option, fl.Field().String()) {
				return true
			}
		}
		return false
	}); err != nil {
		panic(err)
	}
	return v
}()

// RegisterValidation adds a named validator rule that kinds can use in tags
// (for example an IBAN check shared by payment kinds).
func RegisterValidation(tag string, fn func(value string) bool) {
	if err := validate.RegisterValidation(tag, func(fl validator.FieldLevel) bool {
		return fn(fl.Field().String())
	}); err != nil {
		panic("registry: validation " + tag + ": " + err.Error())
	}
}

func (e *entry[F]) validateTags(f *F) []FieldError {
	err := validate.Struct(f)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return []FieldError{{Field: "", Detail: err.Error()}}
	}
	out := make([]FieldError, 0, len(verrs))
	for _, fe := range verrs {
		name := fe.Field()
		detail := describeRule(name, fe.Tag(), fe.Param())
		var meant map[string]string
		fi := e.field(name)
		if fi != nil {
			meant = fi.Meant
		}
		fix, with := meantWith(tagFix(fe, meant))
		if len(with) > 0 {
			detail += fmt.Sprintf(", and %q is %s with %s, which the fix writes", fe.Value(), fix, withWords(with))
		}
		if value, _ := fe.Value().(string); unmeant(value, meant) {
			detail += fmt.Sprintf(", and %q is none of them written another way, so there is no fix", value)
		}
		if fix != "" && fe.Tag() == "http_url" {
			if value, _ := fe.Value().(string); mistyped(value) {
				detail += ", and the fix completes its scheme's \"://\""
			} else {
				detail += ", and the fix adds https://"
			}
		}
		if fi != nil {
			detail += " (" + fi.Description + ")"
		}
		out = append(out, FieldError{Field: name, Detail: detail, Fix: fix, With: with})
	}
	return out
}

// tagFix is a fix for a failed tag that needs nothing but the caller's
// value: the listed option it misspelt or names by another word (meant,
// the field's tag), or a web address written without its scheme. Anything
// else (a missing value, a malformed one) has no fix: an example would put
// data the caller never gave into the corrected call.
func tagFix(fe validator.FieldError, meant map[string]string) string {
	if fe.Tag() == "http_url" {
		return schemeFix(fe.Value())
	}
	if fe.Tag() != "oneof" && fe.Tag() != "oneofci" {
		return ""
	}
	value, _ := fe.Value().(string)
	given := strings.ToLower(value)
	if given == "" {
		return ""
	}
	// Only an option it plainly meant: WPA2/WPA3 once got WPA2-EAP, an
	// enterprise network, for being four edits away.
	best, _ := editdistance.Meant(given, strings.Fields(fe.Param()), meant)
	return best
}

// meantWith splits a meant value that sets other fields too, written
// value+field:value (fortnightly=weekly+repeat_interval:2 in a meant tag),
// into the value and those fields.
func meantWith(v string) (string, map[string]string) {
	value, rest, ok := strings.Cut(v, "+")
	if !ok {
		return v, nil
	}
	with := map[string]string{}
	for _, pair := range strings.Split(rest, "+") {
		if field, set, ok := strings.Cut(pair, ":"); ok {
			with[field] = set
		}
	}
	return value, with
}

// withWords writes fields as a query does: repeat_interval=2.
func withWords(with map[string]string) string {
	var parts []string
	for _, field := range slices.Sorted(maps.Keys(with)) {
		parts = append(parts, field+"="+with[field])
	}
	return strings.Join(parts, " and ")
}

// schemeFix is an address written as people print it, www.example.com/menu,
// made absolute with https:// (RFC 3986 §4.3: a scheme makes a URI
// absolute), when that is all it lacks, or one whose "://" lost a
// character (MistypedScheme) written whole; else "".
func schemeFix(v any) string {
	value, _ := v.(string)
	value = strings.TrimSpace(value)
	if value == "" || strings.Contains(value, "://") {
		return ""
	}
	if completed, ok := MistypedScheme(value); ok {
		// https//example.com is that address, not a host named https.
		if validate.Var(completed, "http_url") != nil {
			return ""
		}
		return completed
	}
	fixed := "https://" + strings.TrimPrefix(value, "//")
	if validate.Var(fixed, "http_url") != nil {
		return ""
	}
	// A host of one word (ftp in ftp//x) is more likely a mistyped scheme
	// than a name on the web.
	u, err := url.Parse(fixed)
	if err != nil || (!strings.Contains(u.Hostname(), ".") && u.Hostname() != "localhost") {
		return ""
	}
	return fixed
}

// mistyped reports whether value is a web address whose "://" lost a
// character (MistypedScheme).
func mistyped(value string) bool {
	_, ok := MistypedScheme(value)
	return ok
}

// unmeant reports whether the field's meant words map value to no listed
// value: a word that means none of them, or more than one (biweekly:
// every two weeks, or twice a week?), which no fix may turn into one.
func unmeant(value string, meant map[string]string) bool {
	best, ok := editdistance.Meant(value, []string(nil), meant)
	return ok && best == ""
}

func (e *entry[F]) field(name string) *fieldInfo {
	for i := range e.fields {
		if e.fields[i].Name == name {
			return &e.fields[i]
		}
	}
	return nil
}
