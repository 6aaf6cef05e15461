package render

import "image"

// Darkness draws the symbol as PNG draws it with o's shapes, black on
// white, and returns how dark each pixel is, 0 (paper) to 255 (ink): the
// PNG's grey levels, without encoding a file to read it back. Analysis
// measures a style's dark area on it. Colours, logo, caption and frame
// in o are not drawn.
func Darkness(s *Symbol, o Options) (*image.Gray, error) {
	shapes := DefaultOptions()
	shapes.Module, shapes.Eye, shapes.EyeFrame, shapes.EyeBall = o.Module, o.Eye, o.EyeFrame, o.EyeBall
	shapes.Size, shapes.Margin = o.Size, o.Margin
	l, err := newLayout(s, &shapes)
	if err != nil {
		return nil, err
	}
	img := image.NewGray(image.Rect(0, 0, l.pxW, l.pxH))
	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	if shapes.plain() {
		stride := 1 + (l.pxW+7)/8
		rows := sc.rowBuffer(stride * l.pxH)
		plainRows(rows, s, l)
		for y := range l.pxH {
			row := rows[y*stride+1:]
			for x := range l.pxW {
				if row[x>>3]&(0x80>>(x&7)) != 0 {
					img.Pix[y*img.Stride+x] = 255
				}
			}
		}
		return img, nil
	}
	// The shades' palette runs from the background to the foreground
	// (shadePalette): white to black, so a shade's darkness is 255 less
	// its grey.
	var dark [shadeLevels]byte
	for i, c := range shadePalette(&shapes) {
		dark[i] = 255 - c.R
	}
	const depth = 8
	stride := rowStride(l.pxW, depth)
	rows := shadedRowsAt(sc, s, l, &shapes, depth)
	for y := range l.pxH {
		src := rows[y*stride+1 : (y+1)*stride]
		dst := img.Pix[y*img.Stride : y*img.Stride+l.pxW]
		for x, v := range src {
			dst[x] = dark[v]
		}
	}
	return img, nil
}
