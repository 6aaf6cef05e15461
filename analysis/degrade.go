package analysis

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
)

// Degradations model what happens between a rendered code and a phone's
// decoder (docs/robustness.md has the grid and its sources): distance,
// focus, motion, tilt, rotation, compression, sensor noise, lighting,
// glare, occlusion and faded print. Each takes a grey image, the way
// decoders see one, and returns a new image; the source is never changed.
// Randomness comes only from the rand.Rand passed in, so a seeded grid
// gives the same images on every run.

// light is the paper around a code when an image is turned or tilted.
const light = 255

// Enlarge scales g up by k > 1, each output pixel the source pixel under
// its centre. A rendered code's modules are whole pixels; enlarged so, each
// module stays one flat colour, where a box filter would grey the edges of
// every other module at a scale like 1.5 and lose a decoder the code that
// verify's decode check read as drawn.
func Enlarge(g *image.Gray, k float64) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	ow, oh := int(math.Round(float64(w)*k)), int(math.Round(float64(h)*k))
	out := image.NewGray(image.Rect(0, 0, ow, oh))
	cols := make([]int, ow)
	for x := range cols {
		cols[x] = min(w-1, int((float64(x)+0.5)/k))
	}
	for y := 0; y < oh; y++ {
		row := g.Pix[min(h-1, int((float64(y)+0.5)/k))*g.Stride:]
		dst := out.Pix[y*out.Stride : y*out.Stride+ow]
		for x, sx := range cols {
			dst[x] = row[sx]
		}
	}
	return out
}

// Resample scales g by k with a box filter: each output pixel is the mean
// of the source area it covers, as a camera sensor's pixel integrates the
// light that falls on it.
func Resample(g *image.Gray, k float64) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	ow, oh := max(1, int(math.Round(float64(w)*k))), max(1, int(math.Round(float64(h)*k)))
	out := image.NewGray(image.Rect(0, 0, ow, oh))
	sx, sy := float64(w)/float64(ow), float64(h)/float64(oh)
	for y := 0; y < oh; y++ {
		y0, y1 := float64(y)*sy, float64(y+1)*sy
		for x := 0; x < ow; x++ {
			x0, x1 := float64(x)*sx, float64(x+1)*sx
			var sum, area float64
			for py := int(y0); py < int(math.Ceil(y1)) && py < h; py++ {
				fy := min(y1, float64(py+1)) - max(y0, float64(py))
				row := g.Pix[py*g.Stride:]
				for px := int(x0); px < int(math.Ceil(x1)) && px < w; px++ {
					a := fy * (min(x1, float64(px+1)) - max(x0, float64(px)))
					sum += a * float64(row[px])
					area += a
				}
			}
			out.Pix[y*out.Stride+x] = clampByte(sum / area)
		}
	}
	return out
}

// GaussianBlur blurs g with a Gaussian of standard deviation sigma pixels,
// a lens out of focus; rows then columns, the kernel cut at 3 sigma.
func GaussianBlur(g *image.Gray, sigma float64) *image.Gray {
	if sigma <= 0 {
		return clone(g)
	}
	r := int(math.Ceil(3 * sigma))
	k := make([]float64, 2*r+1)
	var total float64
	for i := range k {
		d := float64(i - r)
		k[i] = math.Exp(-d * d / (2 * sigma * sigma))
		total += k[i]
	}
	for i := range k {
		k[i] /= total
	}
	return convolve(convolve(g, k, 1, 0), k, 0, 1)
}

// convolve applies the 1-D kernel k along (dx, dy), the edges extended.
func convolve(g *image.Gray, k []float64, dx, dy int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	r := len(k) / 2
	step := dx + dy*g.Stride
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var v float64
			if x-r*dx >= 0 && x+r*dx < w && y-r*dy >= 0 && y+r*dy < h {
				// Inside, no tap needs its edge extended.
				at := (y-r*dy)*g.Stride + x - r*dx
				for _, kv := range k {
					v += kv * float64(g.Pix[at])
					at += step
				}
			} else {
				for i, kv := range k {
					sx := min(max(x+(i-r)*dx, 0), w-1)
					sy := min(max(y+(i-r)*dy, 0), h-1)
					v += kv * float64(g.Pix[sy*g.Stride+sx])
				}
			}
			out.Pix[y*out.Stride+x] = clampByte(v)
		}
	}
	return out
}

