package render

import (
	"image/color"
	"slices"
	"testing"
)

// TestLogoMasksAreKept: a plate's or icon's shades come from the kept
// mask when the same logo is drawn at the same place and scale again,
// and equal the path rasterized anew; another size is another mask.
func TestLogoMasksAreKept(t *testing.T) {
	wifi, _ := IconNamed("wifi")
	heart, _ := IconNamed("heart")
	for _, size := range []int{300, 512} {
		for _, ic := range []*Icon{wifi, heart} {
			o := DefaultOptions()
			o.Size = size
			o.Logo = &Logo{Size: 0.25, Padding: 1, Icon: ic, Plate: color.NRGBA{255, 244, 214, 255}, Rounded: true}
			s := o.Logo.knockOut(encodeFor(t, "https://example.com/logo-masks", &o))
			l, err := newLayout(s, &o)
			if err != nil {
				t.Fatal(err)
			}
			for _, plate := range []bool{true, false} {
				first := logoMaskOf(o.Logo, l, size, plate)
				again := logoMaskOf(o.Logo, l, size, plate)
				fresh := rasterLogoMask(o.Logo, l, size, plate)
				if first != again {
					t.Errorf("%s at %d px, plate %v: not kept", ic.Name, size, plate)
				}
				if first.box != fresh.box || !slices.Equal(first.shades, fresh.shades) {
					t.Errorf("%s at %d px, plate %v: kept mask differs from the path rasterized", ic.Name, size, plate)
				}
				if slices.Max(fresh.shades) != shadeLevels-1 {
					t.Errorf("%s at %d px, plate %v: no fully covered pixel", ic.Name, size, plate)
				}
			}
		}
	}
	o := DefaultOptions()
	o.Logo = &Logo{Size: 0.2, Padding: 1, Icon: wifi}
	s := o.Logo.knockOut(encodeFor(t, "https://example.com/logo-masks", &o))
	small, _ := newLayout(s, &o)
	o.Size *= 2
	large, _ := newLayout(s, &o)
	if a, b := logoMaskOf(o.Logo, small, o.Size/2, false), logoMaskOf(o.Logo, large, o.Size, false); a.box == b.box {
		t.Errorf("two sizes share a mask box %v", a.box)
	}
	if logoMaskOf(o.Logo, small, o.Size/2, true) != nil {
		t.Errorf("a mask for a plate the logo does not have")
	}
}
