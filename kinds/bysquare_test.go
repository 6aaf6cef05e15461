package kinds_test

import (
	"bytes"
	"encoding/base32"
	"encoding/binary"
	"hash/crc32"
	"io"
	"maps"
	"strings"
	"testing"

	"github.com/ulikunitz/xz/lzma"
)

const bySquareIBAN = "SK9611000000002918599669"

// bySquareFrame is a QR string taken apart with the standard library's
// base32hex and the LZMA reader, apart from the kind's own parser.
type bySquareFrame struct {
	header [2]byte
	length int    // the length field
	crc    uint32 // the CRC32 stored before the model
	model  string // the tab-separated data model
}

func unpackBySquare(t *testing.T, qr string) bySquareFrame {
	t.Helper()
	raw, err := base32.HexEncoding.WithPadding(base32.NoPadding).DecodeString(qr)
	if err != nil {
		t.Fatalf("%q is not unpadded base32hex: %v", qr, err)
	}
	// The classic .lzma header the raw stream leaves out: lc=3, lp=0,
	// pb=2 (0x5D), a 128 KiB dictionary, the length from the code.
	header := []byte{0x5d, 0, 0, 2, 0}
	header = binary.LittleEndian.AppendUint64(header, uint64(binary.LittleEndian.Uint16(raw[2:4])))
	r, err := lzma.NewReader(io.MultiReader(bytes.NewReader(header), bytes.NewReader(raw[4:])))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("LZMA stream of %q: %v", qr, err)
	}
	return bySquareFrame{
		header: [2]byte{raw[0], raw[1]},
		length: int(binary.LittleEndian.Uint16(raw[2:4])),
		crc:    binary.LittleEndian.Uint32(data),
		model:  string(data[4:]),
	}
}

// packBySquareModel frames a model as an encoder would, for payloads the
// kind never writes.
func packBySquareModel(t *testing.T, header byte, model string) string {
	t.Helper()
	data := binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE([]byte(model)))
	data = append(data, model...)
	var stream bytes.Buffer
	w, err := lzma.WriterConfig{DictCap: 1 << 17, Size: int64(len(data)), EOSMarker: true}.NewWriter(&stream)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out := binary.LittleEndian.AppendUint16([]byte{header, 0}, uint16(len(data)))
	return base32.HexEncoding.WithPadding(base32.NoPadding).EncodeToString(append(out, stream.Bytes()[13:]...))
}

func tabs(fields ...string) string { return strings.Join(fields, "\t") }

