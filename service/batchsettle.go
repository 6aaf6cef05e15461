package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/render"
)

// batchTarget writes a fix of a batch's shared style: the caller's body
// with its style replaced by the corrected one, as a call.
type batchTarget struct {
	top  map[string]json.RawMessage
	size int
}

func (t batchTarget) url(base string, style url.Values) string {
	return correctedBatchCall(base, t.corrected(style), t.size)
}

// corrected is the caller's body with style as its shared style.
func (t batchTarget) corrected(style url.Values) map[string]json.RawMessage {
	return withKey(t.top, "style", styleJSON(style))
}

// styleProblem is a problem of the shared style whose fix is the body
// with the style corrected (fixed), kept so that settle tries it on the
// items before it is given.
func (s *Service) styleProblem(detail, field string, top map[string]json.RawMessage, fixed url.Values, size int) *Problem {
	t := batchTarget{top: top, size: size}
	p := s.bodyProblem(detail, field, t.corrected(fixed), size)
	p.fixed, p.fixAt = fixed, t
	return p
}

// tryBatchStyle is the problem the batch of t with the shared style
// would answer, nil when every item is served or refused for a reason
// of its own. A style is checked once for the whole batch, but some of
// what it asks is checked only when each item's code is made, and
// depends on the item's data: the logo's size that fits level L. So each
// item is encoded, not drawn, as output url checks it (check), and what
// items refuse in the shared style is corrected in it, to the one value
// that serves every item (servingValue). The batch has an item limit,
// and nothing is drawn unless a size may be too small.
func (s *Service) tryBatchStyle(ctx context.Context, t batchTarget, style url.Values) *Problem {
	body, err := json.Marshal(t.corrected(style))
	if err != nil {
		return nil
	}
	req, p := s.readBatch(body)
	if p != nil && p.Fix != "" && p.fixed == nil {
		// Another member of the body has a fix of its own (verify);
		// the items are tried once it is followed.
		return nil
	}
	if p != nil || len(req.style) == 0 {
		return p
	}
	trial := &batchRequest{output: req.output, style: req.style, format: req.format, items: req.items, checking: true}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream := s.renderBatch(ctx, trial)
	needs := map[string]*styleNeed{}
	var names []string
	for i := range req.items {
		res, ok := stream.next(ctx, i)
		if !ok {
			// The caller has gone: settle keeps the fix as first made.
			return s.Problem(KindInternal, "the batch was not tried: "+context.Cause(ctx).Error(), "", "")
		}
		item := res.problem
		if item == nil || item.Status != ErrorKinds[KindInvalidParameter].Status {
			// Served, or refused for a reason no parameter mends
			// (overloaded), which the batch answers on its own.
			continue
		}
		shared := s.sharedFields(req, i, item)
		for _, e := range shared {
			if item.fixed == nil {
				q := s.Problem(KindInvalidParameter, fmt.Sprintf("style: items[%d] is refused: %s", i, e.Detail), "style."+e.Field, "")
				q.Example = s.BatchCurl(ExampleBatch)
				return q
			}
			name := canonicalName(e.Field, false)
			if item.fixed.Has(e.Field) && item.fixed.Get(e.Field) == style.Get(name) {
				continue // named, not changed: nothing in the style to mend
			}
			n := needs[name]
			if n == nil {
				n = &styleNeed{}
				needs[name] = n
				names = append(names, name)
			}
			n.add(i, item.fixed.Get(e.Field), e.Detail)
		}
	}
	if len(names) == 0 {
		return nil
	}
	fixed := cloneValues(style)
	var errs []FieldProblem
	for _, name := range names {
		n := needs[name]
		value, pick, ok := servingValue(name, n.values)
		if !ok {
			q := s.Problem(KindInvalidParameter, fmt.Sprintf("style: items need different values of %s (%s), and no one value serves them all: give those items %s in their own style", name, n.spread(), name), "style."+name, "")
			q.Example = s.BatchCurl(ExampleBatch)
			return q
		}
		if value == "" {
			fixed.Del(name)
		} else {
			fixed.Set(name, value)
		}
		errs = append(errs, FieldProblem{"style." + name, n.detail(pick, name, value)})
	}
	// An option that acts on one the fix drops (a logo's size) goes too.
	dropUnmet(fixed, func(string) bool { return true })
	q := s.styleProblem(errs[0].Detail, errs[0].Field, t.top, fixed, t.size)
	if len(errs) > 1 {
		q.Errors = errs
	}
	return q
}

