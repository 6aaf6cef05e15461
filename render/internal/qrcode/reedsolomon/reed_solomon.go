// go-qrcode
// Copyright 2014 Tom Harwood

// Package reedsolomon provides error correction encoding for QR Code 2005.
//
// QR Code 2005 uses a Reed-Solomon error correcting code to detect and correct
// errors encountered during decoding.
//
// The generated RS codes are systematic, and consist of the input data with
// error correction bytes appended.
package reedsolomon

import (
	"log"
	"sync"

	bitset "github.com/qrforge/qrforge/render/internal/qrcode/bitset"
)

// Encode data for QR Code 2005 using the appropriate Reed-Solomon code.
//
// numECBytes is the number of error correction bytes to append, and is
// determined by the target QR Code's version and error correction level.
//
// ISO/IEC 18004 table 9 specifies the numECBytes required. e.g. a 1-L code has
// numECBytes=7.
//
// qrforge: the error correction bytes are the remainder of data·x^n
// divided by the generator polynomial (ISO/IEC 18004 §7.5.2), computed by
// the usual shift register with log/antilog multiplication, where upstream
// multiplied and divided allocated polynomials; generators are built once
// per degree. The bytes are the same (upstream_test.go).
func Encode(data *bitset.Bitset, numECBytes int) *bitset.Bitset {
	gen := generator(numECBytes)
	rem := make([]byte, numECBytes)
	for i := 0; i < data.Len(); i += 8 {
		factor := data.ByteAt(i) ^ rem[0]
		copy(rem, rem[1:])
		rem[numECBytes-1] = 0
		if factor == 0 {
			continue
		}
		logFactor := gfLogTable[factor]
		for j, g := range gen {
			if g != 0 {
				rem[j] ^= byte(gfExpTable[(gfLogTable[g]+logFactor)%255])
			}
		}
	}

	result := bitset.Clone(data)
	result.AppendBytes(rem)

	return result
}

// generators caches the generator polynomial of each degree, highest
// power first without its leading 1.
var generators [256]struct {
	once sync.Once
	poly []byte
}

func generator(degree int) []byte {
	g := &generators[degree]
	g.once.Do(func() {
		poly := rsGeneratorPoly(degree)
		// term[i] is the coefficient of x^i; term[degree] is 1.
		g.poly = make([]byte, degree)
		for i := 0; i < degree; i++ {
			g.poly[i] = byte(poly.term[degree-1-i])
		}
	})
	return g.poly
}

// rsGeneratorPoly returns the Reed-Solomon generator polynomial with |degree|.
//
// The generator polynomial is calculated as:
// (x + a^0)(x + a^1)...(x + a^degree-1)
func rsGeneratorPoly(degree int) gfPoly {
	if degree < 2 {
		log.Panic("degree < 2")
	}

	generator := gfPoly{term: []gfElement{1}}

	for i := 0; i < degree; i++ {
		nextPoly := gfPoly{term: []gfElement{gfExpTable[i], 1}}
		generator = gfPolyMultiply(generator, nextPoly)
	}

	return generator
}