// TestBySquareModel checks every layer of the payload: the header of a
// PAY document of version 1.1.0, the length of CRC and model, the CRC32
// (IEEE) and the exact data model.
func TestBySquareModel(t *testing.T) {
	k := lookup(t, "bysquare")
	for _, c := range []struct {
		name, source string
		fields       map[string]string
		model        string
	}{
		{"bysquare package fixture", "bysquare npm 4.0.1, src/pay/testdata/payment-orders.ts: PAYMENT_ORDER_FIXTURE and PAYMENT_ORDER_SERIALIZED",
			map[string]string{"invoice": "random-id", "amount": "100", "iban": bySquareIBAN, "vs": "123", "name": "John Doe"},
			tabs("random-id", "1", "1", "100", "EUR", "", "123", "", "", "", "", "1", bySquareIBAN, "", "0", "0", "John Doe", "", "")},
		{"pay-by-square, every argument", "pay-by-square (PyPI, matusf) tests.py: test_pass_all_arguments, the model before compression",
			map[string]string{"amount": "1.00", "iban": "SK7700000000000000000000", "bic": "FIOZSKBAXXX", "due": "20200705", "vs": "11", "ks": "22", "ss": "33", "name": "Foo", "address_line1": "address 1", "address_line2": "address 2", "note": "money"},
			tabs("", "1", "1", "1.00", "EUR", "20200705", "11", "22", "33", "", "money", "1", "SK7700000000000000000000", "FIOZSKBAXXX", "0", "0", "Foo", "address 1", "address 2")},
		// Normalised: IBAN spaces and symbol spaces dropped, the date
		// written YYYYMMDD, the currency in capitals; UTF-8 kept.
		{"normalised, UTF-8", "derived: Table 15 fields 4-13, 31-33",
			map[string]string{"iban": "SK56 8180 0000 0070 0015 7042", "bic": "SPSRSKBA", "amount": "25.30", "currency": "czk", "due": "2025-12-31", "vs": "2015 001", "ks": "0308", "ss": "42", "reference": "E2E-2015001", "note": "Faktúra 2015001", "name": "Ján Kováč", "address_line1": "Štúrova 27", "address_line2": "040 01 Košice", "invoice": "2015001"},
			tabs("2015001", "1", "1", "25.30", "CZK", "20251231", "2015001", "0308", "42", "E2E-2015001", "Faktúra 2015001", "1", "SK5681800000007000157042", "SPSRSKBA", "0", "0", "Ján Kováč", "Štúrova 27", "040 01 Košice")},
	} {
		t.Run(c.name, func(t *testing.T) {
			qr, errs := k.Build(c.fields)
			if len(errs) > 0 {
				t.Fatalf("valid fields rejected (%s): %v", c.source, errs)
			}
			// bysquare npm 4.0.1 src/pay/encode_test.ts: a version 1.1.0
			// code starts "04" (header bytes 0x01 0x00).
			if !strings.HasPrefix(qr, "04") {
				t.Errorf("%q does not start with 04", qr)
			}
			f := unpackBySquare(t, qr)
			if f.header != [2]byte{0x01, 0x00} {
				t.Errorf("header % x, want 01 00: PAY (type 0), version 1.1.0, document type 0", f.header)
			}
			if f.model != c.model {
				t.Errorf("model (%s)\n got: %q\nwant: %q", c.source, f.model, c.model)
			}
			if f.length != 4+len(c.model) {
				t.Errorf("length field %d, want %d: the CRC and the model's UTF-8 bytes", f.length, 4+len(c.model))
			}
			if f.crc != crc32.ChecksumIEEE([]byte(c.model)) {
				t.Errorf("CRC32 %08x, want %08x", f.crc, crc32.ChecksumIEEE([]byte(c.model)))
			}
			if d := renderAndDecode(t, qr, k.Hints().Level); d != qr {
				t.Errorf("decoded %q, want %q", d, qr)
			}
		})
	}
}

