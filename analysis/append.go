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
		f := found{text: r.GetText(), corners: corners}
		if r.HasStructuredAppend() {
			// §8.2: the position from 0 and the total less one, four bits
			// each, in one byte.
			seq := r.GetStructuredAppendSequenceNumber()
			f.mark = &AppendMark{Part: seq>>4 + 1, Of: seq&0xF + 1, Parity: r.GetStructuredAppendParity()}
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
	// the exclusive or of the joined text's UTF-8 bytes (§8.3).
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
			s.Parts = append(s.Parts, SetPart{Part: m.Part, Result: i, Text: c.Text})
			placed = true
			break
		}
		if !placed {
			sets = append(sets, Set{Of: m.Of, Parity: m.Parity, Parts: []SetPart{{Part: m.Part, Result: i, Text: c.Text}}})
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
		for i := 0; i < len(p.Text); i++ {
			parity ^= int(p.Text[i])
		}
	}
	s.Text = b.String()
	matches := parity == s.Parity
	s.ParityMatches = &matches
	s.Detail = fmt.Sprintf("all %d parts read and joined in order", s.Of)
	if !matches {
		s.Detail += fmt.Sprintf("; the parity data is %d, and the joined text's bytes give %d: the parts may belong to different sets, or the set was made in another character set", s.Parity, parity)
	}
}

func joinInts(ns []int) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = fmt.Sprint(n)
	}
	return strings.Join(out, ", ")
}