// MotionBlur smears g along a line of length pixels at angle degrees, a
// hand that moves while the shutter is open.
func MotionBlur(g *image.Gray, length, angle float64) *image.Gray {
	n := max(1, int(math.Ceil(length)))
	a := angle * math.Pi / 180
	ux, uy := math.Cos(a), math.Sin(a)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	// Where along the line each sample lies, the same for every pixel.
	ts := make([]float64, n+1)
	for i := range ts {
		ts[i] = (float64(i)/float64(n) - 0.5) * length
	}
	// Pixels this far from the edges sample only inside g.
	reach := int(math.Ceil(length/2*max(math.Abs(ux), math.Abs(uy)))) + 1
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var v float64
			if x >= reach && x < w-1-reach && y >= reach && y < h-1-reach {
				v = lineSum(g, float64(x), float64(y), ux, uy, ts)
			} else {
				for _, t := range ts {
					v += bilinear(g, float64(x)+t*ux, float64(y)+t*uy)
				}
			}
			out.Pix[y*out.Stride+x] = clampByte(v / float64(n+1))
		}
	}
	return out
}

// lineSum adds bilinear's samples of g at (x, y) + t·(ux, uy) for each t,
// all inside g and off its last row and column, so none is clamped: the
// same sums, without bilinear's clamps.
func lineSum(g *image.Gray, x, y, ux, uy float64, ts []float64) float64 {
	var v float64
	for _, t := range ts {
		sx, sy := x+t*ux, y+t*uy
		x0, y0 := int(sx), int(sy)
		fx, fy := sx-float64(x0), sy-float64(y0)
		i := y0*g.Stride + x0
		top := float64(g.Pix[i])*(1-fx) + float64(g.Pix[i+1])*fx
		bottom := float64(g.Pix[i+g.Stride])*(1-fx) + float64(g.Pix[i+g.Stride+1])*fx
		v += top*(1-fy) + bottom*fy
	}
	return v
}

// Tilt views g turned by deg degrees about its vertical axis through a
// pinhole camera 2.5 sides away, as a phone held at an angle to the page:
// the near edge grows, the far one shrinks and the code narrows by the
// angle's cosine.
func Tilt(g *image.Gray, deg float64) *image.Gray {
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	side := math.Max(w, h)
	dist := 2.5 * side
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	out := image.NewGray(g.Rect)
	fill(out, light)
	cx, cy := w/2, h/2
	for y := 0; y < g.Rect.Dy(); y++ {
		for x := 0; x < g.Rect.Dx(); x++ {
			// The ray through the output pixel meets the turned page at
			// page coordinate u (along its width) and v.
			px, py := float64(x)+0.5-cx, float64(y)+0.5-cy
			u := px * dist / (dist*c - px*s)
			depth := dist + u*s
			v := py * depth / dist
			out.Pix[y*out.Stride+x] = clampByte(bilinearOr(g, u+cx-0.5, v+cy-0.5, light))
		}
	}
	return out
}

// Rotate turns g by deg degrees about its centre, on light paper grown to
// hold the turned corners.
func Rotate(g *image.Gray, deg float64) *image.Gray {
	a := deg * math.Pi / 180
	c, s := math.Cos(a), math.Sin(a)
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	// Less a hair: cos 90° is 6e-17, not 0.
	ow := int(math.Ceil(w*math.Abs(c) + h*math.Abs(s) - 1e-9))
	oh := int(math.Ceil(w*math.Abs(s) + h*math.Abs(c) - 1e-9))
	out := image.NewGray(image.Rect(0, 0, ow, oh))
	ocx, ocy := float64(ow)/2, float64(oh)/2
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			px, py := float64(x)+0.5-ocx, float64(y)+0.5-ocy
			out.Pix[y*out.Stride+x] = clampByte(bilinearOr(g, c*px+s*py+w/2-0.5, -s*px+c*py+h/2-0.5, light))
		}
	}
	return out
}

// JPEG compresses g at quality (1 to 100) and decodes it again, as a
// messaging app does to a photo of a code.
func JPEG(g *image.Gray, quality int) *image.Gray {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, g, &jpeg.Options{Quality: quality}); err != nil {
		return clone(g)
	}
	img, err := jpeg.Decode(&buf)
	if err != nil {
		return clone(g)
	}
	if gray, ok := img.(*image.Gray); ok {
		return gray
	}
	return grayOf(img)
}

// Noise adds Gaussian sensor noise of standard deviation sigma, a
// fraction of the range from black to white, as a dim scene gives.
func Noise(g *image.Gray, sigma float64, rng *rand.Rand) *image.Gray {
	out := clone(g)
	for i, v := range out.Pix {
		out.Pix[i] = clampByte(float64(v) + rng.NormFloat64()*sigma*255)
	}
	return out
}

