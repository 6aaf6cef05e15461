package kinds_test

import (
	"fmt"
	"strings"
	"testing"
)

// crc16CCITTFalse is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the
// EMV QRCPS §4.7.3 checksum, written here apart from kinds' own.
func crc16CCITTFalse(s string) string {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for b := 0; b < 8; b++ {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return fmt.Sprintf("%04X", crc)
}

// withCRC appends ID 63 and its CRC over everything up to "6304".
func withCRC(s string) string { return s + "6304" + crc16CCITTFalse(s+"6304") }

func TestPixDynamic(t *testing.T) {
	// No published BCB payload of a dynamic code is stored in the
	// corpus; the vectors are assembled by hand from the Manual de
	// Padrões §1.5 layout, TLV by TLV, with the CRC computed above.
	if got := crc16CCITTFalse("123456789"); got != "29B1" {
		t.Fatalf("CRC-16/CCITT-FALSE check value %s, want 29B1", got)
	}
	loc := "pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25"
	runVectors(t, "pixdynamic", []vector{
		{"location", "BCB Manual de Padrões §1.5: 26 {00 br.gov.bcb.pix, 25 URL without https://}, 62-05 ***",
			map[string]string{"location": loc, "name": "Fulano de Tal", "city": "BRASILIA"},
			withCRC("000201" + "2676" + "0014br.gov.bcb.pix" + "2554" + loc + "52040000530398658" + "02BR5913Fulano de Tal6008BRASILIA62070503***")},
		{"https:// stripped, single use", "BCB Manual do BR Code ID 01 Point of Initiation Method 12; Manual de Padrões §1.5 (no scheme in 25)",
			map[string]string{"location": "HTTPS://" + loc, "name": "Loja", "city": "São Paulo", "once": "true"},
			withCRC("000201" + "010212" + "2676" + "0014br.gov.bcb.pix" + "2554" + loc + "52040000530398658" + "02BR5904Loja6009Sao Paulo62070503***")},
	})
	runBad(t, "pixdynamic", []bad{
		{"missing location", map[string]string{"name": "A", "city": "B"}, "location"},
		{"http location", map[string]string{"location": "http://pix.example.com/qr/1", "name": "A", "city": "B"}, "location"},
		{"query in location", map[string]string{"location": "pix.example.com/qr?id=1", "name": "A", "city": "B"}, "location"},
		{"space in location", map[string]string{"location": "pix.example.com/q r", "name": "A", "city": "B"}, "location"},
		{"no host", map[string]string{"location": "/qr/v2/1", "name": "A", "city": "B"}, "location"},
		{"location over 77", map[string]string{"location": "pix.example.com/" + strings.Repeat("a", 62), "name": "A", "city": "B"}, "location"},
		{"name too long", map[string]string{"location": loc, "name": strings.Repeat("N", 26), "city": "B"}, "name"},
		{"city too long", map[string]string{"location": loc, "name": "A", "city": "Sao Jose dos Campos"}, "city"},
		{"bad once", map[string]string{"location": loc, "name": "A", "city": "B", "once": "maybe"}, "once"},
	})
	// A static code is not a dynamic one, and the other way round.
	k := lookup(t, "pixdynamic")
	static, _ := lookup(t, "pix").Build(map[string]string{"key": pixEVP, "name": "A", "city": "B"})
	if _, ok := k.Recognise(static); ok {
		t.Error("a static BR Code was read as a dynamic one")
	}
	dynamic, _ := k.Build(map[string]string{"location": loc, "name": "A", "city": "B"})
	if _, ok := lookup(t, "pix").Recognise(dynamic); ok {
		t.Error("a dynamic BR Code was read as a static one")
	}
}
