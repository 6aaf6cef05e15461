package qrcode

// What a reader of Micro QR and rMQR symbols needs from the encoder: the
// placement order, the masks, the format information and the block
// structure, so that reading mirrors writing exactly.

// MicroMask reports whether Micro QR mask m (0 to 3) inverts the module at
// row i, column j (§7.8.2, Table 10).
func MicroMask(m, i, j int) bool { return microMasks[m](i, j) }

// MicroECC is the number of error-correction codewords of version v at
// level l (Table 9); 0 when the symbol does not exist.
func MicroECC(v int, l Level) int {
	if !MicroHas(v, l) {
		return 0
	}
	return microEC[v][microRow(v, l)].ecc
}

// MicroFormat is the 15-bit format information, mask included, that
// version v at level l with data mask m writes (§7.9.2).
func MicroFormat(v int, l Level, m int) uint32 { return microFormat(v, l, m) }

// RMQRMask reports whether rMQR's data mask inverts the module at row i,
// column j (ISO/IEC 23941 §7.8.2).
func RMQRMask(i, j int) bool { return rmqrMask(i, j) }

// RMQRFormat is the 18-bit format information of size (0 to 31) at level
// l, as written beside the finder pattern or, with subPattern, beside the
// finder sub-pattern (§7.9.1).
func RMQRFormat(size int, l Level, subPattern bool) uint32 { return rmqrFormat(size, l, subPattern) }

// RMQRDataModules lists the modules of size (0 to 31) that carry
// codeword bits, then remainder bits, in placement order, each as
// row×width+column (§7.7.3).
func RMQRDataModules(size int) []int {
	s := &RMQRSizes[size]
	return rmqrDataModules(rmqrFunctionPatterns(s.Width, s.Height, s.Alignment))
}

// Blocks is the block structure of the size at level l (M or H,
// Table 8): every block has ecc error-correction codewords, short blocks
// hold data data codewords and then long blocks data+1.
func (s *RMQRSize) Blocks(l Level) (ecc, short, data, long int) {
	b := s.blocks(l)
	return b.ecc, b.short, b.data, b.long
}

// RMQRFunctionPattern is the drawing of size's function patterns, row by
// row: dark holds their modules' colours and function marks them; the
// format information's modules are marked but left light, as they vary.
func RMQRFunctionPattern(size int) (dark, function []bool) {
	s := &RMQRSizes[size]
	g := rmqrFunctionPatterns(s.Width, s.Height, s.Alignment)
	return g.dark, g.function
}
