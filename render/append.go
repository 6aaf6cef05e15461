package render

import (
	"errors"
	"fmt"

	"github.com/qrforge/qrforge/render/qrcode"
)

// MaxAppendSymbols is the most symbols a structured append set has
// (ISO/IEC 18004:2015 §8.2: the total is written in four bits).
const MaxAppendSymbols = qrcode.MaxAppendSymbols

// AppendAuto asks EncodeAppend for the fewest symbols.
const AppendAuto = 0

// Set is data drawn as one symbol, or divided over the symbols of a
// structured append set (ISO/IEC 18004:2015 §8) that readers join: each
// symbol holds Parts[i] after a header naming its place in the set and
// the set's Parity. Every symbol has the same version and level.
type Set struct {
	Symbols []*Symbol
	Parts   []string
	Parity  byte
}

// Appended reports whether the symbols carry structured append headers:
// a set of one symbol is a plain symbol.
func (s *Set) Appended() bool { return len(s.Symbols) > 1 }

// AppendError says no set of the requested count holds the data at the
// level. Needed is the fewest symbols that would (0 when more than
// MaxAppendSymbols would); FitsAt, when not LevelAuto, is the most
// redundant lower level at which that many symbols hold it; Characters,
// when set, is the data's length in characters, fewer than Count.
// MaxLength, when nothing else helps, is the longest prefix of the data
// in bytes that the set holds at level L.
type AppendError struct {
	Level      Level
	Count      int
	Needed     int
	FitsAt     Level
	Characters int
	Length     int
	MaxLength  int
}

func (e *AppendError) Error() string {
	switch {
	case e.Characters > 0:
		return fmt.Sprintf("%d symbols need at least %d characters, one a symbol; the data has %d", e.Count, e.Count, e.Characters)
	case e.Needed > 0:
		return fmt.Sprintf("%d bytes do not fit %d symbols at level %s; they need %d", e.Length, e.Count, e.Level, e.Needed)
	case e.FitsAt != LevelAuto:
		return fmt.Sprintf("%d bytes do not fit %d version-40 symbols at level %s; they fit at level %s", e.Length, MaxAppendSymbols, e.Level, e.FitsAt)
	}
	return fmt.Sprintf("%d bytes do not fit %d version-40 symbols at any level, the most a structured append set has; at most %d bytes of this data fit at level L", e.Length, MaxAppendSymbols, e.MaxLength)
}

// EncodeAppend divides data over count symbols, 2 to MaxAppendSymbols,
// or with AppendAuto draws one symbol when one holds the data and else
// the fewest that do (qrcode.FitAppend gives the rule). Each symbol
// carries the ECI header its data needs, as one symbol would. With
// LevelAuto the set is planned at M (L when M needs more symbols than
// allowed), then takes the highest level that holds every part in the
// same version, as EncodeECI does for one symbol.
func EncodeAppend(data string, level Level, eci ECI, count int) (*Set, error) {
	if data == "" {
		return nil, ErrEmpty
	}
	if count == AppendAuto {
		sym, err := EncodeECI(data, level, eci)
		var tooLong *TooLongError
		if !errors.As(err, &tooLong) {
			if err != nil {
				return nil, err
			}
			return &Set{Symbols: []*Symbol{sym}, Parts: []string{data}}, nil
		}
	}
	n := eci.number(data)
	chosen := level
	if level == LevelAuto {
		chosen = LevelM
	}
	set, err := qrcode.FitAppend([]byte(data), chosen.code(), n, count)
	var ae *qrcode.AppendError
	if errors.As(err, &ae) && level == LevelAuto && ae.Characters == 0 {
		// Data too long for M may still fit at L.
		if s, errL := qrcode.FitAppend([]byte(data), qrcode.L, n, count); errL == nil {
			set, err, chosen = s, nil, LevelL
		}
	}
	if errors.As(err, &ae) {
		return nil, appendError(data, chosen, count, n, ae)
	}
	if err != nil {
		return nil, err
	}
	if level == LevelAuto {
		chosen = boostSet(set, chosen)
	}
	out := &Set{Parity: set.Parity}
	for _, p := range set.Parts {
		q, err := p.Plan.Symbol(chosen.code())
		if err != nil {
			return nil, err
		}
		out.Symbols = append(out.Symbols, fromQR(q, chosen))
		out.Parts = append(out.Parts, data[p.Start:p.End])
	}
	return out, nil
}

// boostSet is the highest level at which every part keeps its version.
func boostSet(set *qrcode.AppendSet, level Level) Level {
	for _, l := range []Level{LevelH, LevelQ} {
		if l.rank() <= level.rank() {
			break
		}
		fits := true
		for _, p := range set.Parts {
			fits = fits && p.Plan.Fits(l.code())
		}
		if fits {
			return l
		}
	}
	return level
}

// appendError says what would hold the data instead: the count it needs,
// or a lower level.
func appendError(data string, level Level, count, eci int, ae *qrcode.AppendError) error {
	e := &AppendError{Level: level, Count: count, Needed: ae.Needed, Characters: ae.Characters, Length: len(data)}
	if e.Characters > 0 || e.Needed > 0 {
		return e
	}
	// More than MaxAppendSymbols are needed: what would fit as many.
	for i := level.rank() - 1; i >= 0; i-- {
		if _, err := qrcode.FitAppend([]byte(data), Levels[i].code(), eci, AppendAuto); err == nil {
			e.FitsAt = Levels[i]
			return e
		}
	}
	e.MaxLength = qrcode.AppendFits([]byte(data), qrcode.L, eci, AppendAuto)
	return e
}
