package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// mutation is a call of a kind's example with one mistake in it.
type mutation struct {
	what  string
	given url.Values
}

// misspelt is name with its last letter written twice (pasword's mirror
// image, ssidd): one edit away, as did-you-mean reaches.
func misspelt(name string) string { return name + name[len(name)-1:] }

// brokenFieldValues are values of the wrong shape or out of range for
// most fields: a letter, punctuation alone, zero, a negative number, a
// decimal comma, a number and a word far too long, two words, a control
// character, a letter outside ASCII.
var brokenFieldValues = []string{"x", "!!!", "0", "-1", "12,50", strings.Repeat("9", 300), strings.Repeat("x", 300), "abc def", "a\x01b", "Zürich"}

// reshaped are the example's own value written another way: in capitals,
// in small letters, with a stray character, with spaces around it.
func reshaped(v string) []string {
	return []string{strings.ToUpper(v), strings.ToLower(v), v + "!", " " + v + " "}
}

// brokenOptions are options out of range, or wrong together: a size past
// 4096, a negative margin, no level, a logo larger than any level holds,
// and a frame's margin with a logo that fits its level only once the
// margin is fixed.
var brokenOptions = []url.Values{
	{"size": {"99999"}},
	{"margin": {"-1"}},
	{"ec": {"Z"}},
	{"color": {"zzzzzz"}},
	{"logo": {"heart"}, "logosize": {"0.9"}},
	{"margin": {"0"}, "tpl": {"corners"}, "logo": {"heart"}, "logosize": {"0.2"}, "ec": {"L"}},
}

// mutations are each example of k with each mistake the walk makes.
func mutations(k registry.Entry) []mutation {
	var out []mutation
	for i, e := range k.Examples() {
		for _, m := range exampleMutations(k, e) {
			m.what = fmt.Sprintf("example %d: %s", i, m.what)
			out = append(out, m)
		}
	}
	return out
}

// exampleMutations are one example of k with each mistake the walk makes.
func exampleMutations(k registry.Entry, fields map[string]string) []mutation {
	example := url.Values{}
	for name, v := range fields {
		if v != "" {
			example.Set(name, v)
		}
	}
	with := func(change func(url.Values)) url.Values {
		v := cloneValues(example)
		change(v)
		return v
	}
	taken := func(name string) bool {
		_, option := optionNamed(name)
		return k.HasField(name) || option
	}
	var out []mutation
	for _, name := range sortedKeys(example) {
		if wrong := misspelt(name); !taken(wrong) {
			out = append(out, mutation{name + " misspelt " + wrong, with(func(v url.Values) { v[wrong] = v[name]; v.Del(name) })})
		}
	}
	for _, f := range k.Fields() {
		values := brokenFieldValues
		if v := example.Get(f.Name); v != "" {
			values = append(slices.Clone(values), reshaped(v)...)
		}
		if len(f.Enum) > 0 {
			values = append(slices.Clone(values), f.Enum[0]+"x", strings.ToUpper(f.Enum[0]))
		}
		for _, bad := range values {
			out = append(out, mutation{fmt.Sprintf("%s=%.12q", f.Name, bad), with(func(v url.Values) { v.Set(f.Name, bad) })})
		}
		if f.Required {
			out = append(out, mutation{f.Name + " missing", with(func(v url.Values) { v.Del(f.Name) })})
		}
	}
	for _, o := range brokenOptions {
		out = append(out, mutation{encodeCanonical(o), with(func(v url.Values) {
			for name, vs := range o {
				if !k.HasField(name) {
					v[name] = vs
				}
			}
		})})
	}
	return out
}

// optionNamed reports whether name is a rendering option's name or alias.
func optionNamed(name string) (string, bool) {
	for _, o := range renderOptions {
		if o.Name == name || slices.Contains(o.Aliases, name) {
			return o.Name, true
		}
	}
	return "", false
}

// TestFixesAreServed walks every kind of the registry, present and
// future: each mistake made in its examples, on its generation route, its
// payload twin and as a POST body, is served or refused with a problem
// document, never a panic or a 500. A refusal's fix is the same each time
// it is asked, is served when followed (so a fix applied to its own
// result changes nothing), gives no identity field a value the caller
// did not write, keeps every amount as written and keeps or names every
// parameter given; a refusal without a fix names the field, says why and
// shows an example.
func TestFixesAreServed(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	refused, fixed := 0, 0
	for _, k := range registry.All() {
		for _, m := range mutations(k) {
			for _, c := range []call{{k.Path(), m.given.Encode(), false}, {k.Path() + "/payload", m.given.Encode(), false}, {k.Path(), m.given.Encode(), true}} {
				what := k.Name() + " " + c.path + " " + m.what
				if c.body && !strings.HasPrefix(m.what, "example 0:") {
					// A body's fields are read as a query's: one example
					// shows its fixes written as uploads.
					continue
				}
				if c.body {
					what = k.Name() + " POST " + c.path + " " + m.what
				}
				p := serve(s, c)
				if p == nil {
					continue
				}
				refused++
				if p.Status != 400 {
					t.Errorf("%s: status %d (%s), want 400", what, p.Status, p.Detail)
					continue
				}
				if p.Fix == "" {
					if p.Field == "" || p.Detail == "" || p.Example == "" {
						t.Errorf("%s: no fix, and field %q detail %q example %q: a problem without a fix names the field, says why and shows an example", what, p.Field, p.Detail, p.Example)
					}
					continue
				}
				fixed++
				if again := serve(s, c); again == nil || again.Fix != p.Fix {
					t.Errorf("%s: asked twice, the fix is %s, then %v", what, p.Fix, again)
				}
				fc := callOf(t, p.Fix)
				if again := serve(s, fc); again != nil {
					t.Errorf("%s: fix %s is refused again: %s (fix %q)", what, p.Fix, again.Detail, again.Fix)
					continue
				}
				assertKeepsIdentity(t, k, what, m.given, fc)
				assertKeepsWorth(t, k, what, m.given, fc)
				assertDropsNothingSilently(t, k, what, m.given, p, fc)
			}
		}
	}
	if refused < 1000 || fixed < 300 {
		t.Fatalf("%d mistakes refused, %d of them with a fix: the walk reaches too little", refused, fixed)
	}
	t.Logf("%d mistakes refused, %d with a fix, every fix served", refused, fixed)
}

