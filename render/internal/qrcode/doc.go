// Package qrcode is github.com/skip2/go-qrcode's encoder (v0.0.0-20200617195104,
// MIT licence, LICENSE beside this file), forked for speed: qrforge encodes
// every request, and the upstream encoder's allocations took most of the
// time of a 512 px PNG.
//
// What changed, and nothing else: the symbol is one flat slice instead of a
// slice per row, and the mask penalties (ISO/IEC 18004 §7.8.3) read it
// directly; Reed-Solomon error correction (§7.5.2) is a shift register
// over log/antilog tables with generators built once, instead of
// polynomials allocated per multiplication; the image, file and text
// output functions are gone (render/ draws). Segmentation, version choice,
// block interleaving, placement and the mask rules are upstream's, so the
// symbols are identical: upstream_test.go compares them with upstream's
// for hundreds of payloads at every level.
package qrcode
