// Package kinds holds qrforge's payload kinds, one file each. A kind file
// declares its fields as a struct, registers itself with registry.Register
// in init, and carries a pure encoder from validated fields to the exact
// payload string its standard defines. Nothing outside this package names a
// kind. Helpers shared by several kinds (escaping, percent-encoding, EMV TLV,
// IBAN) live beside them in files named for what they do.
package kinds