// TestBySquareRecognise reads codes other encoders wrote: their LZMA
// streams differ from ours (liblzma, LZMA-JS), some end with the end
// marker and some do not, and the oldest carries a wrong length.
func TestBySquareRecognise(t *testing.T) {
	k := lookup(t, "bysquare")
	for _, c := range []struct {
		name, source, qr string
		fields           map[string]string
	}{
		{"bysquare README", "bysquare npm README up to 2.x, CLI example (version 1.1.0 header, length field 17757 for 69 bytes, end marker)",
			"0405QH8090IFU27IV0J6HGGLIOTIBVHNQQJQ6LAVGNBT363HR13JC6CB54HSI0KH9FCRASHNQBSKAQD2LJ4AU400UVKDNDPFRKLOBEVVVU0QJ000",
			map[string]string{"invoice": "random-id", "amount": "100", "currency": "EUR", "vs": "123", "iban": bySquareIBAN}},
		{"bysquare decode case 1", "bysquare npm 4.0.1 src/pay/testdata/decode-test-data.ts, DECODE_TEST_CASES[0] (no end marker)",
			"0004I0006UC5LT8E21H3IC1K9R40P82GJL22NTU0586BBEOEKDMQSVUUBAOP1C0FFE14UJA1F1LJMV0FONE35J05TRC77FTIMV87NKNANNOFJB684000",
			map[string]string{"invoice": "2015001", "amount": "25.3", "currency": "EUR", "iban": "SK4523585719461382368397", "name": "John Doe"}},
		{"bysquare decode case 2", "bysquare npm 4.0.1 src/pay/testdata/decode-test-data.ts, DECODE_TEST_CASES[1] (UTF-8 note)",
			"00054000DG4GL2L1JL66N01P4GCBG05KQEPULNMP9EB7MEE935VG4P4B1BDBN7MV4GU13R7DMGU9O93QEI2KQJLPTFFU7GJNP6QL0UADVHOQ3B0OP0OO5P4L58M918PG00",
			map[string]string{"invoice": "2015001", "amount": "45.55", "currency": "EUR", "note": "bendzín", "iban": "SK2738545237537948273958", "name": "Jane Doe"}},
		{"pay-by-square amount and IBAN", "pay-by-square (PyPI, matusf) tests.py: test_amount_iban (liblzma, end marker)",
			"000440007S3VT0DFSETNDU5J8KF4EI1MT7B3BBH3P91D830QDBA6IRPF97451V4U11PHMI423IDK7VVU5P800",
			map[string]string{"amount": "1.00", "currency": "EUR", "due": "20200705", "iban": "SK7700000000000000000000"}},
		{"pay-by-square every argument", "pay-by-square (PyPI, matusf) tests.py: test_pass_all_arguments",
			"0006Q0006GO7VIPNP2PPLDV1MO04PTB6C4OSM4KU3JKSDNJLJ0GBAT9GTI9DD7MFQKGMLI4RD7996S1K78MKT8S0F46HK5TF6A6GP881BBMM66JVFMBBSM9KQRM2TN2VRABUV7KFD22BFFIVVTFKO000",
			map[string]string{"amount": "1.00", "currency": "EUR", "due": "20200705", "vs": "11", "ks": "22", "ss": "33", "note": "money", "iban": "SK7700000000000000000000", "bic": "FIOZSKBAXXX", "name": "Foo", "address_line1": "address 1", "address_line2": "address 2"}},
		{"PayBySquareDecoder README", "rikudou/pay-by-square-decoder (easyWEBsro) README, usage example (UTF-8 name)",
			"0006Q0000UAT63HVES6GL5A5A0O9NSPEEHUHIEP70EG9LM6LU6EBNQ8KG6RB2N2LUIHMVTV51KQ77DGFC25KM2S9V46EQSN5GSD9J1N4BKT1L9ASVOOT1LPOMAO66IS2BHJDCNA4D9LFKG9MTFLISBD36O5CQQNJIBB2TJILQVVN684000",
			map[string]string{"amount": "100", "currency": "EUR", "due": "20200316", "vs": "789", "ks": "123", "ss": "456", "note": "comment", "iban": "CZ5530300000001325090010", "bic": "AIRACZPP", "name": "Dominik Chrástecký"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fields, ok := k.Recognise(c.qr)
			if !ok {
				t.Fatalf("not recognised (%s)", c.source)
			}
			if !maps.Equal(fields, c.fields) {
				t.Fatalf("fields (%s)\n got: %v\nwant: %v", c.source, fields, c.fields)
			}
			if fields["name"] == "" {
				return // version 1.0.0 codes without a name: this kind requires one
			}
			again, errs := k.Build(fields)
			if len(errs) > 0 {
				t.Fatalf("recognised fields refused: %v", errs)
			}
			if back, _ := k.Recognise(again); !maps.Equal(back, fields) {
				t.Fatalf("rebuilt code reads %v, want %v", back, fields)
			}
		})
	}
	standingOrder := tabs("", "1", "2", "10", "EUR", "", "", "", "", "", "", "1", bySquareIBAN, "", "1", "1", "1", "m", "", "0", "Foo", "", "")
	twoAccounts := tabs("", "1", "1", "10", "EUR", "", "", "", "", "", "", "2", bySquareIBAN, "", "SK2738545237537948273958", "", "0", "0", "Foo", "", "")
	valid := tabs("", "1", "1", "10", "EUR", "", "", "", "", "", "", "1", bySquareIBAN, "", "0", "0", "Foo", "", "")
	// Table 15: a second payment follows the first; a direct debit
	// extension (field 20) carries its scheme, type, mandate and creditor.
	twoPayments := tabs("", "2", "1", "10", "EUR", "", "", "", "", "", "", "1", bySquareIBAN, "", "0", "0", "Foo", "", "",
		"1", "20", "EUR", "", "", "", "", "", "", "1", bySquareIBAN, "", "0", "0", "Foo", "", "")
	directDebit := tabs("", "1", "1", "10", "EUR", "", "", "", "", "", "", "1", bySquareIBAN, "", "0", "1", "1", "1", "", "", "", "M-1", "C-1", "", "", "", "Foo", "", "")
	if _, ok := k.Recognise(packBySquareModel(t, 0x01, valid)); !ok {
		t.Fatal("the test's own packer is off: a valid model is not recognised")
	}
	readme := "0405QH8090IFU27IV0J6HGGLIOTIBVHNQQJQ6LAVGNBT363HR13JC6CB54HSI0KH9FCRASHNQBSKAQD2LJ4AU400UVKDNDPFRKLOBEVVVU0QJ000"
	notRecognised(t, "bysquare", []string{
		// One character changed: the CRC32 or the LZMA stream fails.
		strings.Replace(readme, "IV0J6", "IV0J7", 1),
		readme[:len(readme)-8],
		strings.ToLower(readme),
		packBySquareModel(t, 0x01, standingOrder),
		packBySquareModel(t, 0x01, twoAccounts),
		packBySquareModel(t, 0x01, twoPayments),
		packBySquareModel(t, 0x01, directDebit),
		// INVOICE by square (type 1) and a version after 1.2.0.
		packBySquareModel(t, 0x11, valid),
		packBySquareModel(t, 0x03, valid),
		"SPD*1.0*ACC:CZ2806000000000168540115*AM:450.00",
		"0000",
	})
}

