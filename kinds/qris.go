package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// QRIS is Indonesia's national merchant-presented payment code (Quick
// Response Code Indonesian Standard, Bank Indonesia and ASPI): the QRIS
// template (ID 51, GUID ID.CO.QRIS.WWW) carries the merchant's National
// Merchant ID (NMID) and size criterion, and the acquirer's own template
// (ID 26, the acquirer's reverse domain) its merchant PAN and ID. Every
// Indonesian bank and e-wallet app pays it, in rupiah (360).
//
// Bank Indonesia's QRIS specification (PADG 21/18/PADG/2019 and the ASPI
// technical document) is not public; the layout below is the one every
// published QRIS payload shows (see qris_test.go): 26 {00 acquirer GUID,
// 01 merchant PAN, 02 merchant ID, 03 criterion}, 51 {00 ID.CO.QRIS.WWW,
// 02 NMID, 03 criterion}, then 52, 53 360, 54, 55, 58 ID, 59, 60, 61, 62.
type QRIS struct {
	NMID       string `json:"nmid" validate:"required" jsonschema_description:"National Merchant ID from the QRIS registry: ID and 13 digits (ID1021125405972)." identity:"true" title:"NMID (QRIS merchant ID)"`
	Criteria   string `json:"criteria" validate:"required,oneofci=UMI UKE UME UBE URE" jsonschema:"enum=UMI,enum=UKE,enum=UME,enum=UBE,enum=URE" jsonschema_description:"Merchant criterion: UMI (micro), UKE (small), UME (medium), UBE (large), URE (regular/other)." title:"Merchant size"`
	Acquirer   string `json:"acquirer" jsonschema_description:"Reverse domain of the acquirer (PJSP) whose template 26 is written: ID.CO.TELKOM.WWW, COM.GO-JEK.WWW, ID.CO.SHOPEE.WWW ... Give it with pan." identity:"true" title:"Acquirer ID"`
	PAN        string `json:"pan" jsonschema_description:"Merchant PAN from the acquirer, 16 to 19 digits starting 9360 (ID 26-01)." identity:"true" title:"Merchant PAN"`
	MerchantID string `json:"merchant_id" jsonschema_description:"Merchant ID at the acquirer (ID 26-02), up to 15 characters." identity:"true" title:"Merchant ID"`
	MCC        string `json:"mcc" validate:"required" jsonschema_description:"Merchant category code (ID 52), 4 digits of ISO 18245 (5499 food stores, 5812 restaurants)." title:"Merchant category code"`
	Amount     string `json:"amount" jsonschema_description:"Amount in rupiah (ID 54), digits with at most 2 decimals, at most 13 characters. Omit it for a static code." title:"Amount"`
	Tip        string `json:"tip" validate:"omitempty,oneof=01 02 03" jsonschema:"enum=01,enum=02,enum=03" jsonschema_description:"Tip or convenience indicator (ID 55): 01 asks for a tip, 02 fixed fee, 03 percentage fee." title:"Tip"`
	Fee        string `json:"fee" jsonschema_description:"Fixed convenience fee in rupiah (ID 56), with tip 02." title:"Convenience fee"`
	FeePercent string `json:"fee_percent" jsonschema_description:"Percentage convenience fee (ID 57), with tip 03." title:"Convenience fee (%)"`
	Name       string `json:"name" validate:"required" jsonschema_description:"Merchant name as registered (ID 59), 1 to 25 characters." identity:"true" title:"Merchant name"`
	City       string `json:"city" validate:"required" jsonschema_description:"Merchant city (ID 60), 1 to 15 characters." identity:"true" title:"City"`
	Postal     string `json:"postal" jsonschema_description:"Postal code (ID 61), 5 digits." identity:"true" title:"Postal code"`
	Bill       string `json:"bill" jsonschema_description:"Bill number (ID 62-01), up to 25 characters." identity:"true" title:"Bill number"`
	Reference  string `json:"reference" jsonschema_description:"Reference label (ID 62-05), up to 25 characters." identity:"true" title:"Reference label"`
	Terminal   string `json:"terminal" jsonschema_description:"Terminal label (ID 62-07), up to 25 characters." title:"Terminal label"`
}

