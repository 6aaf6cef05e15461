package kinds

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/btcsuite/btcd/btcutil/bech32"
)

// coinChain describes the address formats of a Bitcoin-family chain: legacy
// Base58Check addresses (BIP13 §Specification: [version][20-byte
// hash][4-byte checksum], the checksum being the first four bytes of the
// double SHA-256 of the rest) and native segwit addresses (BIP173 with the
// BIP350 Bech32m amendment). The decoding itself is btcutil's base58 and
// bech32 packages; what is written here is only which prefixes a chain
// accepts and how each failure is explained.
type coinChain struct {
	coin string
	// versions maps an accepted Base58Check version byte to what it is,
	// e.g. 0x00: "mainnet P2PKH".
	versions map[byte]string
	// hrps maps an accepted segwit human-readable part to its network.
	hrps map[string]string
	// rules names the document that fixes the prefixes, for messages.
	rules string
}

// base58Alphabet is Bitcoin's Base58 alphabet: digits and letters without
// 0, O, I and l, which are easily confused.
const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// coinAddressError is why an address is refused, worded for a FieldError,
// and a replacement value.
type coinAddressError struct{ detail, fix string }

// check validates addr and returns its canonical spelling: Base58Check
// addresses unchanged (they are case-sensitive), segwit addresses in
// lowercase, the form BIP173 §Uppercase/lowercase says encoders output.
func (c coinChain) check(addr string) (string, *coinAddressError) {
	if hrp, ok := c.segwitHRP(addr); ok {
		return c.checkSegwit(addr, hrp)
	}
	return c.checkBase58(addr)
}

// segwitHRP reports whether addr starts with one of the chain's segwit
// human-readable parts and the separator '1'. No Base58Check address of
// these chains can start that way, since their version bytes give a
// different first character.
func (c coinChain) segwitHRP(addr string) (string, bool) {
	lower := strings.ToLower(addr)
	for hrp := range c.hrps {
		if strings.HasPrefix(lower, hrp+"1") {
			return hrp, true
		}
	}
	return "", false
}

func (c coinChain) checkSegwit(addr, hrp string) (string, *coinAddressError) {
	const doc = "BIP173 §Segwit address format and BIP350 §Addresses for segregated witness outputs"
	fail := func(format string, args ...any) (string, *coinAddressError) {
		return "", &coinAddressError{fmt.Sprintf(format, args...), ""}
	}
	_, data, encoding, err := bech32.DecodeGeneric(addr)
	if err != nil {
		var (
			length   bech32.ErrInvalidLength
			char     bech32.ErrInvalidCharacter
			nonChar  bech32.ErrNonCharsetChar
			checksum bech32.ErrInvalidChecksum
		)
		switch {
		case errors.As(err, new(bech32.ErrMixedCase)):
			fix := ""
			if canon, bad := c.checkSegwit(strings.ToLower(addr), hrp); bad == nil {
				fix = canon
			}
			return "", &coinAddressError{"a bech32 address is all lowercase or all uppercase, never mixed (BIP173 §Uppercase/lowercase: decoders MUST NOT accept mixed case)", fix}
		case errors.As(err, &length):
			return fail("a bech32 address is at most 90 characters; this one has %d (BIP173 §Bech32)", int(length))
		case errors.As(err, &char), errors.As(err, &nonChar):
			return fail("the data part of a bech32 address uses only the 32 characters qpzry9x8gf2tvdw0s3jn54khce6mua7l: no '1', 'b', 'i' or 'o' after the separator (BIP173 §Bech32)")
		case errors.As(err, &checksum):
			return fail("the bech32 checksum does not match: the address has a typo (BIP173 §Checksum, BIP350 §Bech32m)")
		}
		return fail("not a bech32 string: %v (BIP173 §Bech32)", err)
	}
	if len(data) == 0 {
		return fail("a segwit address has a witness version and a program after the separator (%s)", doc)
	}
	version := data[0]
	if version > 16 {
		return fail("the witness version is between 0 and 16 (%s)", doc)
	}
	program, err := bech32.ConvertBits(data[1:], 5, 8, false)
	if err != nil {
		return fail("the witness program has invalid padding: an incomplete final group is at most 4 zero bits (%s)", doc)
	}
	if len(program) < 2 || len(program) > 40 {
		return fail("a witness program is 2 to 40 bytes; this one has %d (%s)", len(program), doc)
	}
	if version == 0 && len(program) != 20 && len(program) != 32 {
		return fail("a version 0 witness program is 20 bytes (P2WPKH) or 32 bytes (P2WSH); this one has %d (BIP141, BIP173 §Decoding)", len(program))
	}
	switch {
	case version == 0 && encoding != bech32.Version0:
		return fail("a version 0 segwit address uses the Bech32 checksum, not Bech32m (BIP350 §Addresses for segregated witness outputs)")
	case version > 0 && encoding != bech32.VersionM:
		return fail("a version 1+ segwit address (taproot and later) uses the Bech32m checksum, not Bech32 (BIP350 §Addresses for segregated witness outputs)")
	}
	return strings.ToLower(addr), nil
}

