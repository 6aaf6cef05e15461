package kinds

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// bcbExample is the static BR Code of the Banco Central do Brasil's Manual
// do BR Code (random key, no amount), whose CRC is 1D3D.
const bcbExample = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"

func TestCRC16CCITTFalse(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     uint16
	}{
		// The catalogue check value of CRC-16/CCITT-FALSE (CRC-16/IBM-3740).
		{"check value", "123456789", 0x29B1},
		// Manual do BR Code example: the CRC covers everything up to and
		// including "6304".
		{"BCB example", strings.TrimSuffix(bcbExample, "1D3D"), 0x1D3D},
		{"empty", "", 0xFFFF},
	} {
		if got := crc16CCITTFalse(c.in); got != c.want {
			t.Errorf("%s: crc %04X, want %04X", c.name, got, c.want)
		}
	}
}

func TestEMVPayloadWritesUpperCaseZeroPaddedCRC(t *testing.T) {
	// A CRC below 0x1000 keeps its leading zero: the PayNow payload of
	// ThunderQuote's generator with no amount (recorded by a third-party
	// golden file) sums to 0FC5.
	got := emvPayload(
		emvObject{"00", "01"}, emvObject{"01", "12"},
		emvObject{"26", emvJoin(emvObject{"00", "SG.PAYNOW"}, emvObject{"01", "2"}, emvObject{"02", "201403121W"}, emvObject{"03", "1"}, emvObject{"04", "20301231"})},
		emvObject{"52", "0000"}, emvObject{"53", "702"}, emvObject{"54", "0"}, emvObject{"58", "SG"},
		emvObject{"59", "ACME Pte Ltd."}, emvObject{"60", "Singapore"},
	)
	if want := "00020101021226490009SG.PAYNOW010120210201403121W03011040820301231520400005303702540105802SG5913ACME Pte Ltd.6009Singapore63040FC5"; got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestEMVJoinLeavesOutEmptyAndRefusesOverlong(t *testing.T) {
	if got := emvJoin(emvObject{"01", "ab"}, emvObject{"02", ""}, emvObject{"03", strings.Repeat("x", 99)}); got != "0102ab0399"+strings.Repeat("x", 99) {
		t.Fatalf("got %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a 100-character value was written")
		}
	}()
	emvJoin(emvObject{"01", strings.Repeat("x", 100)})
}

func TestEMVParse(t *testing.T) {
	root, ok := emvParse(bcbExample)
	if !ok {
		t.Fatal("BCB example not read")
	}
	if got := root.get("59"); got != "Fulano de Tal" {
		t.Errorf("59 = %q", got)
	}
	pix, ok := root.template("BR.GOV.BCB.PIX")
	if !ok || pix.get("01") != "123e4567-e12b-12d1-a456-426655440000" {
		t.Errorf("template 26 = %v, %v", pix, ok)
	}
	lower := strings.TrimSuffix(bcbExample, "1D3D") + "1d3d"
	if _, ok := emvParse(lower); !ok {
		t.Error("a lower-case CRC is refused on reading")
	}
	for name, p := range map[string]string{
		"flipped character":  strings.Replace(bcbExample, "Fulano", "Fulana", 1),
		"wrong CRC":          strings.TrimSuffix(bcbExample, "1D3D") + "1D3E",
		"no CRC object":      strings.TrimSuffix(bcbExample, "63041D3D"),
		"length past end":    withCRC("000201599Fulano"),
		"not hex":            strings.TrimSuffix(bcbExample, "1D3D") + "XYZW",
		"does not start 00":  withCRC("0102115802BR"),
		"zero-length object": withCRC("0002015900"),
	} {
		if _, ok := emvParse(p); ok {
			t.Errorf("%s: %q accepted", name, p)
		}
	}
}

// withCRC closes body with a CRC data object that matches it.
func withCRC(body string) string {
	return body + "6304" + fmt.Sprintf("%04X", crc16CCITTFalse(body+"6304"))
}

func TestASCIIFold(t *testing.T) {
	for in, want := range map[string]string{
		"São Paulo":        "Sao Paulo",
		"José Conceição":   "Jose Conceicao",
		"Đà Lạt":           "Da Lat",
		"Straße":           "Strasse",
		"plain":            "plain",
		"Ünïcödé çà et là": "Unicode ca et la",
	} {
		if got := asciiFold(in); got != want {
			t.Errorf("asciiFold(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzPaymentText puts arbitrary text in the free-text fields of the
// payment kinds, which FuzzKinds (first four fields only) does not reach:
// a payload that builds must read back to fields that build it again, and
// must split into data objects with a matching CRC when it is EMV.
func FuzzPaymentText(f *testing.F) {
	for _, s := range []string{"Padaria São João", "ủng hộ lũ lụt", "a*b%2A c", " \u0301x", "Ünïcödé", "\x00", strings.Repeat("é", 30)} {
		f.Add(s, s)
	}
	bases := []struct {
		kind       string
		fields     map[string]string
		textA      string
		textB      string
		emvPayload bool
	}{
		{"pix", map[string]string{"key": "123e4567-e12b-12d1-a456-426655440000", "name": "A", "city": "B"}, "description", "name", true},
		{"paynow", map[string]string{"proxy": "201403121W"}, "reference", "name", true},
		{"vietqr", map[string]string{"bank": "970415", "account": "123"}, "purpose", "purpose", true},
		{"spd", map[string]string{"iban": "CZ2806000000000168540115"}, "message", "recipient", false},
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, base := range bases {
			k, ok := registry.Lookup(base.kind)
			if !ok {
				t.Fatalf("kind %s is not registered", base.kind)
			}
			values := map[string]string{}
			for n, v := range base.fields {
				values[n] = v
			}
			values[base.textA], values[base.textB] = a, b
			payload, errs := k.Build(values)
			if len(errs) > 0 {
				continue
			}
			if base.emvPayload {
				if _, ok := emvParse(payload); !ok {
					t.Fatalf("%s: %q does not read as EMV", base.kind, payload)
				}
			}
			fields, ok := k.Recognise(payload)
			if !ok {
				t.Fatalf("%s: own payload %q not recognised", base.kind, payload)
			}
			if again, errs := k.Build(fields); len(errs) > 0 || again != payload {
				t.Fatalf("%s: %q read back as %q, which builds %q (%v)", base.kind, payload, fields, again, errs)
			}
		}
	})
}
