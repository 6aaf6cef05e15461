package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// QRPh is the Philippines' national QR code (QR Ph, Bangko Sentral ng
// Pilipinas Circular 1055, Philippine Payments Management Inc.), paid in
// pesos (608) over InstaPay by every Philippine bank and e-money app.
// A person-to-person code carries template 27 (GUID com.p2pqrpay: 01
// receiving institution's BIC, 02 payment type, 04 account number, 05
// mobile number); a person-to-merchant code template 28 (GUID
// ph.ppmi.p2m: 01 acquirer's BIC, 03 merchant ID). The additional data
// template 62 repeats the scheme's GUID in its sub-field 00.
//
// PPMI's QR Ph specification is not public: the layout is the one of
// PayMongo's published QR transfer resource (developers.paymongo.com,
// "QR Transfer Resource") and of the P2M code analysed in "QRPh Part 4"
// (afcsblog.ingonoka.com), which qrph_test.go rebuilds and reads.
type QRPh struct {
	Mode          string `json:"mode" meant:"person=p2p,person-to-person=p2p,merchant=p2m,person-to-merchant=p2m" validate:"omitempty,oneofci=p2p p2m" jsonschema:"enum=p2p,enum=p2m" jsonschema_description:"p2p (a transfer to a person's account, template 27; default) or p2m (a merchant payment, template 28)." title:"Transfer or merchant"`
	BIC           string `json:"bic" validate:"required" jsonschema_description:"BIC (SWIFT code) of the receiving bank or e-money issuer, 8 or 11 characters (GXCHPHM2XXX, BNORPHMMXXX)." identity:"true" title:"Bank (BIC)"`
	Account       string `json:"account" validate:"required" jsonschema_description:"p2p: the receiver's account number (ID 27-04), up to 19 characters; p2m: the merchant ID (ID 28-03), up to 25." identity:"true" title:"Merchant account"`
	AccountMobile string `json:"account_mobile" jsonschema_description:"p2p: the receiver's mobile number as +63-9xx-xxxxxxx or +63-9xxxxxxxxx (ID 27-05)." identity:"true" title:"Account or mobile number"`
	PaymentType   string `json:"payment_type" jsonschema_description:"p2p payment type (ID 27-02), 8 digits; default 99964403 (InstaPay)." title:"Payment type"`
	MCC           string `json:"mcc" jsonschema_description:"Merchant category code (ID 52); default 6016 for p2p, required for p2m." title:"Merchant category code"`
	Amount        string `json:"amount" jsonschema_description:"Amount in pesos (ID 54) with '.' and at most 2 decimals. Omit it for a static code." title:"Amount"`
	Name          string `json:"name" validate:"required" jsonschema_description:"Receiver's or merchant's name (ID 59), 1 to 25 characters." identity:"true" title:"Merchant name"`
	City          string `json:"city" validate:"required" jsonschema_description:"City (ID 60), 1 to 15 characters." identity:"true" title:"City"`
	Postal        string `json:"postal" jsonschema_description:"Postal code (ID 61), 4 digits." identity:"true" title:"Postal code"`
	Bill          string `json:"bill" jsonschema_description:"Bill number (ID 62-01), up to 25 characters; *** asks the payer for it." identity:"true" title:"Bill number"`
	Mobile        string `json:"mobile" jsonschema_description:"Mobile number (ID 62-02), up to 25 characters." identity:"true" title:"Mobile number"`
	Store         string `json:"store" jsonschema_description:"Store label (ID 62-03), up to 25 characters." title:"Store label"`
	Loyalty       string `json:"loyalty" jsonschema_description:"Loyalty number (ID 62-04), up to 25 characters." identity:"true" title:"Loyalty number"`
	Reference     string `json:"reference" jsonschema_description:"Reference label (ID 62-05), up to 25 characters." identity:"true" title:"Reference label"`
	Customer      string `json:"customer" jsonschema_description:"Customer label (ID 62-06), up to 25 characters." identity:"true" title:"Customer label"`
	Terminal      string `json:"terminal" jsonschema_description:"Terminal label (ID 62-07), up to 25 characters." title:"Terminal label"`
	Purpose       string `json:"purpose" jsonschema_description:"Purpose of transaction (ID 62-08), up to 25 characters." title:"Purpose of the payment"`
}