// maxBase58Check is the most characters 25 bytes take in Base58: 58^35
// exceeds 256^25.
const maxBase58Check = 35

func (c coinChain) checkBase58(addr string) (string, *coinAddressError) {
	if i := strings.IndexFunc(addr, func(r rune) bool { return !strings.ContainsRune(base58Alphabet, r) }); i >= 0 {
		detail := fmt.Sprintf("%q is not in the Base58 alphabet, which leaves out 0, O, I and l (Base58Check, BIP13 §Specification)", []rune(addr[i:])[0])
		if len(c.hrps) > 0 {
			detail += "; a segwit address starts with " + c.hrpList()
		}
		return "", &coinAddressError{detail, ""}
	}
	if len(addr) > maxBase58Check {
		// Decoding Base58 takes time in the square of its length: a
		// string no address can be is not decoded.
		return "", &coinAddressError{fmt.Sprintf("a Base58Check address decodes to 25 bytes (1-byte version, 20-byte hash, 4-byte checksum), at most %d characters; this one has %d (BIP13 §Specification)", maxBase58Check, len(addr)), ""}
	}
	raw := base58.Decode(addr)
	if len(raw) != 25 {
		return "", &coinAddressError{fmt.Sprintf("a Base58Check address decodes to 25 bytes (1-byte version, 20-byte hash, 4-byte checksum); this one gives %d (BIP13 §Specification)", len(raw)), ""}
	}
	_, version, err := base58.CheckDecode(addr)
	if err != nil {
		return "", &coinAddressError{"the Base58Check checksum (first 4 bytes of the double SHA-256 of version and hash) does not match: the address has a typo (BIP13 §Specification)", ""}
	}
	if _, ok := c.versions[version]; !ok {
		return "", &coinAddressError{fmt.Sprintf("version byte 0x%02x is not a %s address; accepted: %s (%s)", version, c.coin, c.versionList(), c.rules), ""}
	}
	return addr, nil
}

func (c coinChain) versionList() string {
	var parts []string
	for v := 0; v < 256; v++ {
		if what, ok := c.versions[byte(v)]; ok {
			parts = append(parts, fmt.Sprintf("0x%02x %s", v, what))
		}
	}
	return strings.Join(parts, ", ")
}

func (c coinChain) hrpList() string {
	var parts []string
	for _, hrp := range slices.Sorted(maps.Keys(c.hrps)) {
		parts = append(parts, hrp+"1 ("+c.hrps[hrp]+")")
	}
	return strings.Join(parts, " or ")
}

// canonical returns the canonical spelling of a valid address, or addr
// unchanged when it is not valid (parsers keep what they read).
func (c coinChain) canonical(addr string) string {
	if canon, err := c.check(addr); err == nil {
		return canon
	}
	return addr
}

// isSegwit reports whether a valid address is a bech32 segwit address, which
// QR codes carry in uppercase (BIP173 §Uppercase/lowercase).
func (c coinChain) isSegwit(addr string) bool {
	_, ok := c.segwitHRP(addr)
	return ok
}