// sharedFields are the field problems of item i's problem that are the
// shared style's: a rendering option the style gives, or one acting on
// an option it gives (a logo's size), that the item does not give in
// its own style or among its fields.
func (s *Service) sharedFields(req *batchRequest, i int, p *Problem) []FieldProblem {
	item, _, _ := s.readItem(i, req.items[i])
	if item == nil {
		return nil
	}
	var out []FieldProblem
	for _, e := range problemsOf(p) {
		name := canonicalName(e.Field, false)
		o, ok := options.Named(name)
		if !ok || !isRenderOption(name) || styleGives(item.style, name) || ownOption(item, name) {
			continue
		}
		if req.style.Has(name) || slices.ContainsFunc(o.Needs, req.style.Has) {
			out = append(out, e)
		}
	}
	return out
}

// ownOption reports whether a typed item gives the option name among its
// fields, where it is the item's own style.
func ownOption(item *batchItemInput, name string) bool {
	if item.kind == nil {
		return false
	}
	for k := range item.fields {
		if o, ok := options.Named(strings.ToLower(k)); ok && o.Name == name && !item.kind.HasField(k) {
			return true
		}
	}
	return false
}

// styleNeed is what the items refused for one shared option need of it:
// each item's value ("" for none) and why.
type styleNeed struct {
	items   []int
	values  []string
	details []string
}

func (n *styleNeed) add(i int, value, detail string) {
	n.items, n.values, n.details = append(n.items, i), append(n.values, value), append(n.details, detail)
}

// detail says why the fix gives name value: item pick's reason, and how
// many more items it serves.
func (n *styleNeed) detail(pick int, name, value string) string {
	d := fmt.Sprintf("style: with the style fixed, items[%d] is refused: %s", n.items[pick], n.details[pick])
	given := "the fix's " + name + "=" + value
	if value == "" {
		given = "the fix, without " + name + ","
	}
	switch more := len(n.items) - 1; {
	case more == 1:
		d += fmt.Sprintf("; so is 1 more item, and %s serves both", given)
	case more > 1:
		d += fmt.Sprintf("; so are %d more items, and %s serves every one", more, given)
	}
	return d
}

// spread names the first two values items need, and which items need
// them.
func (n *styleNeed) spread() string {
	var said []string
	for j, v := range n.values {
		if !slices.ContainsFunc(said, func(s string) bool { return strings.HasPrefix(s, strconv.Quote(v)+" ") }) {
			said = append(said, fmt.Sprintf("%q for items[%d]", v, n.items[j]))
		}
		if len(said) == 2 {
			break
		}
	}
	return strings.Join(said, ", ")
}

// servingValue is the value of the shared option name that serves every
// item, of the values each needs ("" drops the option), and which item's
// value it is; ok is false when none serves them all. A logo's size
// serves every item at the smallest any needs, a canvas, quiet zone or
// version at the largest (a larger version holds all a smaller one
// does: ISO/IEC 18004:2015 Table 7), a level at the highest (ISO/IEC 18004:2015 §7.5.1: a
// higher level holds more of a logo); dropping serves every item.
// Other options must agree.
func servingValue(name string, values []string) (string, int, bool) {
	if j := slices.Index(values, ""); j >= 0 {
		return "", j, true
	}
	rank := func(v string) (float64, bool) {
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil
	}
	larger := true
	switch name {
	case optLogoSize.Name:
		larger = false
	case optSize.Name, optMargin.Name, optVersion.Name:
	case optEC.Name:
		rank = func(v string) (float64, bool) {
			l := slices.Index(render.Levels, render.Level(strings.ToUpper(v)[0]))
			return float64(l), len(v) == 1 && l >= 0
		}
	default:
		rank = nil
	}
	pick := 0
	for j, v := range values {
		if v == values[pick] {
			continue
		}
		if rank == nil {
			return "", 0, false
		}
		a, okA := rank(values[pick])
		b, okB := rank(v)
		if !okA || !okB {
			return "", 0, false
		}
		if b > a == larger {
			pick = j
		}
	}
	return values[pick], pick, true
}
