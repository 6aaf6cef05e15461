package analysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/multi/qrcode/detector"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// AppendMark is a symbol's place in a structured append set (ISO/IEC
// 18004:2015 §8): part Part of Of, and the set's parity data.
type AppendMark struct {
	Part   int `json:"part"`
	Of     int `json:"of"`
	Parity int `json:"parity"`
	// carried is the exclusive or of the bytes the symbol's segments
	// carry, when read (parity of its share of the set, §8.3).
	carried      byte
	carriedKnown bool
}

// readEvery finds and decodes every QR code in bmp as gozxing's
// multi-code reader does, but keeps the symbols of a structured append
// set apart, each with its corners and its place in the set: that reader
// joins them into one result with no corners.
func readEvery(bmp *gozxing.BinaryBitmap, hints map[gozxing.DecodeHintType]any) []found {
	if bmp == nil {
		return nil
	}
	matrix, err := bmp.GetBlackMatrix()
	if err != nil {
		return nil
	}
	detections, err := detector.NewMultiDetector(matrix).DetectMulti(hints)
	if err != nil {
		return nil
	}
	dec := decoder.NewDecoder()
	var out []found
	for _, d := range detections {
		r, err := dec.Decode(d.GetBits(), hints)
		if err != nil {
			continue
		}
		points := d.GetPoints()
		// A mirrored symbol (§6.2) reads with its corners swapped back.
		if md, ok := r.GetOther().(*decoder.QRCodeDecoderMetaData); ok {
			md.ApplyMirroredCorrection(points)
		}
		corners, ok := symbolCorners(points)
		if !ok {
			continue
		}
		// Symbology modifier 3, or 4 with an ECI: FNC1 in first position
		// (ISO/IEC 18004:2015 Annex F).
		f := found{text: r.GetText(), corners: corners, gs1: r.GetSymbologyModifier() == 3 || r.GetSymbologyModifier() == 4}
		if r.HasStructuredAppend() {
			// §8.2: the position from 0 and the total less one, four bits
			// each, in one byte.
			seq := r.GetStructuredAppendSequenceNumber()
			f.mark = &AppendMark{Part: seq>>4 + 1, Of: seq&0xF + 1, Parity: r.GetStructuredAppendParity()}
			version := (d.GetBits().GetHeight() - 17) / 4
			f.mark.carried, f.mark.carriedKnown = carriedParity(r.GetRawBytes(), version)
		}
		out = append(out, f)
	}
	return out
}

// Set is a structured append set read from one image: its parts in
// order and, when every part was read, their text joined.
type Set struct {
	Of     int       `json:"of"`
	Parity int       `json:"parity"`
	Parts  []SetPart `json:"parts"`
	// Complete says every part from 1 to Of was read; Missing lists the
	// others.
	Complete bool  `json:"complete"`
	Missing  []int `json:"missing,omitempty"`
	// ParityMatches, for a complete set, compares the parity data with
	// the exclusive or of the bytes the parts carry (§8.3: a Kanji-mode
	// character as its two Shift JIS bytes), or of their text's UTF-8
	// bytes where the segments could not be read again.
	ParityMatches *bool  `json:"parity_matches,omitempty"`
	Text          string `json:"text,omitempty"`
	Detail        string `json:"detail"`
}

// SetPart is one symbol of a Set: its part number, its index among the
// image's codes and its text.
type SetPart struct {
	Part   int    `json:"part"`
	Result int    `json:"result"`
	Text   string `json:"text"`
	mark   *AppendMark
}

// Sets gathers the codes of structured append sets, by total and
// parity, in the order of their parts. The same part read twice with
// the same text counts once; with another text it starts another set.
func Sets(codes []Code) []Set {
	var sets []Set
	for i, c := range codes {
		m := c.Append
		if m == nil {
			continue
		}
		placed := false
		for j := range sets {
			s := &sets[j]
			if s.Of != m.Of || s.Parity != m.Parity {
				continue
			}
			if k := s.part(m.Part); k >= 0 {
				if s.Parts[k].Text == c.Text {
					placed = true
					break
				}
				continue
			}
			s.Parts = append(s.Parts, SetPart{Part: m.Part, Result: i, Text: c.Text, mark: m})
			placed = true
			break
		}
		if !placed {
			sets = append(sets, Set{Of: m.Of, Parity: m.Parity, Parts: []SetPart{{Part: m.Part, Result: i, Text: c.Text, mark: m}}})
		}
	}
	for i := range sets {
		sets[i].settle()
	}
	return sets
}

