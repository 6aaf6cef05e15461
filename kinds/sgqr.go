package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// SGQR is Singapore's unified payment label (SGQR, MAS and IMDA): one
// code that carries the SGQR ID template (ID 51, GUID SG.SGQR: 01 SGQR ID
// number, 02 layout version, 03 postal code, 04 level, 05 unit, 06
// miscellaneous, 07 revision date) beside the schemes' templates. qrforge
// writes the PayNow template (ID 26, SG.PAYNOW) and, optionally, one more
// scheme's template with its merchant ID in sub-field 01 (SG.COM.DASH.WWW,
// COM.GRAB ...). NETS' signed template cannot be made without NETS.
//
// The SGQR specification is not public; the SG.SGQR and SG.PAYNOW
// sub-fields are those of the published SGQR labels that sgqr_test.go
// reads (the SOBA EXPRESS label shown in CNA's SGQR launch article, and
// the PayNow + SGQR sample of the EMVQR decoder's documentation), which
// this kind rebuilds byte for byte.
type SGQR struct {
	SGQRID         string `json:"sgqr_id" validate:"required" jsonschema_description:"SGQR ID number issued by the SGQR central repository (ID 51-01), 12 or 13 letters and digits (180907 2DD85C ...)." identity:"true" title:"SGQR ID"`
	Version        string `json:"version" jsonschema_description:"SGQR layout version (ID 51-02), default 01.0001." title:"SGQR version"`
	Postal         string `json:"postal" validate:"required" jsonschema_description:"Postal code of the label's location, 6 digits (ID 51-03)." identity:"true" title:"Postal code"`
	MerchantPostal string `json:"merchant_postal" jsonschema_description:"Merchant's postal code in the root (ID 61), 6 digits; omit it to leave ID 61 out." identity:"true" title:"Merchant postal code"`
	Floor          string `json:"floor" jsonschema_description:"Floor level (ID 51-04), up to 3 characters (01, B1)." identity:"true" title:"Floor"`
	Unit           string `json:"unit" jsonschema_description:"Unit number (ID 51-05), up to 5 characters." identity:"true" title:"Unit number"`
	Misc           string `json:"misc" jsonschema_description:"Miscellaneous (ID 51-06), default 0000." title:"Other location details"`
	Revised        string `json:"revised" validate:"required" jsonschema_description:"Date the label was issued or revised, YYYYMMDD (ID 51-07)." title:"Label revised on"`
	Proxy          string `json:"proxy" jsonschema_description:"PayNow proxy: a Singapore mobile number (+6591234567) or a UEN (201403121W). Give proxy, scheme or both." identity:"true" title:"PayNow mobile or UEN"`
	ProxyType      string `json:"proxy_type" meant:"phone=mobile,phone-number=mobile,mobile-number=mobile,handphone=mobile" validate:"omitempty,oneofci=mobile uen" jsonschema:"enum=mobile,enum=uen" jsonschema_description:"mobile or uen; default from the proxy's form." title:"Proxy type"`
	Editable       string `json:"editable" validate:"omitempty,oneofci=true false 1 0 yes no" jsonschema:"enum=true,enum=false" jsonschema_description:"Whether the payer may change the amount (ID 26-03). Default true without an amount, false with one." title:"Payer may change the amount"`
	Expiry         string `json:"expiry" jsonschema_description:"PayNow expiry date YYYYMMDD (ID 26-04)." title:"Pay by"`
	Scheme         string `json:"scheme" jsonschema_description:"GUID of one more scheme's template (ID 27), a reverse domain such as SG.COM.DASH.WWW, written with scheme_id." identity:"true" title:"Other scheme template"`
	SchemeID       string `json:"scheme_id" jsonschema_description:"Merchant ID in that scheme (ID 27-01), up to 40 characters." identity:"true" title:"Other scheme ID"`
	MCC            string `json:"mcc" jsonschema_description:"Merchant category code (ID 52), default 0000." title:"Merchant category code"`
	Amount         string `json:"amount" jsonschema_description:"Amount in Singapore dollars (ID 54) with '.' and at most 2 decimals." title:"Amount"`
	Name           string `json:"name" validate:"required" jsonschema_description:"Merchant name (ID 59), 1 to 25 characters." identity:"true" title:"Merchant name"`
	City           string `json:"city" jsonschema_description:"Merchant city (ID 60), default Singapore." identity:"true" title:"City"`
	Bill           string `json:"bill" jsonschema_description:"Bill number (ID 62-01), up to 25 characters." identity:"true" title:"Bill number"`
}

const (
	sgqrGUID = "SG.SGQR"
	sgqrRule = "SGQR (MAS/IMDA) on " + emvRule
)

var (
	sgqrID     = regexp.MustCompile(`^[0-9A-Z]{12,13}$`)
	sgqrPostal = regexp.MustCompile(`^[0-9]{6}$`)
	sgqrVer    = regexp.MustCompile(`^[0-9]{2}\.[0-9]{4}$`)
	sgqrShort  = regexp.MustCompile(`^[0-9A-Za-z-]{1,5}$`)
)

