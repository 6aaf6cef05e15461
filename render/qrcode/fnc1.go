package qrcode

import "fmt"

// GroupSeparator ends a variable-length element string field before the
// next application identifier (GS1 General Specifications §7.8.5): ASCII
// GS, which QR Code may write as % in alphanumeric mode or as the byte
// 0x1D after FNC1 (ISO/IEC 18004:2015 §7.4.8.2).
const GroupSeparator = 0x1D

// fnc1First is the FNC1 in first position mode indicator (Table 2): the
// data that follows is a GS1 element string.
const fnc1First = 0b0101

// gs1Units makes the units of a GS1 element string. The standard lets a
// group separator go in alphanumeric mode as % (§7.4.8.2), but readers
// that ignore the FNC1 mode indicator, jsQR among them, then show a % the
// data never had; as the byte 0x1D it reads the same everywhere. A % of
// the data, which alphanumeric mode would need doubled, goes in byte mode
// too.
func gs1Units(data []byte) []unit {
	units := byteUnits(data)
	for i, c := range data {
		if c == GroupSeparator || c == '%' {
			units[i].modes = 1 << byteMode
		}
	}
	return units
}

// FitGS1 plans the smallest symbol at level for a GS1 element string
// (application identifiers and their data, GroupSeparator after each
// variable-length field but the last): FNC1 in first position, then the
// string's segments, so that a reader reports the GS1 symbology
// identifier ]Q3 (§7.4.8.2, Annex F).
func FitGS1(element []byte, level Level) (*Plan, error) { return FitGS1From(element, level, 1) }

// FitGS1From is FitGS1 for a symbol of at least minVersion (a version
// the caller fixed).
func FitGS1From(element []byte, level Level, minVersion int) (*Plan, error) {
	if len(element) == 0 {
		return nil, ErrEmpty
	}
	if level < L || level > H {
		return nil, fmt.Errorf("qrcode: unknown level %d", int(level))
	}
	units := gs1Units(element)
	for g := range groups {
		f := &groups[g].fields
		segs, length, err := f.segment(units)
		if err != nil {
			continue
		}
		bits := &BitStream{bytes: make([]byte, 0, (length+4+7)/8)}
		bits.append(fnc1First, 4)
		f.write(bits, units, segs)
		for v := max(groups[g].first, minVersion); v <= groups[g].last; v++ {
			if bits.len <= dataCodewords(v, level)*8 {
				return &Plan{Version: v, bits: bits}, nil
			}
		}
	}
	return nil, ErrTooLong
}
