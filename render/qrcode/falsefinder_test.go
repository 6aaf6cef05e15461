package qrcode

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxingqr "github.com/makiuchi-d/gozxing/qrcode"
)

// detect reads s drawn at scale pixels a module with a quiet zone of four,
// finding it in the image as a camera app would: ZXing's detector first.
func detect(s *Symbol, scale int) (string, error) {
	side := (s.Size + 8) * scale
	img := image.NewGray(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			mx, my := x/scale-4, y/scale-4
			v := uint8(255)
			if mx >= 0 && my >= 0 && mx < s.Size && my < s.Size && s.Modules[my*s.Size+mx] {
				v = 0
			}
			img.SetGray(x, y, color.Gray{v})
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	r, err := zxingqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return "", err
	}
	return r.GetText(), nil
}

// falseFinderLink is a link whose symbol (11-H) scores best with mask 6,
// which leaves a 1:1:3:1:1 cross centred at module (49, 54): ZXing's
// detector takes it for the bottom-left finder and finds no symbol.
const falseFinderLink = "https://qrforge.example/7BGGrxUY9j9WiOPQJRWW9VClA4vWRiMzMtqLEJsMwIGXWfLVJqd_2IqbDaSJ1el1KH-8PEkvmNnqH5rXztSX2MeIkg3GBfjU3yV5mfZxNsWkXq"

func TestMaskLeavesNoFalseFinder(t *testing.T) {
	trap, err := EncodeMask([]byte(falseFinderLink), H, 6)
	if err != nil {
		t.Fatal(err)
	}
	if !hasFalseFinder(darkBytes(trap), trap.Size) {
		t.Error("mask 6 of the link: no false finder found")
	}
	if _, err := detect(trap, 8); err == nil {
		t.Error("mask 6 of the link reads: the example no longer shows the fault")
	}
	got, err := Encode([]byte(falseFinderLink), H)
	if err != nil {
		t.Fatal(err)
	}
	if got.Mask == 6 || hasFalseFinder(darkBytes(got), got.Size) {
		t.Errorf("mask %d chosen: want another without a false finder", got.Mask)
	}
	if text, err := detect(got, 8); text != falseFinderLink {
		t.Errorf("read %q (%v)", text, err)
	}
}

// Random links at every level read with ZXing's detector at 3 and 8 px a
// module; so do the same links grown four versions, whose pad codewords
// (§7.4.10) repeat. Before masks were checked for false finders, 28 of
// 1,616 such symbols at 8 px were not found.
func TestRandomLinksLeaveNoFalseFinder(t *testing.T) {
	rng := rand.New(rand.NewSource(2026))
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
	changed, n := 0, 0
	for i := range 160 {
		level := Level(i % 4)
		path := make([]byte, 5+rng.Intn(300))
		for j := range path {
			path[j] = alphabet[rng.Intn(len(alphabet))]
		}
		data := []byte("https://qrforge.example/" + string(path))
		plan, err := Fit(data, level)
		if err != nil {
			continue
		}
		for _, grow := range []int{0, 4} {
			if plan.Version+grow > 40 {
				continue
			}
			p, err := FitFrom(data, level, 0, plan.Version+grow)
			if err != nil {
				t.Fatal(err)
			}
			s, err := p.Symbol(level)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if s.Mask != bestPenaltyMask(data, level, s.Version) {
				changed++
			}
			for _, scale := range []int{3, 8} {
				if text, err := detect(s, scale); text != string(data) {
					t.Errorf("%d bytes at %s, version %d mask %d, %d px: read %q (%v)", len(data), level, s.Version, s.Mask, scale, text, err)
				}
			}
		}
	}
	t.Logf("%d of %d symbols take another mask than the lowest penalty", changed, n)
}

// bestPenaltyMask is the mask §7.8.3.1 alone would choose.
func bestPenaltyMask(data []byte, level Level, version int) int {
	p, _ := FitFrom(data, level, 0, version)
	best, mask := -1, 0
	for m := range 8 {
		s := build(p.bits, version, level, m)
		d := darkBytes(s)
		tr := make([]byte, len(d))
		transpose(tr, d, s.Size)
		if score := penalty(d, tr, s.Size); best < 0 || score < best {
			best, mask = score, m
		}
	}
	return mask
}
