package analysis

import (
	"bytes"
	"context"
	"image"
	_ "image/png"
	"reflect"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
)

// rowOf draws the symbols of a set side by side, as appendlayout=row does.
func rowOf(t *testing.T, syms []*render.Symbol) image.Image {
	t.Helper()
	o := render.DefaultOptions()
	o.Size = 400
	b, err := render.DrawRow(syms, o, render.EncodingPNG)
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// A row of a set's three symbols reads as three codes, each with its
// place in the set (ISO/IEC 18004:2015 §8) and its own part, and as one
// complete set whose parts join to the data and whose parity matches.
func TestReadJoinsASet(t *testing.T) {
	data := "Three symbols, one text: " + strings.Repeat("Grüße aus Köln, 0123456789. ", 12)
	set, err := render.EncodeAppend(data, render.LevelM, render.ECIUTF8, 3)
	if err != nil {
		t.Fatal(err)
	}
	codes, _ := Read(context.Background(), rowOf(t, set.Symbols), DefaultBudget)
	if len(codes) != 3 {
		t.Fatalf("%d codes read, want 3", len(codes))
	}
	for i, c := range codes {
		want := AppendMark{Part: i + 1, Of: 3, Parity: int(set.Parity)}
		if c.Append == nil || c.Append.Part != want.Part || c.Append.Of != want.Of || c.Append.Parity != want.Parity || c.Text != set.Parts[i] {
			t.Errorf("code %d: %+v %q, want %+v %q", i+1, c.Append, c.Text, want, set.Parts[i])
		}
	}
	sets := Sets(codes)
	if len(sets) != 1 || !sets[0].Complete || sets[0].Text != data || sets[0].ParityMatches == nil || !*sets[0].ParityMatches {
		t.Fatalf("sets %+v; want one complete set of the data, parity matching", sets)
	}
	for i, p := range sets[0].Parts {
		if p.Part != i+1 || p.Result != i {
			t.Errorf("part %d: %+v", i+1, p)
		}
	}
}

// Two of three symbols are an incomplete set: the missing part is named
// and nothing is joined.
func TestReadIncompleteSet(t *testing.T) {
	data := strings.Repeat("Part of a set of three. ", 20)
	set, err := render.EncodeAppend(data, render.LevelM, render.ECIUTF8, 3)
	if err != nil {
		t.Fatal(err)
	}
	codes, _ := Read(context.Background(), rowOf(t, []*render.Symbol{set.Symbols[0], set.Symbols[2]}), DefaultBudget)
	sets := Sets(codes)
	if len(sets) != 1 {
		t.Fatalf("%d sets from %d codes", len(sets), len(codes))
	}
	s := sets[0]
	if s.Complete || s.Text != "" || !reflect.DeepEqual(s.Missing, []int{2}) || !strings.Contains(s.Detail, "part 2 missing") {
		t.Errorf("set %+v; want incomplete, part 2 missing", s)
	}
}

func TestSetsGroupsParts(t *testing.T) {
	mark := func(part, of, parity int) *AppendMark { return &AppendMark{Part: part, Of: of, Parity: parity} }
	codes := []Code{
		{Text: "lone"},
		{Text: "b", Append: mark(2, 2, 'a'^'b')},
		{Text: "a", Append: mark(1, 2, 'a'^'b')},
		{Text: "a", Append: mark(1, 2, 'a'^'b')}, // the same part twice
		{Text: "x", Append: mark(1, 2, 'a'^'b')}, // another set, same header
		{Text: "q", Append: mark(1, 2, 0)},       // its other part unread
		{Text: "p", Append: mark(5, 3, 0)},       // a part past the total
	}
	sets := Sets(codes)
	if len(sets) != 4 {
		t.Fatalf("%d sets, want 4: %+v", len(sets), sets)
	}
	if s := sets[0]; !s.Complete || s.Text != "ab" || !*s.ParityMatches || s.Parts[0].Result != 2 || s.Parts[1].Result != 1 {
		t.Errorf("first set %+v", s)
	}
	if s := sets[1]; s.Complete || !reflect.DeepEqual(s.Missing, []int{2}) {
		t.Errorf("second set %+v", s)
	}
	if s := sets[2]; s.Complete || s.Parity != 0 {
		t.Errorf("third set %+v", s)
	}
	if s := sets[3]; s.Complete || !strings.Contains(s.Detail, "disagree") {
		t.Errorf("fourth set %+v", s)
	}
	codes = []Code{{Text: "a", Append: mark(1, 2, 0)}, {Text: "b", Append: mark(2, 2, 0)}}
	if s := Sets(codes)[0]; !s.Complete || *s.ParityMatches || !strings.Contains(s.Detail, "parity") {
		t.Errorf("a set whose parity differs: %+v", s)
	}
	if Sets([]Code{{Text: "plain"}}) != nil {
		t.Error("codes of no set make a set")
	}
}

// A set of Kanji text carries Shift JIS bytes, whose exclusive or is the
// parity data (ISO/IEC 18004:2015 §8.3): read back, the parity matches.
func TestReadKanjiSetParity(t *testing.T) {
	data := "日本語のテキスト漢字かな、東京都千代田区丸の内一丁目"
	set, err := render.EncodeAppend(data, render.LevelM, render.ECIUTF8, 2)
	if err != nil {
		t.Fatal(err)
	}
	codes, _ := Read(context.Background(), rowOf(t, set.Symbols), DefaultBudget)
	sets := Sets(codes)
	if len(sets) != 1 || !sets[0].Complete || sets[0].Text != data {
		t.Fatalf("sets %+v; want one complete set of the data", sets)
	}
	if m := sets[0].ParityMatches; m == nil || !*m || sets[0].Parity != int(set.Parity) {
		t.Errorf("parity %d (set's %d), matches %v: %s", sets[0].Parity, set.Parity, m, sets[0].Detail)
	}
}