const (
	qrPhP2P      = "com.p2pqrpay"
	qrPhP2M      = "ph.ppmi.p2m"
	qrPhP2MData  = "ph.ppmi.qrph"
	qrPhInstaPay = "99964403"
	qrPhRule     = "QR Ph (BSP Circular 1055) on " + emvRule
)

var (
	qrPhBIC     = regexp.MustCompile(`^[A-Z]{4}PH[A-Z0-9]{2}(?:[A-Z0-9]{3})?$`)
	qrPhType    = regexp.MustCompile(`^[0-9]{8}$`)
	qrPhMobile  = regexp.MustCompile(`^\+63-?9[0-9]{2}-?[0-9]{7}$`)
	qrPhPostal  = regexp.MustCompile(`^[0-9]{4}$`)
	qrPhAccount = regexp.MustCompile(`^[0-9A-Za-z]+$`)
)

func init() {
	registry.Register(registry.Kind[QRPh]{
		Name:     "qrph",
		Currency: "PHP",
		Title:    "QR Ph (Philippines)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Receive an InstaPay transfer or merchant payment in the Philippines (QR Ph, PHP)",
		Standard: registry.Standard{
			Name:    "QR Ph National QR Code Standard (BSP Circular No. 1055, Philippine Payments Management Inc.), on EMV QRCPS-MPM",
			Version: "EMV QRCPS-MPM 1.1",
			Section: "P2P template 27 (com.p2pqrpay: 01 BIC, 02 payment type, 04 account, 05 mobile); P2M template 28 (ph.ppmi.p2m: 01 BIC, 03 merchant ID); 62-00 GUID; 53 = 608, 58 = PH",
			URL:     "https://developers.paymongo.com/reference/qr-transfer-resource",
		},
		Examples: []QRPh{
			{BIC: "PAPHPHM1XXX", Account: "639060498741", AccountMobile: "+63-906-0498741", Name: "Bernabe Jr Agustin", City: "Valenzuela"},
			{BIC: "PAEYPHM2XXX", Account: "985889386153", AccountMobile: "+63-9913729861", Amount: "123.45", Name: "ENG-19818-ged", City: "Manila", Bill: "***", Mobile: "+63-9913729862", Store: "***", Loyalty: "LOYALTY1", Reference: "test12", Customer: "cust1", Terminal: "12345678", Purpose: "***"},
			{Mode: "p2m", BIC: "RCBCPHMMXXX", Account: "000600788000696", MCC: "5311", Amount: "1458.31", Name: "LANDMARK Makati DS", City: "Makati", Reference: "0000438638", Terminal: "20006519"},
		},
		Check:        checkQRPh,
		Encode:       encodeQRPh,
		ParseNotKept: emvParseNotKept(parseQRPh, checkQRPh, encodeQRPh),
	})
}

