package qrcode

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// MaxAppendSymbols is the most symbols a structured append set has: the
// symbol sequence indicator gives the total in four bits (ISO/IEC
// 18004:2015 §8.2).
const MaxAppendSymbols = 16

// structuredAppend is the structured append mode indicator (Table 2).
const structuredAppend = 0b0011

// appendHeaderBits is the header every symbol of a set starts with (§8):
// the mode indicator, the symbol's position and the total less one, four
// bits each (§8.2), and the parity data (§8.3).
const appendHeaderBits = 4 + 4 + 4 + 8

// AppendParity is the exclusive or of every byte of data: a set's parity
// data when data is the bytes its symbols carry (§8.3).
func AppendParity(data []byte) byte {
	var p byte
	for _, b := range data {
		p ^= b
	}
	return p
}

// appendHeader writes the structured append header of the symbol at
// position (from 0) in a set of total symbols.
func appendHeader(bits *BitStream, position, total int, parity byte) {
	bits.append(structuredAppend, 4)
	bits.append(uint32(position), 4)
	bits.append(uint32(total-1), 4)
	bits.append(uint32(parity), 8)
}

// AppendPart is one symbol of a set: its share of the data, data[Start:End],
// and the plan that holds it after the set's header.
type AppendPart struct {
	Start, End int
	Plan       *Plan
}

// AppendSet is data divided over the symbols of a structured append set,
// every one of the same version.
type AppendSet struct {
	Parity byte
	Parts  []AppendPart
}

// AppendError says no set of the requested size holds the data at the
// level: Needed is the fewest symbols that would (0 when more than
// MaxAppendSymbols), or, when Characters is set, the data has fewer
// characters than Count asks parts of.
type AppendError struct {
	Count      int
	Needed     int
	Characters int
}

func (e *AppendError) Error() string {
	switch {
	case e.Characters > 0:
		return fmt.Sprintf("qrcode: %d parts of %d characters", e.Count, e.Characters)
	case e.Needed > 0:
		return fmt.Sprintf("qrcode: the data needs %d symbols, not %d", e.Needed, e.Count)
	}
	return fmt.Sprintf("qrcode: the data does not fit %d symbols", MaxAppendSymbols)
}

// FitAppend divides data into a structured append set (§8) of count
// symbols at level, 0 asking for the fewest, each symbol starting with an
// ECI header when eci is not 0, as a single symbol would (FitECI), so that
// each reads right alone. The rule, in order:
//
//  1. the fewest symbols that hold the data at version 40, or count;
//  2. the smallest version at which that many symbols hold it, which
//     every symbol of the set takes;
//  3. the parts as even as that version allows: the smallest budget of
//     bits a part at which that many parts hold the data, each part taking
//     as many whole characters as fit the budget, a part split in two
//     where fewer parts would do.
//
// Parts end on character boundaries (UTF-8 sequences stay whole), and
// each part is written with the fewest bits (the segmentation of Fit).
func FitAppend(data []byte, level Level, eci, count int) (*AppendSet, error) {
	switch {
	case eci < 0 || eci > 127:
		return nil, fmt.Errorf("qrcode: ECI %d is not 0 to 127", eci)
	case len(data) == 0:
		return nil, ErrEmpty
	case level < L || level > H:
		return nil, fmt.Errorf("qrcode: unknown level %d", int(level))
	case count != 0 && (count < 2 || count > MaxAppendSymbols):
		return nil, fmt.Errorf("qrcode: a set has 2 to %d symbols, not %d", MaxAppendSymbols, count)
	}
	if chars := characters(data); count > chars {
		return nil, &AppendError{Count: count, Characters: chars}
	}
	limit := count
	if limit == 0 {
		limit = MaxAppendSymbols
	}
	set, err := fitAppend(&splitter{data: data, eci: eci}, level, count, limit)
	if errors.Is(err, errECIBeforeKanji) {
		// zbar keeps ECI 26 in effect into the next symbols of a set
		// and reads their Kanji-mode characters as UTF-8, which they
		// are not: it then reads no symbol of the set. Without Kanji
		// mode every part is UTF-8, as the ECI says.
		set, err = fitAppend(&splitter{data: data, eci: eci, noKanji: true}, level, count, limit)
	}
	return set, err
}

// errECIBeforeKanji says a part in Kanji mode follows a part that starts
// with an ECI header.
var errECIBeforeKanji = errors.New("qrcode: a Kanji-mode part after an ECI header")