// part is the index of part n in s.Parts, -1 when not read.
func (s *Set) part(n int) int {
	for i, p := range s.Parts {
		if p.Part == n {
			return i
		}
	}
	return -1
}

// settle orders the parts, finds the missing ones and joins a complete
// set.
func (s *Set) settle() {
	sort.Slice(s.Parts, func(i, j int) bool { return s.Parts[i].Part < s.Parts[j].Part })
	for n := 1; n <= s.Of; n++ {
		if s.part(n) < 0 {
			s.Missing = append(s.Missing, n)
		}
	}
	var stray []string
	for _, p := range s.Parts {
		if p.Part > s.Of {
			stray = append(stray, fmt.Sprint(p.Part))
		}
	}
	if len(stray) > 0 {
		s.Detail = fmt.Sprintf("part %s of a set of %d: their headers disagree, and the set is not joined", strings.Join(stray, ", "), s.Of)
		return
	}
	if len(s.Missing) > 0 {
		s.Detail = fmt.Sprintf("%d of %d parts read; part %s missing: the text is joined when every part is in the image", len(s.Parts), s.Of, joinInts(s.Missing))
		return
	}
	s.Complete = true
	var b strings.Builder
	parity := 0
	for _, p := range s.Parts {
		b.WriteString(p.Text)
		if p.mark != nil && p.mark.carriedKnown {
			parity ^= int(p.mark.carried)
			continue
		}
		for i := 0; i < len(p.Text); i++ {
			parity ^= int(p.Text[i])
		}
	}
	s.Text = b.String()
	matches := parity == s.Parity
	s.ParityMatches = &matches
	s.Detail = fmt.Sprintf("all %d parts read and joined in order", s.Of)
	if !matches {
		s.Detail += fmt.Sprintf("; the parity data is %d, and the bytes the parts carry give %d: the parts may belong to different sets, or the encoder computed the parity over other bytes", s.Parity, parity)
	}
}

func joinInts(ns []int) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = fmt.Sprint(n)
	}
	return strings.Join(out, ", ")
}

// qrCounts are the widths of QR Code's character counts (ISO/IEC
// 18004:2015 Table 3) for versions 1-9, 10-26 and 27-40, in the order of
// segmentMode.
var qrCounts = [3][4]int{{10, 9, 8, 8}, {12, 11, 16, 10}, {14, 13, 16, 12}}

// carriedParity reads a QR Code's data codewords again for the exclusive
// or of the bytes its segments carry (§8.3), which gozxing's text does
// not keep: a Kanji-mode character is two Shift JIS bytes there. It
// reports false for data it does not read (Hanzi mode).
func carriedParity(data []byte, version int) (byte, bool) {
	if version < 1 || version > 40 {
		return 0, false
	}
	counts := qrCounts[0]
	switch {
	case version >= 27:
		counts = qrCounts[2]
	case version >= 10:
		counts = qrCounts[1]
	}
	r := &bitReader{data: data, limit: 8 * len(data)}
	var t textBuilder
	for r.left() >= 4 {
		ind, _ := r.read(4)
		var m segmentMode
		switch ind {
		case 0b0000: // terminator
			return parityOf(t.raw), true
		case 0b0011: // structured append header: not data (§8.3)
			if _, ok := r.read(16); !ok {
				return 0, false
			}
			continue
		case 0b0111:
			if t.readECI(r) != nil {
				return 0, false
			}
			continue
		case 0b0101: // FNC1 in first position
			continue
		case 0b1001: // FNC1 in second position: its application indicator
			if _, ok := r.read(8); !ok {
				return 0, false
			}
			continue
		case 0b0001:
			m = modeNumeric
		case 0b0010:
			m = modeAlphanumeric
		case 0b0100:
			m = modeByte
		case 0b1000:
			m = modeKanji
		default:
			return 0, false
		}
		count, ok := r.read(counts[m])
		if !ok || t.segment(r, m, count) != nil {
			return 0, false
		}
	}
	return parityOf(t.raw), true
}

func parityOf(b []byte) byte {
	var p byte
	for _, c := range b {
		p ^= c
	}
	return p
}