func checkQRPh(q *QRPh) []registry.FieldError {
	var errs []registry.FieldError
	if q.Mode = strings.ToLower(q.Mode); q.Mode == "" {
		q.Mode = "p2p"
	}
	if q.BIC = upperASCII(strings.TrimSpace(q.BIC)); !qrPhBIC.MatchString(q.BIC) {
		errs = append(errs, registry.FieldError{Field: "bic", Detail: "bic is the receiving institution's BIC, 8 or 11 characters with country PH (ISO 9362; " + qrPhRule + ", ID 27-01/28-01)", Fix: ""})
	}
	max := 19
	if q.Mode == "p2m" {
		max = 25
	}
	if q.Account = asciiDigitsOnlyIfSpaced(q.Account); !qrPhAccount.MatchString(q.Account) || len(q.Account) > max {
		errs = append(errs, registry.FieldError{Field: "account", Detail: "account is 1 to " + itoa(max) + " letters and digits (" + qrPhRule + ")", Fix: ""})
	}
	q.AccountMobile, q.PaymentType = strings.TrimSpace(q.AccountMobile), strings.TrimSpace(q.PaymentType)
	if q.Mode == "p2p" {
		if q.PaymentType == "" {
			q.PaymentType = qrPhInstaPay
		}
		if !qrPhType.MatchString(q.PaymentType) {
			errs = append(errs, registry.FieldError{Field: "payment_type", Detail: "payment_type is 8 digits; InstaPay is 99964403 (" + qrPhRule + ", ID 27-02)", Fix: qrPhInstaPay})
		}
		if q.AccountMobile != "" && !qrPhMobile.MatchString(q.AccountMobile) {
			errs = append(errs, registry.FieldError{Field: "account_mobile", Detail: "account_mobile is a Philippine mobile number written +63-9xx-xxxxxxx (" + qrPhRule + ", ID 27-05)", Fix: ""})
		}
		if err := emvCheckMCC("mcc", &q.MCC, "6016"); err != nil {
			errs = append(errs, *err)
		}
	} else {
		if q.AccountMobile != "" || q.PaymentType != "" {
			errs = append(errs, registry.FieldError{Field: "account_mobile", Detail: "account_mobile and payment_type belong to a p2p code (template 27) (" + qrPhRule + ")", Fix: ""})
		}
		if err := emvCheckMCC("mcc", &q.MCC, ""); err != nil {
			errs = append(errs, *err)
		}
	}
	if err := emvCheckAmount("amount", &q.Amount, 2, "PHP"); err != nil {
		errs = append(errs, *err)
	}
	if q.Postal = strings.TrimSpace(q.Postal); q.Postal != "" && !qrPhPostal.MatchString(q.Postal) {
		errs = append(errs, registry.FieldError{Field: "postal", Detail: "postal is a Philippine ZIP code, 4 digits (" + qrPhRule + ", ID 61)", Fix: ""})
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &q.Name, 25, qrPhRule + ", ID 59 Merchant Name: up to 25 characters", ""},
		emvTextField{"city", &q.City, 15, qrPhRule + ", ID 60 Merchant City: up to 15 characters", ""},
	)...)
	errs = append(errs, q.additional().check()...)
	if len(errs) == 0 {
		if err := emvCheckTemplate("reference", "62", q.additionalObjects()...); err != nil {
			errs = append(errs, *err)
		}
		if err := emvCheckTemplate("account", "27", q.account()...); err != nil {
			errs = append(errs, *err)
		}
	}
	return errs
}

func (q *QRPh) additional() emvAdditional {
	return emvAdditional{&q.Bill, &q.Mobile, &q.Store, &q.Loyalty, &q.Reference, &q.Customer, &q.Terminal, &q.Purpose}
}

// additionalObjects writes template 62 with the scheme's GUID first, or
// nothing when no field of it is given.
func (q QRPh) additionalObjects() []emvObject {
	objs := q.additional().objects()
	if len(objs) == 0 {
		return nil
	}
	gui := qrPhP2P
	if q.Mode == "p2m" {
		gui = qrPhP2MData
	}
	return append([]emvObject{{"00", gui}}, objs...)
}

func (q QRPh) account() []emvObject {
	if q.Mode == "p2m" {
		return []emvObject{{"00", qrPhP2M}, {"01", q.BIC}, {"03", q.Account}}
	}
	return []emvObject{{"00", qrPhP2P}, {"01", q.BIC}, {"02", q.PaymentType}, {"04", q.Account}, {"05", q.AccountMobile}}
}

func encodeQRPh(q QRPh) string {
	tag := "27"
	if q.Mode == "p2m" {
		tag = "28"
	}
	return emvMerchant{
		Accounts: []emvObject{{tag, emvJoin(q.account()...)}},
		MCC:      q.MCC, Currency: "608", Amount: q.Amount, Country: "PH", Name: q.Name, City: q.City, Postal: q.Postal,
		Additional: q.additionalObjects(),
	}.payload()
}

// parseQRPh reads a P2P or P2M code; P2M sub-fields other than 01 and 03
// and proprietary templates (88) are left out of the fields.
func parseQRPh(payload string) (QRPh, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" || root.get("53") != "608" {
		return QRPh{}, false
	}
	q := QRPh{MCC: root.get("52"), Amount: root.get("54"), Name: root.get("59"), City: root.get("60"), Postal: root.get("61")}
	if t, ok := root.template(qrPhP2P); ok {
		q.Mode, q.BIC, q.PaymentType, q.Account, q.AccountMobile = "p2p", t.get("01"), t.get("02"), t.get("04"), t.get("05")
	} else if t, ok := root.template(qrPhP2M); ok {
		q.Mode, q.BIC, q.Account = "p2m", t.get("01"), t.get("03")
	} else {
		return QRPh{}, false
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		q.additional().read(extra)
	}
	return q, q.BIC != "" && q.Account != ""
}