// Lighting darkens g towards one side, at angle degrees, down to floor
// (a fraction) of its light: a shadow across the page.
func Lighting(g *image.Gray, floor, angle float64) *image.Gray {
	out := clone(g)
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	ux, uy := math.Cos(angle*math.Pi/180), math.Sin(angle*math.Pi/180)
	span := math.Abs(ux)*w + math.Abs(uy)*h
	for y := 0; y < g.Rect.Dy(); y++ {
		for x := 0; x < g.Rect.Dx(); x++ {
			t := ((float64(x)-w/2)*ux+(float64(y)-h/2)*uy)/span + 0.5
			i := y*out.Stride + x
			out.Pix[i] = clampByte(float64(out.Pix[i]) * (1 - (1-floor)*t))
		}
	}
	return out
}

// Glare brightens a round spot of radius r pixels at (cx, cy) towards
// white, by strength at its centre: a lamp reflected in glossy print.
func Glare(g *image.Gray, cx, cy, r, strength float64) *image.Gray {
	out := clone(g)
	for y := 0; y < g.Rect.Dy(); y++ {
		for x := 0; x < g.Rect.Dx(); x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			k := strength * math.Exp(-(dx*dx+dy*dy)/(2*r*r))
			i := y*out.Stride + x
			v := float64(out.Pix[i])
			out.Pix[i] = clampByte(v + (255-v)*k)
		}
	}
	return out
}

// Occlude covers the rectangle r with grey v: a sticker, a thumb, a fold.
func Occlude(g *image.Gray, r image.Rectangle, v uint8) *image.Gray {
	out := clone(g)
	r = r.Intersect(out.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			out.Pix[y*out.Stride+x] = v
		}
	}
	return out
}

// Fade lifts the dark towards the light so that only contrast (a
// fraction) of the range between them is left: worn toner, a cheap
// printer, sun-bleached paper.
func Fade(g *image.Gray, contrast float64) *image.Gray {
	out := clone(g)
	for i, v := range out.Pix {
		out.Pix[i] = clampByte(255 - (255-float64(v))*contrast)
	}
	return out
}

func clone(g *image.Gray) *image.Gray {
	out := image.NewGray(image.Rect(0, 0, g.Rect.Dx(), g.Rect.Dy()))
	for y := 0; y < g.Rect.Dy(); y++ {
		copy(out.Pix[y*out.Stride:y*out.Stride+g.Rect.Dx()], g.Pix[y*g.Stride:])
	}
	return out
}

func fill(g *image.Gray, v uint8) {
	for i := range g.Pix {
		g.Pix[i] = v
	}
}

// bilinear samples g at (x, y), pixel centres at whole numbers, the
// edges extended. The grid samples a version-40 code tens of millions of
// times a score, so this is bilinearOr's arithmetic written out: the
// built-in min and max, which the compiler inlines, give math.Min's
// results, and a truncation is the floor of a coordinate clamped to 0 or
// more.
func bilinear(g *image.Gray, x, y float64) float64 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	x, y = min(max(x, 0), float64(w-1)), min(max(y, 0), float64(h-1))
	x0, y0 := int(x), int(y)
	fx, fy := x-float64(x0), y-float64(y0)
	x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
	r0, r1 := g.Pix[y0*g.Stride:], g.Pix[y1*g.Stride:]
	top := float64(r0[x0])*(1-fx) + float64(r0[x1])*fx
	bottom := float64(r1[x0])*(1-fx) + float64(r1[x1])*fx
	return top*(1-fy) + bottom*fy
}

// bilinearOr samples g at (x, y), or gives outside beyond its edges.
func bilinearOr(g *image.Gray, x, y, outside float64) float64 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if x < -0.5 || y < -0.5 || x > float64(w)-0.5 || y > float64(h)-0.5 {
		return outside
	}
	x0, y0 := floorInt(x), floorInt(y)
	fx, fy := x-float64(x0), y-float64(y0)
	xa, xb := max(x0, 0), min(x0+1, w-1)
	r0, r1 := g.Pix[max(y0, 0)*g.Stride:], g.Pix[min(y0+1, h-1)*g.Stride:]
	top := float64(r0[xa])*(1-fx) + float64(r0[xb])*fx
	bottom := float64(r1[xa])*(1-fx) + float64(r1[xb])*fx
	return top*(1-fy) + bottom*fy
}

// floorInt is math.Floor(v) as an int, for v well inside an int's range,
// without math.Floor's call.
func floorInt(v float64) int {
	i := int(v)
	if float64(i) > v {
		i--
	}
	return i
}

// clampByte is v rounded half away from zero (math.Round) into 0 to 255.
// Every grid pixel passes here: for v in range the fraction, which a
// float64 holds exactly, decides the rounding without math.Round's bit
// work.
func clampByte(v float64) uint8 {
	switch {
	case v < 0: // math.Round gives 0, -0 or less
		return 0
	case v >= 255:
		return 255
	}
	i := int(v)
	if v-float64(i) >= 0.5 {
		i++
	}
	return uint8(i)
}