func init() {
	registry.Register(registry.Kind[SGQR]{
		Name:     "sgqr",
		Currency: "SGD",
		Title:    "SGQR label (Singapore)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Make a Singapore SGQR label with PayNow (SGD)",
		Standard: registry.Standard{
			Name:    "Singapore Quick Response Code (SGQR), MAS and IMDA, on EMV QRCPS-MPM; PayNow QR (ABS)",
			Version: "EMV QRCPS-MPM 1.1",
			Section: "SGQR ID template 51 (SG.SGQR: 01 ID, 02 version, 03 postal code, 04 level, 05 unit, 06 misc, 07 date); PayNow template 26; 53 = 702, 58 = SG",
			URL:     "https://www.mas.gov.sg/development/e-payments/sgqr",
		},
		Examples: []SGQR{
			{SGQRID: "202012345X123", Postal: "828671", MerchantPostal: "828761", Floor: "01", Unit: "123", Revised: "20191231", Proxy: "202012345X", Editable: "true", Expiry: "20211231", Name: "RATINAN LEE", City: "SINGAPORE", Bill: "987654321X"},
			{SGQRID: "1809072DD85C", Postal: "079027", Floor: "01", Unit: "06", Revised: "20180915", Scheme: "SG.COM.DASH.WWW", SchemeID: "0000005550", MCC: "5812", Name: "SOBA EXPRESS"},
		},
		Check:        checkSGQR,
		Encode:       encodeSGQR,
		ParseNotKept: emvParseNotKept(parseSGQR, checkSGQR, encodeSGQR),
	})
}

func checkSGQR(s *SGQR) []registry.FieldError {
	var errs []registry.FieldError
	if s.SGQRID = upperASCII(strings.TrimSpace(s.SGQRID)); !sgqrID.MatchString(s.SGQRID) {
		errs = append(errs, registry.FieldError{Field: "sgqr_id", Detail: "sgqr_id is the SGQR ID number, 12 or 13 capital letters and digits (" + sgqrRule + ", ID 51-01)", Fix: ""})
	}
	if s.Version = strings.TrimSpace(s.Version); s.Version == "" {
		s.Version = "01.0001"
	}
	if !sgqrVer.MatchString(s.Version) {
		errs = append(errs, registry.FieldError{Field: "version", Detail: "version is NN.NNNN (" + sgqrRule + ", ID 51-02)", Fix: "01.0001"})
	}
	if s.Postal = strings.TrimSpace(s.Postal); !sgqrPostal.MatchString(s.Postal) {
		errs = append(errs, registry.FieldError{Field: "postal", Detail: "postal is a Singapore postal code, 6 digits (" + sgqrRule + ", ID 51-03)", Fix: ""})
	}
	if s.MerchantPostal = strings.TrimSpace(s.MerchantPostal); s.MerchantPostal != "" && !sgqrPostal.MatchString(s.MerchantPostal) {
		errs = append(errs, registry.FieldError{Field: "merchant_postal", Detail: "merchant_postal is a Singapore postal code, 6 digits (" + sgqrRule + ", ID 61)", Fix: ""})
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"floor", &s.Floor}, {"unit", &s.Unit}} {
		if *f.v = strings.TrimSpace(*f.v); *f.v != "" && !sgqrShort.MatchString(*f.v) {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is up to 5 letters, digits or '-' (" + sgqrRule + ", ID 51)", Fix: ""})
		}
	}
	if s.Misc = strings.TrimSpace(s.Misc); s.Misc == "" {
		s.Misc = "0000"
	}
	if err := emvCheckPrintable("misc", s.Misc, 20, sgqrRule+", ID 51-06"); err != nil {
		errs = append(errs, *err)
	}
	if d, ok := payNowExpiry(s.Revised); !ok || len(d) != 8 {
		fix, why := payNowDateFix(s.Revised, false)
		errs = append(errs, registry.FieldError{Field: "revised", Detail: "revised is a date YYYYMMDD (" + sgqrRule + ", ID 51-07)" + why, Fix: fix})
	} else {
		s.Revised = d
	}
	s.Scheme, s.SchemeID = strings.TrimSpace(s.Scheme), strings.TrimSpace(s.SchemeID)
	switch {
	case s.Proxy == "" && s.Scheme == "":
		errs = append(errs, registry.FieldError{Field: "proxy", Detail: "an SGQR label carries at least one scheme: give a PayNow proxy, or scheme and scheme_id (" + sgqrRule + ")", Fix: ""})
	case (s.Scheme == "") != (s.SchemeID == ""):
		errs = append(errs, registry.FieldError{Field: "scheme_id", Detail: "scheme and scheme_id come together (" + sgqrRule + ", ID 27)", Fix: ""})
	case s.Scheme != "" && (!emvGUIShape.MatchString(s.Scheme) || strings.EqualFold(s.Scheme, payNowGUID) || strings.EqualFold(s.Scheme, sgqrGUID)):
		errs = append(errs, registry.FieldError{Field: "scheme", Detail: "scheme is another scheme's GUID, a reverse domain such as SG.COM.DASH.WWW (PayNow has its own fields) (" + sgqrRule + ")", Fix: ""})
	}
	if err := emvCheckPrintable("scheme_id", s.SchemeID, 40, sgqrRule+", ID 27-01"); err != nil {
		errs = append(errs, *err)
	}
	if err := emvCheckAmount("amount", &s.Amount, 2, "SGD"); err != nil {
		errs = append(errs, *err)
	}
	if s.Proxy != "" {
		p := PayNow{Proxy: s.Proxy, ProxyType: s.ProxyType}
		if err := payNowProxy(&p); err != nil {
			errs = append(errs, *err)
		}
		s.Proxy, s.ProxyType = p.Proxy, p.ProxyType
		if s.Editable == "" {
			s.Editable = "true"
			if s.Amount != "" {
				s.Editable = "false"
			}
		}
		s.Editable = strings.ToLower(s.Editable)
		if s.Expiry != "" {
			if e, ok := payNowExpiry(s.Expiry); ok {
				s.Expiry = e
			} else {
				fix, why := payNowDateFix(s.Expiry, true)
				errs = append(errs, registry.FieldError{Field: "expiry", Detail: "expiry is a date YYYYMMDD (PayNow template 26, sub-field 04)" + why, Fix: fix})
			}
		}
	} else if s.ProxyType != "" || s.Editable != "" || s.Expiry != "" {
		errs = append(errs, registry.FieldError{Field: "proxy", Detail: "proxy_type, editable and expiry describe a PayNow proxy: give proxy (" + sgqrRule + ")", Fix: ""})
	}
	if err := emvCheckMCC("mcc", &s.MCC, "0000"); err != nil {
		errs = append(errs, *err)
	}
	if s.City == "" {
		s.City = payNowDefaultCity
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &s.Name, 25, sgqrRule + ", ID 59 Merchant Name: up to 25 characters", ""},
		emvTextField{"city", &s.City, 15, sgqrRule + ", ID 60 Merchant City: up to 15 characters", payNowDefaultCity},
		emvTextField{"bill", &s.Bill, 25, sgqrRule + ", ID 62-01 Bill Number: up to 25 characters", ""},
	)...)
	return errs
}