const (
	qrisGUID = "ID.CO.QRIS.WWW"
	qrisRule = "QRIS (Bank Indonesia PADG 21/18/PADG/2019) on " + emvRule
)

var (
	qrisNMID  = regexp.MustCompile(`^ID[0-9]{13}$`)
	qrisPAN   = regexp.MustCompile(`^9360[0-9]{12,15}$`)
	qrisPost  = regexp.MustCompile(`^[0-9]{5}$`)
	qrisIDStr = regexp.MustCompile(`^[0-9A-Za-z]{1,15}$`)
)

func init() {
	registry.Register(registry.Kind[QRIS]{
		Name:     "qris",
		Currency: "IDR",
		Title:    "QRIS (Indonesia)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Receive a payment in Indonesia (QRIS merchant code, IDR)",
		Standard: registry.Standard{
			Name:    "QR Code Indonesian Standard (QRIS), Bank Indonesia regulation PADG 21/18/PADG/2019, on EMV QRCPS Merchant-Presented Mode",
			Version: "EMV QRCPS-MPM 1.1",
			Section: "template 51 (GUID ID.CO.QRIS.WWW: 02 NMID, 03 criterion), acquirer template 26 (01 merchant PAN, 02 merchant ID); 53 = 360, 58 = ID",
			URL:     "https://www.bi.go.id/en/fungsi-utama/sistem-pembayaran/ritel/kanal-layanan/default.aspx",
		},
		Examples: []QRIS{
			{NMID: "ID1021125405972", Criteria: "UMI", Acquirer: "ID.CO.TELKOM.WWW", PAN: "936008980266352075", MerchantID: "000195266352075", MCC: "5499", Tip: "01", Name: "BIOLBE", City: "KAB. MALANG", Postal: "65168", Reference: "114793812", Terminal: "A03"},
			{NMID: "ID1021125405972", Criteria: "UMI", MCC: "5812", Amount: "25000", Name: "Warung Sari", City: "Jakarta"},
		},
		Check:        checkQRIS,
		Encode:       encodeQRIS,
		ParseNotKept: emvParseNotKept(parseQRIS, checkQRIS, encodeQRIS),
	})
}

