package kinds_test

import "fmt"

// crcOf is the CRC-16/CCITT-FALSE of body as four hex digits, written
// here independently of kinds' own (a table-less loop over the bits).
func crcOf(body string) string {
	crc := 0xFFFF
	for _, b := range []byte(body) {
		for i := 7; i >= 0; i-- {
			bit := (crc>>15)&1 ^ int(b>>i)&1
			crc = (crc << 1) & 0xFFFF
			if bit == 1 {
				crc ^= 0x1021
			}
		}
	}
	return fmt.Sprintf("%04X", crc)
}