func encodeSGQR(s SGQR) string {
	var accounts []emvObject
	if s.Proxy != "" {
		proxyType, editable := payNowUEN, "0"
		if s.ProxyType == "mobile" {
			proxyType = payNowMobile
		}
		if parseBool(s.Editable) {
			editable = "1"
		}
		accounts = append(accounts, emvObject{"26", emvJoin(emvObject{"00", payNowGUID}, emvObject{"01", proxyType}, emvObject{"02", s.Proxy}, emvObject{"03", editable}, emvObject{"04", s.Expiry})})
	}
	if s.Scheme != "" {
		accounts = append(accounts, emvObject{"27", emvJoin(emvObject{"00", s.Scheme}, emvObject{"01", s.SchemeID})})
	}
	accounts = append(accounts, emvObject{"51", emvJoin(emvObject{"00", sgqrGUID}, emvObject{"01", s.SGQRID}, emvObject{"02", s.Version},
		emvObject{"03", s.Postal}, emvObject{"04", s.Floor}, emvObject{"05", s.Unit}, emvObject{"06", s.Misc}, emvObject{"07", s.Revised})})
	return emvMerchant{
		Accounts: accounts, MCC: s.MCC, Currency: "702", Amount: s.Amount, Country: "SG", Name: s.Name, City: s.City, Postal: s.MerchantPostal,
		Additional: []emvObject{{"01", s.Bill}},
	}.payload()
}

// parseSGQR reads a label with the SGQR ID template; of the schemes it
// keeps PayNow and the first other template with a sub-field 01.
func parseSGQR(payload string) (SGQR, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" {
		return SGQR{}, false
	}
	t, ok := root.template(sgqrGUID)
	if !ok {
		return SGQR{}, false
	}
	s := SGQR{SGQRID: t.get("01"), Version: t.get("02"), Postal: t.get("03"), Floor: t.get("04"), Unit: t.get("05"), Misc: t.get("06"), Revised: t.get("07"),
		MCC: root.get("52"), Amount: root.get("54"), Name: root.get("59"), City: root.get("60"), MerchantPostal: root.get("61")}
	if p, ok := root.template(payNowGUID); ok {
		s.Proxy, s.Expiry = p.get("02"), p.get("04")
		s.ProxyType = map[string]string{payNowMobile: "mobile", payNowUEN: "uen"}[p.get("01")]
		s.Editable = map[string]string{"1": "true", "0": "false"}[p.get("03")]
	}
	for _, o := range root {
		if o.id >= "26" && o.id <= "50" {
			if sub, ok := emvSplit(o.value); ok && !strings.EqualFold(sub.get("00"), payNowGUID) && sub.get("01") != "" {
				s.Scheme, s.SchemeID = sub.get("00"), sub.get("01")
				break
			}
		}
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		s.Bill = extra.get("01")
	}
	return s, s.SGQRID != ""
}
