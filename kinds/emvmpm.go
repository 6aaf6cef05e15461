package kinds

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"github.com/qrforge/qrforge/registry"
)

// The root data objects of EMV QRCPS-MPM v1.1 §4 that every merchant-
// presented code carries around its merchant account information: one
// writer (emvMerchant.payload, over emvJoin and emvPayload) and one set of
// checks, shared by emvqr and the national profiles (qris, duitnow, sgqr,
// khqr, qrph, bharatqr, paynow, vietqr).

// emvMerchant is a merchant-presented payload before encoding. Empty
// values are absent optional objects.
type emvMerchant struct {
	// Format is the Payload Format Indicator (ID "00"): "01" for EMV
	// QRCPS-MPM v1.x; DuitNow writes "02".
	Format string
	// Accounts are the merchant account information objects (IDs "02"
	// to "51"), in the order they are written.
	Accounts []emvObject
	// MCC (52), Currency (53, numeric), Amount (54), Tip (55), FeeFixed
	// (56), FeePercent (57), Country (58), Name (59), City (60), Postal (61).
	MCC, Currency, Amount, Tip, FeeFixed, FeePercent, Country, Name, City, Postal string
	// Additional are the data objects of the Additional Data Field
	// Template (ID "62").
	Additional []emvObject
	// After are templates written after "62" (IDs "64" to "99").
	After []emvObject
}

// payload writes the root objects in the order of EMV QRCPS-MPM §4 Table
// 4.1 (IDs ascending, the merchant account templates in the order given)
// and closes them with the CRC. The point of initiation (ID "01") is
// "12", a code for one payment, when it carries an amount and "11", a
// reusable code, otherwise (§4.2.2).
func (m emvMerchant) payload() string {
	format := m.Format
	if format == "" {
		format = "01"
	}
	initiation := "11"
	if m.Amount != "" {
		initiation = "12"
	}
	objs := []emvObject{{"00", format}, {"01", initiation}}
	objs = append(objs, m.Accounts...)
	objs = append(objs,
		emvObject{"52", m.MCC}, emvObject{"53", m.Currency}, emvObject{"54", m.Amount},
		emvObject{"55", m.Tip}, emvObject{"56", m.FeeFixed}, emvObject{"57", m.FeePercent},
		emvObject{"58", m.Country}, emvObject{"59", m.Name}, emvObject{"60", m.City},
		emvObject{"61", m.Postal}, emvObject{"62", emvJoin(m.Additional...)},
	)
	objs = append(objs, m.After...)
	return emvPayload(objs...)
}

const emvRule = "EMV QRCPS-MPM v1.1"

var (
	emvMCCShape = regexp.MustCompile(`^[0-9]{4}$`)
	// emvAmountShape is an amount as §4.2.5 writes one ("98.73", "98"):
	// digits, and a '.' only with digits after it.
	emvAmountShape = regexp.MustCompile(`^[0-9]+(?:\.[0-9]+)?$`)
	emvPercent     = regexp.MustCompile(`^(?:[0-9]{1,2})(?:\.[0-9]{1,2})?$`)
)

// emvCheckMCC checks a Merchant Category Code (ID "52"): four digits of
// ISO 18245. An empty value takes def.
func emvCheckMCC(field string, v *string, def string) *registry.FieldError {
	*v = strings.TrimSpace(*v)
	if *v == "" {
		*v = def
	}
	if !emvMCCShape.MatchString(*v) {
		fix := def
		if d := asciiDigitsOnly(*v); len(d) == 4 {
			fix = d
		}
		return &registry.FieldError{Field: field, Detail: field + " is a merchant category code, 4 digits of ISO 18245 such as 5411 (" + emvRule + " §4.2.3, ID 52)", Fix: fix}
	}
	return nil
}