func checkQRIS(q *QRIS) []registry.FieldError {
	var errs []registry.FieldError
	if q.NMID = upperASCII(strings.TrimSpace(q.NMID)); !qrisNMID.MatchString(q.NMID) {
		errs = append(errs, registry.FieldError{Field: "nmid", Detail: "nmid is the National Merchant ID: ID and 13 digits (" + qrisRule + ", ID 51-02)", Fix: ""})
	}
	q.Criteria = upperASCII(q.Criteria)
	q.Acquirer, q.PAN, q.MerchantID = strings.TrimSpace(q.Acquirer), asciiDigitsOnlyIfSpaced(q.PAN), strings.TrimSpace(q.MerchantID)
	switch {
	case q.Acquirer == "" && (q.PAN != "" || q.MerchantID != ""):
		errs = append(errs, registry.FieldError{Field: "acquirer", Detail: "acquirer, the reverse domain of the acquirer's template 26, is required with pan or merchant_id (" + qrisRule + ")", Fix: ""})
	case q.Acquirer != "":
		if !emvGUIShape.MatchString(q.Acquirer) || len(q.Acquirer) > 32 || strings.EqualFold(q.Acquirer, qrisGUID) {
			errs = append(errs, registry.FieldError{Field: "acquirer", Detail: "acquirer is the acquirer's reverse domain such as ID.CO.TELKOM.WWW, at most 32 characters; ID.CO.QRIS.WWW is template 51's (" + qrisRule + ", ID 26-00)", Fix: ""})
		}
		if !qrisPAN.MatchString(q.PAN) {
			errs = append(errs, registry.FieldError{Field: "pan", Detail: "pan is the merchant PAN the acquirer issued: 9360 and 12 to 15 more digits (" + qrisRule + ", ID 26-01)", Fix: ""})
		}
	}
	if q.MerchantID != "" && !qrisIDStr.MatchString(q.MerchantID) {
		errs = append(errs, registry.FieldError{Field: "merchant_id", Detail: "merchant_id is 1 to 15 letters and digits (" + qrisRule + ", ID 26-02)", Fix: ""})
	}
	if err := emvCheckMCC("mcc", &q.MCC, ""); err != nil {
		errs = append(errs, *err)
	}
	if err := emvCheckAmount("amount", &q.Amount, 2, "IDR"); err != nil {
		errs = append(errs, *err)
	}
	errs = append(errs, emvCheckTip(&q.Tip, &q.Fee, &q.FeePercent, 2)...)
	if q.Postal = strings.TrimSpace(q.Postal); q.Postal != "" && !qrisPost.MatchString(q.Postal) {
		errs = append(errs, registry.FieldError{Field: "postal", Detail: "postal is an Indonesian postal code, 5 digits (" + qrisRule + ", ID 61)", Fix: ""})
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &q.Name, 25, qrisRule + ", ID 59 Merchant Name: up to 25 characters", ""},
		emvTextField{"city", &q.City, 15, qrisRule + ", ID 60 Merchant City: up to 15 characters", ""},
	)...)
	errs = append(errs, emvAdditional{Bill: &q.Bill, Reference: &q.Reference, Terminal: &q.Terminal}.check()...)
	return errs
}

// asciiDigitsOnlyIfSpaced removes the spaces and dashes of a number
// written in groups.
func asciiDigitsOnlyIfSpaced(s string) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(s))
}

func encodeQRIS(q QRIS) string {
	var accounts []emvObject
	if q.Acquirer != "" {
		accounts = append(accounts, emvObject{"26", emvJoin(emvObject{"00", q.Acquirer}, emvObject{"01", q.PAN}, emvObject{"02", q.MerchantID}, emvObject{"03", q.Criteria})})
	}
	accounts = append(accounts, emvObject{"51", emvJoin(emvObject{"00", qrisGUID}, emvObject{"02", q.NMID}, emvObject{"03", q.Criteria})})
	return emvMerchant{
		Accounts: accounts, MCC: q.MCC, Currency: "360", Amount: q.Amount, Tip: q.Tip, FeeFixed: q.Fee, FeePercent: q.FeePercent,
		Country: "ID", Name: q.Name, City: q.City, Postal: q.Postal,
		Additional: emvAdditional{Bill: &q.Bill, Reference: &q.Reference, Terminal: &q.Terminal}.objects(),
	}.payload()
}

// parseQRIS reads a payload with the QRIS template 51; the acquirer's
// template is the first other template 26-50 with a merchant PAN.
func parseQRIS(payload string) (QRIS, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" || root.get("53") != "360" {
		return QRIS{}, false
	}
	t, ok := root.template(qrisGUID)
	if !ok {
		return QRIS{}, false
	}
	q := QRIS{NMID: t.get("02"), Criteria: t.get("03"), MCC: root.get("52"), Amount: root.get("54"), Tip: root.get("55"), Fee: root.get("56"), FeePercent: root.get("57"),
		Name: root.get("59"), City: root.get("60"), Postal: root.get("61")}
	for _, o := range root {
		if o.id >= "26" && o.id <= "50" {
			if sub, ok := emvSplit(o.value); ok && !strings.EqualFold(sub.get("00"), qrisGUID) && sub.get("01") != "" {
				q.Acquirer, q.PAN, q.MerchantID = sub.get("00"), sub.get("01"), sub.get("02")
				break
			}
		}
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		emvAdditional{Bill: &q.Bill, Reference: &q.Reference, Terminal: &q.Terminal}.read(extra)
	}
	return q, q.NMID != ""
}