// fitAppend is FitAppend with the splitter s.
func fitAppend(s *splitter, level Level, count, limit int) (*AppendSet, error) {
	data := s.data
	ends := s.greedy(len(groups)-1, capacity(40, level), limit)
	if ends == nil {
		needed := 0
		if count > 0 {
			if e := s.greedy(len(groups)-1, capacity(40, level), MaxAppendSymbols); e != nil {
				needed = len(e)
			}
		}
		return nil, &AppendError{Count: count, Needed: needed}
	}
	n := count
	if n == 0 {
		n = len(ends)
	}
	v := s.smallestVersion(level, n)
	ends = s.even(groupOf(v), capacity(v, level), n)
	set := &AppendSet{}
	parts := make([]*BitStream, len(ends))
	start := 0
	marked := false // an earlier part starts with an ECI header
	for i, end := range ends {
		bits, inKanji, err := s.encode(groupOf(v), data[start:end])
		if err != nil {
			return nil, err
		}
		if inKanji && marked {
			return nil, errECIBeforeKanji
		}
		marked = marked || (!inKanji && s.eci > 0)
		carried := data[start:end]
		if inKanji {
			// §8.3: the parity takes a Kanji-mode character as its two
			// Shift JIS bytes, the values the symbol carries.
			if carried, err = japanese.ShiftJIS.NewEncoder().Bytes(carried); err != nil {
				return nil, err
			}
		}
		set.Parity ^= AppendParity(carried)
		parts[i] = bits
		start = end
	}
	start = 0
	for i, end := range ends {
		bits := parts[i]
		b := &BitStream{bytes: make([]byte, 0, (appendHeaderBits+bits.len+7)/8)}
		appendHeader(b, i, n, set.Parity)
		b.appendStream(bits)
		if b.len > dataCodewords(v, level)*8 {
			// The parts were measured with these bits: a bug, not data.
			return nil, fmt.Errorf("qrcode: part %d of %d takes %d bits, more than version %d holds", i+1, n, b.len, v)
		}
		set.Parts = append(set.Parts, AppendPart{Start: start, End: end, Plan: &Plan{Version: v, bits: b}})
		start = end
	}
	return set, nil
}

// capacity is the bits a part's segments may take in version v at level,
// after the set's header.
func capacity(v int, level Level) int { return dataCodewords(v, level)*8 - appendHeaderBits }

// characters counts the places data may be cut, one before each
// character: a byte that does not continue a UTF-8 sequence.
func characters(data []byte) int {
	n := 0
	for _, b := range data {
		if utf8.RuneStart(b) {
			n++
		}
	}
	return n
}

// appendStream appends the bits of o.
func (b *BitStream) appendStream(o *BitStream) {
	for i := 0; i < o.len; i++ {
		b.append(uint32(o.bytes[i>>3]>>(7-uint(i&7))&1), 1)
	}
}

// splitter cuts data into parts.
type splitter struct {
	data []byte
	eci  int
	// noKanji writes every part's characters as bytes.
	noKanji bool
}

// encode writes part as a symbol of group g writes it, reporting whether
// it went into Kanji mode.
func (s *splitter) encode(g int, part []byte) (*BitStream, bool, error) {
	f := &groups[g].fields
	if s.noKanji {
		bits, err := f.byteBits(part, s.eci)
		return bits, false, err
	}
	return f.encode(part, s.eci)
}