// assertKeepsIdentity fails when an identity field of the fixed call
// holds a value the caller did not write under any name, mechanical
// corrections aside (registry.Mechanical).
func assertKeepsIdentity(t *testing.T, k registry.Entry, what string, given url.Values, fixed call) {
	t.Helper()
	q, _ := url.ParseQuery(fixed.query)
	for name, vs := range q {
		if !k.HasField(name) || !k.IsIdentity(name) {
			continue
		}
		if !slices.ContainsFunc(allValues(given), func(theirs string) bool { return theirs == vs[0] || registry.Mechanical(theirs, vs[0]) }) {
			t.Errorf("%s: the fix gives identity field %s=%q, which the caller did not write", what, name, vs[0])
		}
	}
}

// assertKeepsWorth fails when the fixed call drops an amount the caller
// gave, or writes another number: a payment's worth is the caller's
// (README "Errors").
func assertKeepsWorth(t *testing.T, k registry.Entry, what string, given url.Values, fixed call) {
	t.Helper()
	q, _ := url.ParseQuery(fixed.query)
	for _, f := range k.Fields() {
		if len(f.Enum) > 0 || !strings.Contains(strings.ToLower(f.Title+" "+f.Description), "amount") || !given.Has(f.Name) {
			continue
		}
		theirs, ours := given.Get(f.Name), q.Get(f.Name)
		if !q.Has(f.Name) || ours != theirs && !registry.Mechanical(theirs, ours) {
			t.Errorf("%s: the fix writes %s=%q where the caller wrote %q", what, f.Name, ours, theirs)
		}
	}
}

// assertDropsNothingSilently fails when a parameter the caller gave is
// neither in the fixed call nor named by the problem.
func assertDropsNothingSilently(t *testing.T, k registry.Entry, what string, given url.Values, p *Problem, fixed call) {
	t.Helper()
	q, _ := url.ParseQuery(fixed.query)
	named := map[string]bool{p.Field: true}
	for _, e := range p.Errors {
		named[e.Field] = true
	}
	for name := range given {
		if q.Has(name) || named[name] {
			continue
		}
		if o, ok := optionNamed(name); ok && (q.Has(o) || named[o] || q.Has(OptionName(k.Name(), o))) {
			continue
		}
		t.Errorf("%s: the fix %s drops %s=%q, and the problem does not name it", what, p.Fix, name, given.Get(name))
	}
}

func allValues(v url.Values) []string {
	var out []string
	for _, vs := range v {
		out = append(out, vs...)
	}
	return out
}

// TestBatchItemFixesAreServed makes the same mistakes in batch items:
// each item refused has a fix, its GET call, that is served, or a problem
// that says why there is none.
func TestBatchItemFixesAreServed(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	ctx := context.Background()
	refused := 0
	for _, k := range registry.All() {
		var items []json.RawMessage
		var mistakes []mutation
		for _, m := range exampleMutations(k, k.Example()) {
			fields, style := map[string]string{}, map[string]string{}
			for name := range m.given {
				if o, ok := optionNamed(name); ok && !k.HasField(name) {
					style[o] = m.given.Get(name)
				} else {
					fields[name] = m.given.Get(name)
				}
			}
			item, err := json.Marshal(map[string]any{"type": k.Name(), "fields": fields, "style": style})
			if err != nil {
				t.Fatal(err)
			}
			items, mistakes = append(items, item), append(mistakes, m)
		}
		for from := 0; from < len(items); from += s.MaxBatchItems {
			part := items[from:min(from+s.MaxBatchItems, len(items))]
			body, _ := json.Marshal(map[string]any{"output": "url", "items": part})
			run, p := s.Batch(ctx, body)
			if p != nil {
				t.Fatalf("%s: batch refused: %s", k.Name(), p.Detail)
			}
			err := run.Each(func(item BatchItem) error {
				p := item.Problem
				m := mistakes[from+item.Index]
				what := k.Name() + " batch item " + m.what
				switch {
				case p == nil:
				case p.Status != 400:
					t.Errorf("%s: status %d (%s), want 400", what, p.Status, p.Detail)
				case p.Fix == "":
					refused++
					if p.Field == "" || p.Detail == "" {
						t.Errorf("%s: no fix, and field %q detail %q: a problem without a fix names the field and says why", what, p.Field, p.Detail)
					}
				default:
					refused++
					fc := callOf(t, p.Fix)
					if again := serve(s, fc); again != nil {
						t.Errorf("%s: fix %s is refused again: %s (fix %q)", what, p.Fix, again.Detail, again.Fix)
					}
					assertKeepsIdentity(t, k, what, m.given, fc)
					assertKeepsWorth(t, k, what, m.given, fc)
				}
				return nil
			})
			run.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if refused < 1000 {
		t.Fatalf("%d items refused: the walk reaches too little", refused)
	}
}
