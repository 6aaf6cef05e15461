package kinds

// iso4217 maps the numeric codes of the currencies in ISO 4217's list one
// (current currencies, as published by SIX, the maintenance agency) to
// their alphabetic codes and minor units. EMV QRCPS-MPM data object "53"
// carries the numeric code; a caller may also give the alphabetic one.
// Funds codes and precious metals (XAU, XDR ...) are left out: no
// merchant-presented code is paid in them.
var iso4217 = map[string]struct {
	alpha string
	minor int
}{
	"784": {"AED", 2}, "971": {"AFN", 2}, "008": {"ALL", 2}, "051": {"AMD", 2}, "532": {"ANG", 2},
	"973": {"AOA", 2}, "032": {"ARS", 2}, "036": {"AUD", 2}, "533": {"AWG", 2}, "944": {"AZN", 2},
	"977": {"BAM", 2}, "052": {"BBD", 2}, "050": {"BDT", 2}, "975": {"BGN", 2}, "048": {"BHD", 3},
	"108": {"BIF", 0}, "060": {"BMD", 2}, "096": {"BND", 2}, "068": {"BOB", 2}, "986": {"BRL", 2},
	"044": {"BSD", 2}, "064": {"BTN", 2}, "072": {"BWP", 2}, "933": {"BYN", 2}, "084": {"BZD", 2},
	"124": {"CAD", 2}, "976": {"CDF", 2}, "756": {"CHF", 2}, "152": {"CLP", 0}, "156": {"CNY", 2},
	"170": {"COP", 2}, "188": {"CRC", 2}, "192": {"CUP", 2}, "132": {"CVE", 2}, "203": {"CZK", 2},
	"262": {"DJF", 0}, "208": {"DKK", 2}, "214": {"DOP", 2}, "012": {"DZD", 2}, "818": {"EGP", 2},
	"232": {"ERN", 2}, "230": {"ETB", 2}, "978": {"EUR", 2}, "242": {"FJD", 2}, "238": {"FKP", 2},
	"826": {"GBP", 2}, "981": {"GEL", 2}, "936": {"GHS", 2}, "292": {"GIP", 2}, "270": {"GMD", 2},
	"324": {"GNF", 0}, "320": {"GTQ", 2}, "328": {"GYD", 2}, "344": {"HKD", 2}, "340": {"HNL", 2},
	"332": {"HTG", 2}, "348": {"HUF", 2}, "360": {"IDR", 2}, "376": {"ILS", 2}, "356": {"INR", 2},
	"368": {"IQD", 3}, "364": {"IRR", 2}, "352": {"ISK", 0}, "388": {"JMD", 2}, "400": {"JOD", 3},
	"392": {"JPY", 0}, "404": {"KES", 2}, "417": {"KGS", 2}, "116": {"KHR", 2}, "174": {"KMF", 0},
	"408": {"KPW", 2}, "410": {"KRW", 0}, "414": {"KWD", 3}, "136": {"KYD", 2}, "398": {"KZT", 2},
	"418": {"LAK", 2}, "422": {"LBP", 2}, "144": {"LKR", 2}, "430": {"LRD", 2}, "426": {"LSL", 2},
	"434": {"LYD", 3}, "504": {"MAD", 2}, "498": {"MDL", 2}, "969": {"MGA", 2}, "807": {"MKD", 2},
	"104": {"MMK", 2}, "496": {"MNT", 2}, "446": {"MOP", 2}, "929": {"MRU", 2}, "480": {"MUR", 2},
	"462": {"MVR", 2}, "454": {"MWK", 2}, "484": {"MXN", 2}, "458": {"MYR", 2}, "943": {"MZN", 2},
	"516": {"NAD", 2}, "566": {"NGN", 2}, "558": {"NIO", 2}, "578": {"NOK", 2}, "524": {"NPR", 2},
	"554": {"NZD", 2}, "512": {"OMR", 3}, "590": {"PAB", 2}, "604": {"PEN", 2}, "598": {"PGK", 2},
	"608": {"PHP", 2}, "586": {"PKR", 2}, "985": {"PLN", 2}, "600": {"PYG", 0}, "634": {"QAR", 2},
	"946": {"RON", 2}, "941": {"RSD", 2}, "643": {"RUB", 2}, "646": {"RWF", 0}, "682": {"SAR", 2},
	"090": {"SBD", 2}, "690": {"SCR", 2}, "938": {"SDG", 2}, "752": {"SEK", 2}, "702": {"SGD", 2},
	"654": {"SHP", 2}, "925": {"SLE", 2}, "706": {"SOS", 2}, "968": {"SRD", 2}, "728": {"SSP", 2},
	"930": {"STN", 2}, "222": {"SVC", 2}, "760": {"SYP", 2}, "748": {"SZL", 2}, "764": {"THB", 2},
	"972": {"TJS", 2}, "934": {"TMT", 2}, "788": {"TND", 3}, "776": {"TOP", 2}, "949": {"TRY", 2},
	"780": {"TTD", 2}, "901": {"TWD", 2}, "834": {"TZS", 2}, "980": {"UAH", 2}, "800": {"UGX", 0},
	"840": {"USD", 2}, "858": {"UYU", 2}, "860": {"UZS", 2}, "926": {"VED", 2}, "928": {"VES", 2},
	"704": {"VND", 0}, "548": {"VUV", 0}, "882": {"WST", 2}, "950": {"XAF", 0}, "951": {"XCD", 2},
	"952": {"XOF", 0}, "953": {"XPF", 0}, "886": {"YER", 2}, "710": {"ZAR", 2}, "967": {"ZMW", 2},
	"924": {"ZWG", 2},
}

// iso4217Numeric returns the numeric code of a currency given by its
// numeric or alphabetic code (840 or USD, any case).
func iso4217Numeric(code string) (string, bool) {
	if _, ok := iso4217[code]; ok {
		return code, true
	}
	for n, c := range iso4217 {
		if len(code) == 3 && c.alpha == upperASCII(code) {
			return n, true
		}
	}
	return "", false
}

func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