// emvCheckCurrency reads a currency given by its ISO 4217 numeric or
// alphabetic code and leaves the numeric code in v, which ID "53" carries
// (§4.2.4). It returns the currency's minor units.
func emvCheckCurrency(field string, v *string, def string) (int, *registry.FieldError) {
	*v = strings.TrimSpace(*v)
	if *v == "" {
		*v = def
	}
	n, ok := iso4217Numeric(*v)
	if !ok {
		fix, why, named := currencyWordFix(*v, isISO4217)
		if !named {
			fix, why = def, "; "+strconv.Quote(*v)+" is not a current currency"
		}
		return 0, &registry.FieldError{Field: field, Detail: field + " is an ISO 4217 currency, as its numeric code (840) or letters (USD)" + why + " (" + emvRule + " §4.2.4, ID 53)", Fix: fix}
	}
	*v = n
	return iso4217[n].minor, nil
}

// emvCheckCountry checks an ISO 3166-1 alpha-2 country code (ID "58",
// §4.2.6), written in capitals; golang.org/x/text/language knows the
// assigned codes.
func emvCheckCountry(field string, v *string, def string) *registry.FieldError {
	*v = upperASCII(strings.TrimSpace(*v))
	if *v == "" {
		*v = def
	}
	if r, err := language.ParseRegion(*v); err != nil || len(*v) != 2 || !r.IsCountry() {
		return &registry.FieldError{Field: field, Detail: field + " is an ISO 3166-1 alpha-2 country code such as SG (" + emvRule + " §4.2.6, ID 58)", Fix: def}
	}
	return nil
}

// emvCheckAmount checks a Transaction Amount (ID "54", §4.2.5): digits
// and at most one '.', at most 13 characters, greater than zero, and no
// more decimals than the currency's minor units. The fix writes an amount
// as people write one (amountnotation.go) in this form: a decimal comma, a
// thousands separator or the currency's code or sign (units, and the
// signs of its code) left out.
func emvCheckAmount(field string, v *string, minor int, units ...string) *registry.FieldError {
	*v = strings.TrimSpace(*v)
	if *v == "" {
		return nil
	}
	detail, fix, why := "", "", ""
	_, frac, dot := strings.Cut(*v, ".")
	switch {
	case !emvAmountShape.MatchString(*v):
		detail = field + " is digits with '.' as the decimal point and digits after it: no sign, comma, space or currency"
		if fix = amountFix(*v, minor, units...); fix == "" {
			why = twoReadings(*v, units...)
		}
	case strings.Trim(*v, "0.") == "":
		detail = field + " is greater than zero; leave it out to let the payer enter the amount"
	case len(*v) > 13:
		detail = field + " is at most 13 characters; this one has " + itoa(len(*v))
	case dot && len(frac) > minor:
		detail = field + " has at most " + itoa(minor) + " decimals, the minor unit of the currency (ISO 4217)"
		fix = amountFix(*v, minor) // trailing zeros only: a payment is never rounded
	default:
		return nil
	}
	return &registry.FieldError{Field: field, Detail: detail + " (" + emvRule + " §4.2.5, ID 54)" + why, Fix: fix}
}