// smallestVersion is the smallest version at which n parts hold the
// data at level. The count fields widen between version groups (Table
// 3), so the number of parts only falls with the version within a group:
// the groups are tried in turn, and in the first whose last version holds
// the data the version is found by bisection.
func (s *splitter) smallestVersion(level Level, n int) int {
	for g, gr := range groups {
		if s.greedy(g, capacity(gr.last, level), n) == nil {
			continue
		}
		lo, hi := gr.first, gr.last
		for lo < hi {
			mid := (lo + hi) / 2
			if s.greedy(g, capacity(mid, level), n) != nil {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return lo
	}
	return 40 // the caller checked that version 40 holds the data
}

// even divides the data into exactly n parts of at most budget bits each
// in a version of group g, as evenly as bits allow: the smallest budget
// at which greedy needs at most n parts, then the parts of the most
// characters halved until there are n.
func (s *splitter) even(g, budget, n int) []int {
	lo, hi := 1, budget
	for lo < hi {
		mid := (lo + hi) / 2
		if s.greedy(g, mid, n) != nil {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	ends := s.greedy(g, lo, n)
	for len(ends) < n {
		// A part of a part that fits fits too: dropping characters never
		// adds bits.
		longest, at, from, start := -1, 0, 0, 0
		for i, end := range ends {
			if c := characters(s.data[start:end]); c > longest {
				longest, at, from = c, i, start
			}
			start = end
		}
		mid := from + cutAfter(s.data[from:], longest/2)
		ends = append(ends[:at], append([]int{mid}, ends[at:]...)...)
	}
	return ends
}

// cutAfter is the offset in data after its first n characters.
func cutAfter(data []byte, n int) int {
	for i := range data {
		if utf8.RuneStart(data[i]) {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return len(data)
}

// greedy cuts the data into parts of at most budget bits in a version of
// group g, each the longest that fits, and returns where each part ends;
// nil when more than limit parts are needed or a character fits no part.
// A part of a part that fits fits too, so taking the longest each time
// needs the fewest parts.
func (s *splitter) greedy(g, budget, limit int) []int {
	var ends []int
	for start := 0; start < len(s.data); {
		if len(ends) == limit {
			return nil
		}
		end := s.longest(g, start, budget)
		if end == start {
			return nil
		}
		ends = append(ends, end)
		start = end
	}
	return ends
}

// longest is the end of the longest part from start, cut before a
// character, whose segments take at most budget bits in a version of
// group g. The fewest bits of a prefix grow with each character, so one
// pass of the segmentation over the characters finds it, a second one
// over a Kanji-mode reading of them, which the encoder takes only where
// it is shorter (segmentBits): its guess is checked with the encoder's
// own bits.
func (s *splitter) longest(g, start, budget int) int {
	f := &groups[g].fields
	rest := s.data[start:]
	// No part holds more characters than numeric mode's 10 bits for three
	// digits allow, so the scan looks no further.
	window := min(len(rest), budget*3/10+3)
	header := 0
	if s.eci > 0 {
		header = eciHeaderBits(f.indicatorBits)
	}
	// The byte reading is the encoder's own: what it finds fits.
	end := cutBefore(rest, scan(f, byteUnits(rest[:window]), budget-header))
	kanjiEnd := 0
	if !s.noKanji && (s.eci == 0 || s.eci == ECIUTF8) && !ascii(rest[:window]) {
		units, ends, found := kanjiPrefix(rest[:min(len(rest), 4*window)])
		if n := scan(f, units, budget); found && n > 0 {
			kanjiEnd = ends[n-1]
		}
	}
	fits := func(n int) bool {
		bits, _, err := s.encode(g, rest[:n])
		return err == nil && bits.len <= budget
	}
	if kanjiEnd <= end {
		return start + end
	}
	if end = kanjiEnd; fits(end) {
		return start + end
	}
	// The guess is too long (a Kanji reading whose part has no Kanji, and
	// so an ECI header after all): the most characters that fit, by
	// bisection.
	var cuts []int // the end of each character before end
	for i := 1; i <= end; i++ {
		if i == end || utf8.RuneStart(rest[i]) {
			cuts = append(cuts, i)
		}
	}
	lo, hi := 0, len(cuts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(cuts[mid-1]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return start
	}
	return start + cuts[lo-1]
}

// ascii reports whether data has no byte above 0x7F.
func ascii(data []byte) bool {
	for _, b := range data {
		if b >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// cutBefore is n moved back to the start of the character it falls in.
func cutBefore(data []byte, n int) int {
	for n > 0 && n < len(data) && !utf8.RuneStart(data[n]) {
		n--
	}
	return n
}

// scan is the number of units of the longest prefix whose fewest bits
// are at most budget.
func scan(f *fields, units []unit, budget int) int {
	var cost [states]int
	var from [states]int16
	for i := range units {
		cost = f.step(&cost, &units[i], i == 0, from[:])
		least := inf
		for _, c := range cost {
			least = min(least, c)
		}
		if least > budget {
			return i
		}
	}
	return len(units)
}

// AppendFits is the length of the longest prefix of data, cut before a
// character, that count symbols of version 40 (0: MaxAppendSymbols) hold
// at level.
func AppendFits(data []byte, level Level, eci, count int) int {
	if count == 0 {
		count = MaxAppendSymbols
	}
	s := splitter{data: data, eci: eci}
	end := 0
	for range count {
		next := s.longest(len(groups)-1, end, capacity(40, level))
		if next == end {
			break
		}
		end = next
	}
	return end
}