func TestBySquareRefusals(t *testing.T) {
	valid := func(kv ...string) map[string]string {
		m := map[string]string{"iban": bySquareIBAN, "name": "John Doe"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	badCases := []bad{
		{"missing name", map[string]string{"iban": bySquareIBAN}, "name"},
		{"blank name", valid("name", "   "), "name"},
		{"name over 70", valid("name", strings.Repeat("á", 71)), "name"},
		{"name with a tab", valid("name", "John\tDoe"), "name"},
		{"missing iban", map[string]string{"name": "John Doe"}, "iban"},
		{"wrong IBAN check digits", valid("iban", "SK9711000000002918599669"), "iban"},
		{"IBAN of wrong length", valid("iban", "SK961100000000291859966"), "iban"},
		{"bad BIC", valid("bic", "TATR"), "bic"},
		{"unknown currency", valid("currency", "EURO"), "currency"},
		{"amount with 3 decimals", valid("amount", "1.005"), "amount"},
		{"amount zero", valid("amount", "0.00"), "amount"},
		{"amount with comma", valid("amount", "25,30"), "amount"},
		{"negative amount", valid("amount", "-5"), "amount"},
		{"amount over 15 characters", valid("amount", "1234567890123.45"), "amount"},
		{"due date not a date", valid("due", "20250231"), "due"},
		{"due date in another layout", valid("due", "31.12.2025"), "due"},
		{"variable symbol with letters", valid("vs", "INV123"), "vs"},
		{"variable symbol of 11 digits", valid("vs", "12345678901"), "vs"},
		{"constant symbol of 5 digits", valid("ks", "03080"), "ks"},
		{"specific symbol with a dash", valid("ss", "12-34"), "ss"},
		{"reference over 35", valid("reference", strings.Repeat("R", 36)), "reference"},
		{"note over 140", valid("note", strings.Repeat("ž", 141)), "note"},
		{"note with a tab", valid("note", "a\tb"), "note"},
		{"note with a control character", valid("note", "a\x07b"), "note"},
		{"address line over 70", valid("address_line1", strings.Repeat("A", 71)), "address_line1"},
		{"address line with a tab", valid("address_line2", "040 01\tKošice"), "address_line2"},
		{"invoice over 10", valid("invoice", "INV-2025-0001"), "invoice"},
	}
	runBad(t, "bysquare", badCases)
	checkFixes(t, "bysquare", badCases)
	runFixed(t, "bysquare", []fixed{
		{"tab in the name becomes a space", valid("name", "John\tDoe"), "name", "Table 15", "John Doe"},
		{"tab in the note becomes a space", valid("note", "a\tb"), "note", "Table 15", "a b"},
		{"symbol separators dropped", valid("ss", "12-34"), "ss", "Table 15, field 9", "1234"},
		{"letters in a symbol: no fix", valid("vs", "INV123"), "vs", "Table 15, field 7", noFix},
		{"too many digits: no fix", valid("ks", "03080"), "ks", "field 8", noFix},
		{"decimal comma", valid("amount", "25,30"), "amount", "field 4", "25.3"},
		{"lower-case BIC", valid("bic", "tatrskbx"), "bic", "ISO 9362", "TATRSKBX"},
		{"lower-case IBAN", valid("iban", strings.ToLower(bySquareIBAN)), "iban", "ISO 13616", bySquareIBAN},
		{"wrong IBAN check digits: no fix", valid("iban", "SK9711000000002918599669"), "iban", "ISO 13616", noFix},
	})
}