// emvCheckTip checks the Tip or Convenience Indicator (ID "55") and its
// fee (§4.2.5): 01 asks the payer for a tip, 02 adds the fixed fee of ID
// "56" and 03 the percentage of ID "57" (00.01 to 99.99); a fee comes
// only with its indicator.
func emvCheckTip(tip, fixed, percent *string, minor int) []registry.FieldError {
	*tip, *fixed, *percent = strings.TrimSpace(*tip), strings.TrimSpace(*fixed), strings.TrimSpace(*percent)
	var errs []registry.FieldError
	switch *tip {
	case "", "01":
	case "02":
		if *fixed == "" {
			errs = append(errs, registry.FieldError{Field: "fee", Detail: "tip 02 adds a fixed convenience fee: give it in fee (" + emvRule + " §4.2.5, ID 56)", Fix: ""})
		}
	case "03":
		if *percent == "" {
			errs = append(errs, registry.FieldError{Field: "fee_percent", Detail: "tip 03 adds a percentage convenience fee: give it in fee_percent (" + emvRule + " §4.2.5, ID 57)", Fix: ""})
		}
	default:
		return []registry.FieldError{{Field: "tip", Detail: "tip is 01 (the payer is asked for a tip), 02 (a fixed fee) or 03 (a percentage fee) (" + emvRule + " §4.2.5, ID 55)", Fix: ""}}
	}
	if *fixed != "" {
		if *tip != "02" {
			errs = append(errs, registry.FieldError{Field: "fee", Detail: "fee is written only with tip 02 (" + emvRule + " §4.2.5, ID 56)", Fix: ""})
		} else if err := emvCheckAmount("fee", fixed, minor); err != nil {
			err.Detail = strings.Replace(err.Detail, "ID 54", "ID 56", 1)
			errs = append(errs, *err)
		}
	}
	if *percent != "" {
		switch {
		case *tip != "03":
			errs = append(errs, registry.FieldError{Field: "fee_percent", Detail: "fee_percent is written only with tip 03 (" + emvRule + " §4.2.5, ID 57)", Fix: ""})
		case !emvPercent.MatchString(*percent) || strings.Trim(*percent, "0.") == "":
			errs = append(errs, registry.FieldError{Field: "fee_percent", Detail: "fee_percent is a percentage from 00.01 to 99.99 (" + emvRule + " §4.2.5, ID 57)", Fix: ""})
		}
	}
	return errs
}

// emvCheckTemplate refuses a template whose objects do not fit the 99
// characters of its value.
func emvCheckTemplate(field, id string, objs ...emvObject) *registry.FieldError {
	if n := emvTemplateLength(objs...); n > emvMaxValue {
		return &registry.FieldError{Field: field, Detail: "template " + id + " holds at most 99 characters; these fields make " + itoa(n) + " (" + emvRule + " §4.1: a length has two digits)", Fix: ""}
	}
	return nil
}

// emvAdditional are the Additional Data Field Template's fields (ID "62",
// §4.2.10): bill number 01, mobile number 02, store label 03, loyalty
// number 04, reference label 05, customer label 06, terminal label 07 and
// purpose of transaction 08, each 1 to 25 characters of "ans" text.
type emvAdditional struct {
	Bill, Mobile, Store, Loyalty, Reference, Customer, Terminal, Purpose *string
}

func (a emvAdditional) fields() []struct {
	name, id string
	v        *string
} {
	return []struct {
		name, id string
		v        *string
	}{{"bill", "01", a.Bill}, {"mobile", "02", a.Mobile}, {"store", "03", a.Store}, {"loyalty", "04", a.Loyalty},
		{"reference", "05", a.Reference}, {"customer", "06", a.Customer}, {"terminal", "07", a.Terminal}, {"purpose", "08", a.Purpose}}
}

// check normalises the fields with emvTexts; the template's total length
// is checked with objects.
func (a emvAdditional) check() []registry.FieldError {
	var fs []emvTextField
	for _, f := range a.fields() {
		if f.v != nil {
			fs = append(fs, emvTextField{f.name, f.v, 25, emvRule + " §4.2.10, ID 62-" + f.id + ": up to 25 characters", ""})
		}
	}
	return emvTexts(fs...)
}

// objects are the present fields as data objects, after any given first
// (QR Ph puts a GUID at 62-00).
func (a emvAdditional) objects(first ...emvObject) []emvObject {
	out := first
	for _, f := range a.fields() {
		if f.v != nil && *f.v != "" {
			out = append(out, emvObject{f.id, *f.v})
		}
	}
	return out
}

// read fills the fields from a parsed template 62.
func (a emvAdditional) read(o emvObjects) {
	for _, f := range a.fields() {
		if f.v != nil {
			*f.v = o.get(f.id)
		}
	}
}

// emvInitiationOK reports whether a parsed point of initiation is one of
// §4.2.2's values (or absent, as in a static Pix).
func emvInitiationOK(v string) bool { return v == "" || v == "11" || v == "12" }

func asciiDigitsOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return r
		}
		return -1
	}, s)
}
